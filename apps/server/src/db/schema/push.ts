import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { cards } from './cards.js';

/** Push ids (the spec's pushId): one per push request, shared by its queue entries. */
export const pushIdSequence = pgSequence('push_id_seq', { startWith: 1, increment: 1 });

/**
 * One queue entry (the spec's queueId): one card in one push. The scheduler fires it when
 * `push_date` has come (queued → fired, exactly once); cancel turns a queued one cancelled.
 */
export const pushes = pgTable(
  'pushes',
  {
    /** queueId */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** pushId: the push request this entry belongs to. */
    pushId: bigint('push_id', { mode: 'number' }).notNull(),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    /** When it is due; "send immediately" stores the time of the request. */
    pushDate: timestamp('push_date', { withTimezone: true }).notNull(),
    /** 0 all staff, 1 uploaded list, 2 named staff. */
    scope: smallint('scope').notNull(),
    remark: jsonb('remark').$type<Record<string, unknown>>().notNull(),
    mustRead: boolean('must_read').notNull().default(false),
    /** Must-read option: the card stays on top of each recipient's feed while they have not read it. */
    keepOnTop: boolean('keep_on_top').notNull().default(false),
    /** Hours unread before a must-read delivery is sent again. */
    notReadTime: integer('not_read_time').notNull().default(24),
    /** Sends in all, the first included. */
    pushNum: integer('push_num').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('queued'),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    /** Deliveries made when it fired: the read-details total without counting 100,000 rows. */
    deliveredCount: integer('delivered_count').notNull().default(0),
    /**
     * Deliveries of this entry opened at least once. Kept by the trigger deliveries_first_open
     * (migration 0003_platform; one UPDATE per statement since migration feed_open_cards), so the read dashboards sum a few thousand queue entries instead of
     * scanning every delivery (docs/decisions/0008).
     */
    readCount: integer('read_count').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Pin of the published card (spec 000 section 3, top settings); permanent is always false. */
    top: boolean('top').notNull().default(false),
    topStartTime: timestamp('top_start_time', { withTimezone: true }),
    topEndTime: timestamp('top_end_time', { withTimezone: true }),
    permanent: boolean('permanent').notNull().default(false),
  },
  (t) => [
    check('pushes_status_check', sql`${t.status} in ('queued', 'fired', 'cancelled')`),
    check('pushes_scope_check', sql`${t.scope} in (0, 1, 2)`),
    check('pushes_resend_check', sql`${t.notReadTime} > 0 and ${t.pushNum} > 0`),
    check('pushes_keep_on_top_check', sql`${t.mustRead} or not ${t.keepOnTop}`),
    // The scheduler's claim: due queued entries, oldest first.
    index('pushes_due_idx')
      .on(t.pushDate, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('pushes_card_idx').on(t.cardId, t.id),
    index('pushes_push_id_idx').on(t.pushId),
    // The dashboards: queue entries by due time, and fired ones by firing time.
    index('pushes_push_date_idx').on(t.pushDate),
    index('pushes_fired_at_idx')
      .on(t.firedAt)
      .where(sql`${t.status} = 'fired'`),
  ],
);

/** The chosen recipients of a push with scope 1 (uploaded list) or 2 (named staff). */
export const pushRecipients = pgTable(
  'push_recipients',
  {
    pushId: bigint('push_id', { mode: 'number' }).notNull(),
    wwid: text('wwid').notNull(),
    name: text('name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.pushId, t.wwid] })],
);

/**
 * One delivery of a queue entry to one recipient; the unique key makes firing idempotent
 * (INSERT ... ON CONFLICT DO NOTHING). Read state and must-read resends live here.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    /** No foreign key: a per-row check would slow the 100,000-row INSERT ... SELECT; deleteCard removes them. */
    queueId: bigint('queue_id', { mode: 'number' }).notNull(),
    cardId: bigint('card_id', { mode: 'number' }).notNull(),
    wwid: text('wwid').notNull(),
    name: text('name').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    /** First time the recipient opened the card; null while unread. */
    firstOpenTime: timestamp('first_open_time', { withTimezone: true }),
    /** When a must-read reminder is due; null when none is (not must-read, read, or out of sends). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
  },
  (t) => [
    // Read details and marking read walk (queue_id, wwid); a recipient's cards go through pushes.card_id.
    primaryKey({ columns: [t.queueId, t.wwid] }),
    // Only pending reminders are indexed, so a plain push writes no row into it.
    index('deliveries_next_send_idx')
      .on(t.nextSendAt)
      .where(sql`${t.nextSendAt} is not null`),
    // The employee feed (docs/decisions/0007): a recipient's deliveries, and of one card straight away.
    index('deliveries_wwid_card_idx').on(t.wwid, t.cardId, t.sentAt, t.queueId),
  ],
);
