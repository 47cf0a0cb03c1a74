import { sql } from 'drizzle-orm';
import { INTELLIGENCE_LIMITS as L, roundKolScore } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { doctorInScope, type DataScope } from '../customers/index.js';

/**
 * KOL score history (docs/decisions/0024, 2026-11-23). Each recompute is a run
 * (intel_kol_runs); a score is stored for a run only when it differs from the last stored score
 * of the same doctor and indication, so a doctor's score at a run is the last row at or before
 * it. The last L.historyRuns runs are kept: older rows fold into the oldest kept run.
 */

/** Records the run whose scores are now in intel_kol_scores, then prunes to the kept runs. */
export async function recordRun(tx: Tx, at: string, asOfYear: number | null, scored: number): Promise<{ runId: number; changed: number }> {
  const [run] = await selectRows<{ id: number }>(
    tx,
    sql`insert into intel_kol_runs (computed_at, as_of_year, scored) values (${at}::timestamptz, ${asOfYear}, ${scored}) returning id`,
  );
  const runId = Number(run!.id);
  // Each pair's last stored score is read once (a materialized set joined to the new scores), not
  // looked up row by row: with the history empty or its statistics stale (a first run, a fresh
  // database) the planner scanned the whole history for every score, rows this statement was
  // inserting included — quadratic, hours at 1,000,000 doctors (docs/decisions/0024, "1,000,000
  // doctors"). The statistics are refreshed first so later runs join by hash. Same rows as before.
  await tx.execute(sql`analyze intel_kol_history`);
  await tx.execute(sql`analyze intel_kol_scores`);
  const inserted = await selectRows<{ n: number }>(
    tx,
    sql`with last as materialized (
          select distinct on (doctor_id, indication) doctor_id, indication, score from intel_kol_history
           order by doctor_id, indication, run_id desc),
        ins as (
          insert into intel_kol_history (run_id, indication, doctor_id, score)
          select ${runId}, s.indication, s.doctor_id, s.score from intel_kol_scores s
            left join last l on l.doctor_id = s.doctor_id and l.indication = s.indication
           where l.score is distinct from s.score
          returning 1)
        select count(*)::int as n from ins`,
  );
  const changed = Number(inserted[0]?.n ?? 0);
  await tx.execute(sql`update intel_kol_runs set changed = ${changed} where id = ${runId}`);
  const [oldestKept] = await selectRows<{ id: number }>(tx, sql`select id from intel_kol_runs order by id desc offset ${L.historyRuns - 1} limit 1`);
  if (oldestKept) {
    const keep = Number(oldestKept.id);
    await tx.execute(sql`
      insert into intel_kol_history (run_id, indication, doctor_id, score)
      select distinct on (doctor_id, indication) ${keep}, indication, doctor_id, score from intel_kol_history
       where run_id < ${keep} order by doctor_id, indication, run_id desc
      on conflict do nothing`);
    await tx.execute(sql`delete from intel_kol_runs where id < ${keep}`);
  }
  return { runId, changed };
}

/** One doctor's score for an indication at each kept run (oldest first); runs before their first score are left out. */
export async function scoreHistory(db: Db | Tx, doctorId: number, indication: string): Promise<{ at: string; score: number }[]> {
  const rows = await selectRows<{ computed_at: string; score: number | null }>(
    db,
    sql`select r.computed_at,
               (select h.score from intel_kol_history h where h.doctor_id = ${doctorId} and h.indication = ${indication} and h.run_id <= r.id
                 order by h.run_id desc limit 1) as score
          from intel_kol_runs r order by r.id`,
  );
  return rows.filter((r) => r.score !== null).map((r) => ({ at: new Date(r.computed_at).toISOString(), score: roundKolScore(Number(r.score)) }));
}

export interface ScoreRise {
  doctorId: number;
  indication: string;
  from: number;
  to: number;
  /** When the previous run was computed (the "from" score's date). */
  since: string;
}

/**
 * The scope's doctors whose score rose by at least `minDelta` from the previous run to the latest
 * (the biggest rise per doctor), biggest rises first, at most `limit`.
 */
export async function scoreRises(db: Db | Tx, scope: DataScope, minDelta: number, limit: number): Promise<ScoreRise[]> {
  const runs = await selectRows<{ id: number; computed_at: string }>(db, sql`select id, computed_at from intel_kol_runs order by id desc limit 2`);
  if (runs.length < 2) return [];
  const [latest, previous] = runs as [{ id: number; computed_at: string }, { id: number; computed_at: string }];
  const rows = await selectRows<{ doctor_id: number; indication: string; from_score: number; to_score: number }>(
    db,
    sql`select distinct on (x.doctor_id) x.doctor_id, x.indication, x.from_score, x.to_score from (
          select h.doctor_id, h.indication, p.score as from_score, h.score as to_score
            from intel_kol_history h
            join intel_kol_scores s on s.doctor_id = h.doctor_id and s.indication = h.indication
            join lateral (select q.score from intel_kol_history q where q.doctor_id = h.doctor_id and q.indication = h.indication and q.run_id < h.run_id
                           order by q.run_id desc limit 1) p on true
           where h.run_id = ${Number(latest.id)} and h.score - p.score >= ${minDelta - 0.005} and ${doctorInScope(scope, 's')}) x
         order by x.doctor_id, x.to_score - x.from_score desc, x.indication`,
  );
  const since = new Date(previous.computed_at).toISOString();
  return rows
    .map((r) => ({
      doctorId: Number(r.doctor_id),
      indication: r.indication,
      // As stored (two decimals): the reason compares them at that precision and writes them as every score is written.
      from: Math.round(Number(r.from_score) * 100) / 100,
      to: Math.round(Number(r.to_score) * 100) / 100,
      since,
    }))
    .sort((a, b) => b.to - b.from - (a.to - a.from) || a.doctorId - b.doctorId)
    .slice(0, limit);
}
