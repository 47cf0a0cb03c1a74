import { index, integer, pgTable, primaryKey, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * KOL score history (docs/decisions/0024, 2026-11-23): each recompute is a run; a doctor's score
 * for an indication is stored for a run only when it differs from the last stored one, so a
 * doctor whose score does not move costs nothing. The last INTELLIGENCE_LIMITS.historyRuns runs
 * are kept; older rows are folded into the oldest kept run (the score as of that run).
 */
export const intelKolRuns = pgTable('intel_kol_runs', {
  id: serial('id').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  /** The state of the data the run read: null all of it; a year: papers and records up to that year, meetings before it ended. */
  asOfYear: smallint('as_of_year'),
  scored: integer('scored').notNull().default(0),
  changed: integer('changed').notNull().default(0),
});

export const intelKolHistory = pgTable(
  'intel_kol_history',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => intelKolRuns.id, { onDelete: 'cascade' }),
    indication: text('indication').notNull(),
    doctorId: integer('doctor_id').notNull(),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.indication, t.runId] }), index('intel_kol_history_run_idx').on(t.runId)],
);
