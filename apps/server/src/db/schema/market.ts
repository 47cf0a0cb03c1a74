import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Market intelligence (docs/decisions/0025). Drug, competitor and indication names are data
 * management's (modules/reference); doctor ids are the customers module's, checked through its
 * scope helpers when read. Patient figures are aggregates only: no row names a patient.
 */

/** A burst of public opinion about one drug (a news story, a safety report, a policy change). */
export const opinionEvents = pgTable('opinion_events', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  medicine: text('medicine').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/** One public-opinion item with its sentiment, scored on the server from the lexicon of `lexicon_version`. */
export const opinionItems = pgTable(
  'opinion_items',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    text: text('text').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    medicine: text('medicine').notNull(),
    indication: text('indication').notNull().default(''),
    doctorId: integer('doctor_id'),
    eventId: integer('event_id').references(() => opinionEvents.id, { onDelete: 'set null' }),
    sentiment: text('sentiment').notNull().default('neutral'),
    score: real('score').notNull().default(0),
    /** The words that scored, with their negations and degree words (SentimentExplanation). */
    explanation: jsonb('explanation')
      .notNull()
      .default(sql`'{"hits":[],"score":0}'::jsonb`),
    /** The lexicon the sentiment was computed with; the sentiment job rescored items of another. */
    lexiconVersion: text('lexicon_version').notNull().default(''),
  },
  (t) => [
    check('opinion_items_sentiment_check', sql`${t.sentiment} in ('positive', 'negative', 'neutral')`),
    index('opinion_items_medicine_time_idx').on(t.medicine, t.publishedAt),
    index('opinion_items_event_idx').on(t.eventId, t.id),
    index('opinion_items_doctor_idx').on(t.doctorId),
    index('opinion_items_version_idx').on(t.lexiconVersion),
  ],
);

/** Monthly market figures of a drug (own or competitor) in a province. */
export const marketFigures = pgTable(
  'market_figures',
  {
    medicine: text('medicine').notNull(),
    provinceCode: text('province_code').notNull(),
    month: date('month').notNull(),
    salesUnits: integer('sales_units').notNull(),
    searchIndex: integer('search_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicine, t.month, t.provinceCode] })],
);

/** Online consultations a doctor answered about a drug in an indication, per month. */
export const onlineConsultations = pgTable(
  'online_consultations',
  {
    doctorId: integer('doctor_id').notNull(),
    medicine: text('medicine').notNull(),
    indication: text('indication').notNull(),
    month: date('month').notNull(),
    consultations: integer('consultations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicine, t.indication, t.doctorId, t.month] })],
);

/** Aggregate patient counts by drug, indication, province, age band, gender and stage. */
export const patientGroups = pgTable(
  'patient_groups',
  {
    medicine: text('medicine').notNull(),
    indication: text('indication').notNull(),
    provinceCode: text('province_code').notNull(),
    ageBand: text('age_band').notNull(),
    gender: text('gender').notNull(),
    stage: text('stage').notNull(),
    patients: integer('patients').notNull(),
  },
  (t) => [primaryKey({ columns: [t.medicine, t.indication, t.provinceCode, t.ageBand, t.gender, t.stage] })],
);
