import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/**
 * Export jobs of the download centre (docs/decisions/0022). A worker claims a queued job (or a
 * running one whose lease ran out: its instance died) with FOR UPDATE SKIP LOCKED, writes the
 * file and keeps `lease_until` ahead while it works; every write of the worker names its
 * `claim_token`, so a job another instance has taken over is never finished twice.
 */
export const downloadJobs = pgTable(
  'download_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    templateName: text('template_name').notNull(),
    /** The template's parameters as validated by its schema. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** Template name and canonical parameters: an identical request while this one is unfinished gets this job. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The caller's language when asked: the file's header and name. */
    lang: text('lang').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    /** Who works on it: a new token per claim. */
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    /** Why it failed: a message key and its parameters, shown in the reader's language. */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    check('download_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled', 'expired')`),
    // At most one unfinished job per caller and request: the second click gets the first job.
    uniqueIndex('download_jobs_dedupe_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    // The claim: queued and running jobs, oldest first.
    index('download_jobs_claim_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    // The caller's list, newest first.
    index('download_jobs_user_idx').on(t.userId, t.id),
    // The sweep of expired files.
    index('download_jobs_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'done'`),
  ],
);
