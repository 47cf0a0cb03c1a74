import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Doctor intelligence (docs/decisions/0024). The academic record of doctors (papers, their
 * authors, academic posts) is this module's own data; doctors are the customers module's and are
 * referenced by id only (their scope is checked through that module's service). Scores,
 * relations and network metrics are results of the recompute job, stored so reads are cheap.
 */

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const intelPapers = pgTable(
  'intel_papers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Data management's journal (by id and by name, as it was when the paper was recorded). */
    journalId: integer('journal_id'),
    journal: text('journal').notNull(),
    core: boolean('core').notNull().default(false),
    year: smallint('year').notNull(),
    citations: integer('citations').notNull().default(0),
    indication: text('indication').notNull().default(''),
  },
  (t) => [index('intel_papers_indication_idx').on(t.indication, t.year)],
);

export const intelPaperAuthors = pgTable(
  'intel_paper_authors',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => intelPapers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id').notNull(),
    /** 1 first author, 2 co-author, 3 corresponding author. */
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.doctorId] }), index('intel_paper_authors_doctor_idx').on(t.doctorId, t.paperId)],
);

/** Academic posts and records: advisory boards, guidelines, committees, associations, trials, conferences, editorial boards, NSFC projects, patient education. */
export const intelAcademicItems = pgTable(
  'intel_academic_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    doctorId: integer('doctor_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    year: smallint('year').notNull(),
  },
  (t) => [
    index('intel_academic_items_doctor_idx').on(t.doctorId, t.kind),
    check(
      'intel_academic_items_kind_check',
      sql`${t.kind} in ('advisory', 'guideline', 'committee', 'association', 'trial', 'conference', 'editorial', 'nsfc', 'education')`,
    ),
  ],
);

/** The weight of each KOL dimension (administrators edit them; a recompute applies them). */
export const intelKolWeights = pgTable('intel_kol_weights', {
  dimension: text('dimension').primaryKey(),
  weight: real('weight').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One doctor's score for one indication, with each dimension's raw value and percentile. */
export const intelKolScores = pgTable(
  'intel_kol_scores',
  {
    indication: text('indication').notNull(),
    doctorId: integer('doctor_id').notNull(),
    /** Copies of the doctor's primary hospital and province, so the data scope filters this table alone. */
    hospitalId: integer('hospital_id').notNull(),
    provinceCode: text('province_code').notNull(),
    score: real('score').notNull(),
    tier: text('tier').notNull(),
    /** {dimension: raw value} */
    raw: jsonb('raw').notNull(),
    /** {dimension: percentile 0–100} */
    pct: jsonb('pct').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.indication, t.doctorId] }),
    index('intel_kol_scores_rank_idx').on(t.indication, t.score.desc(), t.doctorId),
    index('intel_kol_scores_province_idx').on(t.indication, t.provinceCode, t.score.desc(), t.doctorId),
    index('intel_kol_scores_doctor_idx').on(t.doctorId),
  ],
);

/** Doctor–doctor relations, each pair once (a < b) per type, with the evidence in words. */
export const intelRelations = pgTable(
  'intel_relations',
  {
    a: integer('a').notNull(),
    b: integer('b').notNull(),
    type: text('type').notNull(),
    weight: real('weight').notNull(),
    count: integer('count').notNull(),
    firstYear: smallint('first_year').notNull(),
    lastYear: smallint('last_year').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.a, t.b, t.type] }),
    index('intel_relations_b_idx').on(t.b, t.a),
    check('intel_relations_type_check', sql`${t.type} in ('coauthor', 'cospeaker', 'coattend')`),
    check('intel_relations_order_check', sql`${t.a} < ${t.b}`),
  ],
);

/** Network metrics per doctor: PageRank, community, degree and a position in the area map. */
export const intelDoctorMetrics = pgTable(
  'intel_doctor_metrics',
  {
    doctorId: integer('doctor_id').primaryKey(),
    hospitalId: integer('hospital_id').notNull(),
    provinceCode: text('province_code').notNull(),
    pagerank: doublePrecision('pagerank').notNull(),
    pagerankPct: real('pagerank_pct').notNull().default(0),
    community: integer('community').notNull(),
    degree: integer('degree').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
  },
  (t) => [index('intel_doctor_metrics_rank_idx').on(t.provinceCode, t.pagerank.desc())],
);

/** The recompute job: queued, claimed FOR UPDATE SKIP LOCKED by one instance, done or failed. */
export const intelJobs = pgTable(
  'intel_jobs',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('queued'),
    requestedBy: integer('requested_by'),
    createdAt: created(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    stats: jsonb('stats')
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text('error'),
  },
  (t) => [index('intel_jobs_status_idx').on(t.status, t.id), check('intel_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`)],
);
