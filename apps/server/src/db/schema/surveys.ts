import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SurveySchema } from '@field-portal/shared';
import { users } from './org.js';

/** Surveys (docs/decisions/0021): the questions as a JSON schema the shared zod schema checks. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    schema: jsonb('schema').$type<SurveySchema>().notNull(),
    /** all | users (survey_audience) */
    audience: text('audience').notNull().default('all'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    allowRepeat: boolean('allow_repeat').notNull().default(false),
    /** draft | published | closed */
    status: text('status').notNull().default('draft'),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** Kept by submitAnswer in its transaction. */
    responseCount: integer('response_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('surveys_status_check', sql`${t.status} in ('draft', 'published', 'closed')`),
    check('surveys_audience_check', sql`${t.audience} in ('all', 'users')`),
    index('surveys_author_idx').on(t.authorId, t.id.desc()),
    index('surveys_published_idx')
      .on(t.endTime)
      .where(sql`${t.status} = 'published'`),
  ],
);

export const surveyAudience = pgTable(
  'survey_audience',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index('survey_audience_user_idx').on(t.userId)],
);

/** Who answered how often: one answer per person is enforced here, also for anonymous surveys. */
export const surveyRespondents = pgTable(
  'survey_respondents',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: integer('answers').notNull().default(1),
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

/** One answer; `user_id` stays empty when the survey is anonymous. */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('survey_responses_survey_idx').on(t.surveyId, t.id.desc())],
);

/**
 * Answer counts per question, row (matrix; '' otherwise) and option or value, kept by submitAnswer:
 * results of 100,000 answers read a few hundred rows instead of every answer.
 */
export const surveyAnswerCounts = pgTable(
  'survey_answer_counts',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    rowId: text('row_id').notNull().default(''),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
    /** Sum of numeric answers (number and rating questions keep one row with value ''). */
    total: doublePrecision('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.questionId, t.rowId, t.value] })],
);
