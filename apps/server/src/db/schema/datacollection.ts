import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/** Data-collection requests (spec 001 section 3; docs/decisions/0028): the form, its attachment's storage key, and where it stands. */
export const dataCollectionRequests = pgTable(
  'data_collection_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    sourcePlatform: text('source_platform').notNull().default(''),
    content: text('content').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    realTime: boolean('real_time').notNull().default(false),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    wechat: text('wechat').notNull().default(''),
    qq: text('qq').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    status: text('status').notNull().default('submitted'),
    reply: text('reply').notNull().default(''),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('data_collection_user_idx').on(t.userId, t.id),
    index('data_collection_status_idx').on(t.status, t.id),
    check('data_collection_status_check', sql`${t.status} in ('submitted', 'accepted', 'inProgress', 'delivered', 'rejected')`),
  ],
);
