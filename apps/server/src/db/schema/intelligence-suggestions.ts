import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Smart suggestions (docs/decisions/0029): one row per representative, doctor and category,
 * written by the suggestions job. Open rows are replaced on each run; rows with feedback (done,
 * dismissed) stay, and keep the same doctor and category out of the list until `suppressed_until`.
 * Users and doctors are referenced by id only (other modules' tables).
 */
export const intelSuggestions = pgTable(
  'intel_suggestions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    category: text('category').notNull(),
    priority: smallint('priority').notNull(),
    /** [{code, points, evidence}] */
    reasons: jsonb('reasons').notNull(),
    status: text('status').notNull().default('open'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    suppressedUntil: timestamp('suppressed_until', { withTimezone: true }),
  },
  (t) => [
    index('intel_suggestions_list_idx').on(t.userId, t.category, t.status, t.priority.desc(), t.id),
    index('intel_suggestions_feedback_idx').on(t.userId, t.doctorId, t.category),
    check('intel_suggestions_category_check', sql`${t.category} in ('visit', 'academic', 'kol')`),
    check('intel_suggestions_status_check', sql`${t.status} in ('open', 'done', 'dismissed')`),
  ],
);

/** The suggestions job: one row per request (a user, or every user with the menu when null), claimed FOR UPDATE SKIP LOCKED. */
export const intelSuggestionJobs = pgTable(
  'intel_suggestion_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    status: text('status').notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    stats: jsonb('stats')
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text('error'),
  },
  (t) => [
    index('intel_suggestion_jobs_status_idx').on(t.status, t.id),
    index('intel_suggestion_jobs_user_idx').on(t.userId, t.id),
    check('intel_suggestion_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
