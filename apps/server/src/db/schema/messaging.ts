import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/** Tables of real-time notices and messaging (docs/decisions/0006). */

/** A conversation between two users; `user_a` is always the smaller user id, so a pair has one conversation. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userA: integer('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: integer('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time of the newest message (the list's order); the creation time until the first one. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_pair_check', sql`${t.userA} < ${t.userB}`),
    uniqueIndex('conversations_pair_idx').on(t.userA, t.userB),
    index('conversations_user_b_idx').on(t.userB),
  ],
);

/** One chat message; `content` is JSON text ({"type":"text","text":…}), `read_at` set when the recipient reads it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    // Today's messages: a user's received messages by time.
    index('chat_messages_recipient_idx').on(t.recipientId, t.createdAt),
    // Unread counts.
    index('chat_messages_unread_idx')
      .on(t.recipientId, t.conversationId)
      .where(sql`${t.readAt} is null`),
  ],
);
