import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/**
 * Personal access tokens of service accounts (the auth module's table; docs/decisions/0050): a
 * master-data system calls the import API with one. Only the SHA-256 of the token is kept; the
 * token itself is shown once, when an administrator creates it.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so a list can tell tokens apart without holding them. */
    hint: text('hint').notNull(),
    /** The account the token acts as. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The menu authorities it may use (import grants only). */
    grants: jsonb('grants').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdById: integer('created_by_id').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_tokens_hash_idx').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);
