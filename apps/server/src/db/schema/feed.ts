import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Tables of employee card feed. */

/**
 * How many cards each recipient has an unread delivery of: the feed's badge and openCard's
 * answer read it instead of counting the recipient's deliveries. Kept by the triggers
 * feed_unread_after_insert / _update / _delete on deliveries (migration feed_unread), whoever
 * writes the deliveries (docs/decisions/0016).
 */
export const feedUnread = pgTable('feed_unread', {
  wwid: text('wwid').primaryKey(),
  unread: integer('unread').notNull().default(0),
});
