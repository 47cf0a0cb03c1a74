import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in throttling state shared by every instance (docs/decisions/0014): one row per key,
 * `pair:<address>|<username>` (an account from one address), `addr:<address>` (every account from
 * one address) or `acct:<username>` (an account from every address, a delay only). Usernames are
 * kept as typed (lower case), whether or not an account has them, so the answers cannot tell.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Real-time notices as written (docs/decisions/0014): a row in the transaction that makes the
 * notice true, and a NOTIFY naming it at its commit. An instance whose LISTEN connection was cut
 * reads the rows it may have missed when it is back; rows are kept for an hour.
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('notice_outbox_created_at_idx').on(t.createdAt)],
);
