import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, pgView, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/**
 * Tasks, visit records, call records (docs/decisions/0019). Doctors belong to the customers
 * area: rows here keep the doctor's id, and every read filters through its scope condition.
 */

/** A task given to a principal (spec 001 sections 2.4 and 7.5). */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    classification: text('classification').notNull().default('other'),
    principalId: integer('principal_id')
      .notNull()
      .references(() => users.id),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** 0 to do, 1 in progress, 2 done, 3 cancelled. */
    status: smallint('status').notNull().default(0),
    priority: smallint('priority').notNull().default(1),
    doctorId: integer('doctor_id'),
    meetingId: integer('meeting_id'),
    /** Planned visits (classification visit) keep their channel here. */
    channel: text('channel'),
    forwards: integer('forwards').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_principal_idx').on(t.principalId, t.dueAt, t.id),
    index('tasks_creator_idx').on(t.creatorId, t.createdAt, t.id),
    index('tasks_doctor_idx').on(t.doctorId, t.dueAt, t.id),
  ],
);

/** Every change of a task; forward rows make the forwarding chain. */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id),
    toUserId: integer('to_user_id').references(() => users.id),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_logs_task_idx').on(t.taskId, t.id)],
);

/** One visit of one representative to one doctor (a group visit is one row per doctor). */
export const visitRecords = pgTable(
  'visit_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    doctorId: integer('doctor_id').notNull(),
    visitAt: timestamp('visit_at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    /** 0 not submitted, 1 submitted (locked). */
    status: smallint('status').notNull().default(0),
    /** 0 manual, 1 system generated. */
    type: smallint('type').notNull().default(0),
    groupId: uuid('group_id'),
    purpose: text('purpose').notNull().default(''),
    feedback: text('feedback').notNull().default(''),
    nextStep: text('next_step').notNull().default(''),
    durationSeconds: integer('duration_seconds'),
    /** The effective-visit rule's answer, set when submitted (packages/shared isEffectiveVisit). */
    effective: boolean('effective').notNull().default(false),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    callId: text('call_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The user's visits newest first, carrying what the per-channel counts (groupByRecordType) and
    // the scope check read, so both are answered from the index alone (docs/decisions/0033).
    index('visit_records_user_idx').on(t.userId, t.visitAt, t.id, t.doctorId, t.channel, t.status, t.effective),
    index('visit_records_doctor_idx').on(t.doctorId, t.visitAt, t.id),
    uniqueIndex('visit_records_call_idx').on(t.callId),
    // The report screens' date window over every representative (docs/decisions/0033).
    index('visit_records_time_idx').on(t.visitAt),
  ],
);

/** Products discussed on a visit. */
export const visitProducts = pgTable(
  'visit_products',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visitRecords.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('visit_products_visit_idx').on(t.visitId)],
);

/** Key messages delivered for a product on a visit. */
export const visitKeyMessages = pgTable(
  'visit_key_messages',
  {
    id: serial('id').primaryKey(),
    visitProductId: integer('visit_product_id')
      .notNull()
      .references(() => visitProducts.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('visit_key_messages_product_idx').on(t.visitProductId)],
);

/** A phone call placed through the call system (udesk). */
export const callRecords = pgTable(
  'call_records',
  {
    id: serial('id').primaryKey(),
    callId: text('call_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    doctorId: integer('doctor_id').notNull(),
    direction: text('direction').notNull().default('out'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The doctor's hospital and province as the doctor row has them (null once the doctor no longer
     * exists), set by a trigger on insert and moved by the doctors triggers, as visit_doctor_days
     * carries them: a scoped or province report reads its calls through these (decision 0033).
     */
    hospitalId: integer('hospital_id'),
    provinceCode: text('province_code'),
  },
  (t) => [
    index('call_records_user_idx').on(t.userId, t.startedAt, t.id),
    index('call_records_doctor_idx').on(t.doctorId, t.startedAt, t.id),
    index('call_records_time_idx').on(t.startedAt),
    index('call_records_province_idx').on(t.provinceCode, t.startedAt),
  ],
);

/** The transcript of a call, one row per message. */
export const callMessages = pgTable(
  'call_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    callRecordId: integer('call_record_id')
      .notNull()
      .references(() => callRecords.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('call_messages_seq_idx').on(t.callRecordId, t.seq)],
);

/**
 * The doctor's business record: a view (UNION ALL) over visits, calls and tasks, never a copy.
 * Its SQL is in the activity migration.
 */
export const doctorBusinessRecord = pgView('doctor_business_record', {
  kind: text('kind').notNull(),
  id: integer('id').notNull(),
  doctorId: integer('doctor_id').notNull(),
  userId: integer('user_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  title: text('title').notNull(),
  status: smallint('status'),
  channel: text('channel'),
  effective: boolean('effective'),
}).existing();
