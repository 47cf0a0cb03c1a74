import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImportNote } from '@field-portal/shared';
import { users } from './org.js';

/**
 * The import centre's tables (docs/decisions/0042). A job is claimed as the download centre's
 * are (lease, FOR UPDATE SKIP LOCKED, a claim token on every later write); its rows are staged
 * in `import_rows`, where every check is one statement over the whole file.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    /** sha256 of the file: the same file while its dry run is under way gives that job. */
    digest: text('digest').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The uploader's language: the error file's header. */
    lang: text('lang').notNull(),
    /** Records of the kind missing from the file are deactivated by the commit. */
    fullList: boolean('full_list').notNull().default(false),
    stage: text('stage').notNull().default('dryRun'),
    status: text('status').notNull().default('queued'),
    mode: text('mode'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** The dry run's counts {rows, new, changed, unchanged, refused}. */
    counts: jsonb('counts').$type<Record<string, number>>(),
    /** What the commit wrote {new, changed, unchanged, deactivated}. */
    committed: jsonb('committed').$type<Record<string, number>>(),
    /** The file's header as read, for the error file. */
    header: jsonb('header').$type<string[]>(),
    /** Lines under the table taken as notes, not rows: [{row, text}] (migration 0042). */
    notes: jsonb('notes').$type<ImportNote[]>(),
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'done', 'failed', 'superseded')`),
    check('import_jobs_stage_check', sql`${t.stage} in ('dryRun', 'commit')`),
    // The same file while its dry run is under way is that dry run; a finished one is of its moment (migration 0041).
    uniqueIndex('import_jobs_dedupe_idx')
      .on(t.userId, t.kind, t.digest, t.fullList)
      .where(sql`${t.status} in ('queued', 'running') and ${t.stage} = 'dryRun'`),
    index('import_jobs_claim_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('import_jobs_user_idx').on(t.userId, t.id),
  ],
);

/** One data row of an import's file: what it says (by column key), what it resolved to, and its problems. */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row's line in the file. */
    line: integer('line').notNull(),
    /** The row's cells as uploaded (the error file repeats them). */
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** The normalised values by column key. */
    v: jsonb('v').$type<Record<string, string>>().notNull(),
    /** Reference codes and ids the checks resolved (by key). */
    r: jsonb('r')
      .$type<Record<string, string | number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Full pinyin and initials of the name (customers' search columns). */
    pinyin: text('pinyin').notNull().default(''),
    initials: text('initials').notNull().default(''),
    /** [{k: message key, f: column key, p: params}]. */
    errors: jsonb('errors')
      .$type<{ k: string; f?: string; p?: Record<string, string | number> }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** new, changed or unchanged once checked. */
    action: text('action'),
    targetId: integer('target_id'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] })],
);
