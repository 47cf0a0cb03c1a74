import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, INTELLIGENCE_AUTHORITIES as AUTH, kolTrendQuery, roundKolScore, type KolTrend } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { currentUser, holdsAuthority } from '../../platform/auth.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { findDoctorInScope, requestScope, type DataScope } from '../customers/index.js';

/**
 * The 360 view's impact section (docs/decisions/0024, "the trend on the 360 view"): a doctor's KOL
 * score in each indication it is scored in, at each kept recompute run, in one read. Same rules as
 * the 360 view itself: without the panoramic-view menu 403 with its message, outside the caller's
 * data scope 404 with the same message.
 */

export interface RunRow {
  id: number;
  at: string;
  asOfYear: number | null;
}

export interface HistoryRow {
  runId: number;
  indication: string;
  score: number;
}

/**
 * The score of each indication at each run: the last stored row at or before the run (a score is
 * stored only when it changed). Runs before an indication's first row are left out; only the
 * indications in `current` (those scored now) are kept, in that order.
 */
export function trendOf(runs: readonly RunRow[], rows: readonly HistoryRow[], current: readonly string[]): KolTrend['indications'] {
  const byIndication = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    let list = byIndication.get(row.indication);
    if (!list) byIndication.set(row.indication, (list = []));
    list.push(row);
  }
  return current.map((indication) => {
    const stored = [...(byIndication.get(indication) ?? [])].sort((a, b) => a.runId - b.runId);
    const history: { at: string; score: number }[] = [];
    let k = -1;
    for (const run of runs) {
      while (k + 1 < stored.length && stored[k + 1]!.runId <= run.id) k++;
      if (k >= 0) history.push({ at: run.at, score: roundKolScore(stored[k]!.score) });
    }
    return { indication, history };
  });
}

/** The doctor's score trend in every indication it is scored in (the caller's scope: 404 outside it). */
export async function kolTrend(db: Db | Tx, scope: DataScope, doctorId: number): Promise<KolTrend> {
  try {
    await findDoctorInScope(db, scope, doctorId);
  } catch (error) {
    // The 360 view answers a doctor outside the scope with the panoramic-view message: so does its impact section.
    if (error instanceof AppError && error.statusCode === 404) throw notFound('customers.doctor.noPanoramic');
    throw error;
  }
  const [runs, rows, current] = await Promise.all([
    selectRows<{ id: number; computed_at: string; as_of_year: number | null }>(db, sql`select id, computed_at, as_of_year from intel_kol_runs order by id`),
    selectRows<{ run_id: number; indication: string; score: number }>(
      db,
      sql`select run_id, indication, score from intel_kol_history where doctor_id = ${doctorId}`,
    ),
    selectRows<{ indication: string }>(db, sql`select indication from intel_kol_scores where doctor_id = ${doctorId} order by score desc, indication`),
  ]);
  const kept: RunRow[] = runs.map((r) => ({
    id: Number(r.id),
    at: new Date(r.computed_at).toISOString(),
    asOfYear: r.as_of_year === null ? null : Number(r.as_of_year),
  }));
  return {
    runs: kept.map(({ at, asOfYear }) => ({ at, asOfYear })),
    indications: trendOf(
      kept,
      rows.map((r) => ({ runId: Number(r.run_id), indication: r.indication, score: Number(r.score) })),
      current.map((c) => c.indication),
    ),
  };
}

/** GET kolTrend?doctorId: registered by the module's routes with one line. */
export async function impactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.ctx.database.db;
  r.get(API.intelligence.kolTrend, {
    schema: {
      tags: ['doctor-intelligence'],
      summary:
        "A doctor's KOL score at each kept recompute run, per indication scored (the 360 view's impact section); 403 'no permission on panoramic view' without the view's menu, 404 outside the scope",
      querystring: kolTrendQuery,
    },
    handler: async (request) => {
      const user = currentUser(request);
      if (!holdsAuthority(user.authorities, AUTH.full360)) throw forbidden('customers.doctor.noPanoramic');
      return kolTrend(db(), await requestScope(request, db()), request.query.doctorId);
    },
  });
}
