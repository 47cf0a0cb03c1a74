import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every stored upload (docs/decisions/0059): the bytes live in the file store under `storage_key`,
 * what is known about them here. The area that took the upload links its own rows to it (a card's
 * files, an article's cover, an app's icon by its url, a meeting's poster, a request's attachment).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    /** The area that took the upload: cards | content | appcentre | meetings | datacollection. */
    area: text('area').notNull(),
    /** The uploader's file name, cleaned; metadata only, never a path. Empty where the area kept none. */
    name: text('name').notNull(),
    /** The type read from the bytes, not from the name or the request. */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** sha256 of the bytes, hex; null for files stored before the store kept one. */
    digest: text('digest'),
    storageKey: text('storage_key').notNull(),
    /** The uploader's user id (null where the area kept only the account name). */
    uploadedBy: integer('uploaded_by'),
    /** The uploader's account name. */
    owner: text('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('files_storage_key_idx').on(t.storageKey), index('files_area_idx').on(t.area, t.createdAt)],
);
