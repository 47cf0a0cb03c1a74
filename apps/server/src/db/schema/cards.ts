import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CardContent, CardRemark } from '@field-portal/shared';
import { files } from './files.js';

/** Card ids: allocated when the creation screen opens, before the card is saved (spec 000 section 3). */
export const cardIdSequence = pgSequence('card_id_seq', { startWith: 1, increment: 1 });

/**
 * An id handed out by newCardId and not yet saved as a card: it belongs to the user it was
 * reserved for. Saving the card turns the reservation into a `cards` row (one transaction).
 */
export const cardReservations = pgTable('card_reservations', {
  id: bigint('id', { mode: 'number' })
    .primaryKey()
    .default(sql`nextval('card_id_seq')`),
  reservedBy: text('reserved_by').notNull(),
  reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
});

/** Content cards (spec 000 section 3). */
export const cards = pgTable(
  'cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** Validated by the shared zod schema before it is stored (ARCHITECTURE.md). */
    content: jsonb('content').$type<CardContent>().notNull(),
    /** The title, for search (trigram index below); follows the content by itself. */
    title: text('title').generatedAlwaysAs(sql`coalesce(content ->> 'titleName', '')`),
    status: text('status').notNull(),
    createBy: text('create_by').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    lastPushTime: timestamp('last_push_time', { withTimezone: true }),
    pushId: bigint('push_id', { mode: 'number' }),
    queueId: bigint('queue_id', { mode: 'number' }),
    remark: jsonb('remark').$type<CardRemark>(),
    /** System-generated cards carry a source or template; lists exclude them (spec 000 section 9). */
    source: text('source').notNull().default(''),
    template: text('template').notNull().default(''),
  },
  (t) => [
    // The list filters `top` and "all" are not stored statuses.
    check('cards_status_check', sql`${t.status} in ('draft', 'created', 'publish', 'notPushed', 'queue')`),
    // Lists: by status, newest first (spec 000 section 4), and "mine only".
    index('cards_status_create_time_idx').on(t.status, t.createTime.desc(), t.id.desc()),
    index('cards_create_by_status_create_time_idx').on(t.createBy, t.status, t.createTime.desc()),
    // The published list: newest push first.
    index('cards_status_last_push_time_idx').on(t.status, t.lastPushTime.desc(), t.id.desc()),
    // The "all" filter spans statuses, so it needs create_time on its own.
    index('cards_create_time_idx').on(t.createTime.desc(), t.id.desc()),
    // The search box matches any part of the title: ILIKE '%text%' through trigrams.
    index('cards_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/**
 * A card's uploads (spec 000 section 5): the file's bytes and metadata are the one file store's
 * (`files`, docs/decisions/0059); this row says which card it was uploaded for and as what.
 */
export const cardFiles = pgTable(
  'card_files',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [check('card_files_kind_check', sql`${t.kind} in ('avatar', 'image', 'attachment')`), index('card_files_card_idx').on(t.cardId)],
);
