import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Tables of employee card feed. */

/**
 * How many cards each recipient has an unread delivery of: the feed's badge and openCard's
 * answer read it instead of counting the recipient's deliveries. Kept by the triggers on
 * deliveries, whoever writes them (docs/decisions/0016): feed_unread_after_insert / _delete
 * (migration feed_unread) and, for first opens, deliveries_first_open (migration feed_open_cards).
 */
export const feedUnread = pgTable('feed_unread', {
  wwid: text('wwid').primaryKey(),
  unread: integer('unread').notNull().default(0),
});
