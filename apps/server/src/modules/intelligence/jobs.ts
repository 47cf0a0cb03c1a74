import { sql } from 'drizzle-orm';
import type { IntelJobState } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { recompute, type ComputeStats } from './compute.js';
import { JobRunner, wakeQueue, type JobSet, type QueueDefinition } from '../../platform/jobs/index.js';
import { queueSuggestions, suggestionsQueue } from './suggestions-repo.js';

export const RECOMPUTE_QUEUE = 'recompute';

/**
 * The recompute job (docs/decisions/0024), a queue of the job runner (platform/jobs): a queued row
 * is claimed with FOR UPDATE SKIP LOCKED and marked running in one short transaction (a second
 * instance skips it), the work runs in its own transaction, and the row ends done with its figures
 * or failed with the error. The table has no lease: a job whose instance died stays running.
 */
export async function queueRecompute(db: Db | Tx, userId: number | null): Promise<number> {
  const [open] = await selectRows<{ id: number }>(db, sql`select id from intel_jobs where status = 'queued' order by id limit 1`);
  if (open) return Number(open.id);
  const [row] = await selectRows<{ id: number }>(db, sql`insert into intel_jobs (status, requested_by) values ('queued', ${userId}) returning id`);
  await wakeQueue(db, RECOMPUTE_QUEUE);
  return Number(row!.id);
}

export async function jobState(db: Db | Tx): Promise<IntelJobState> {
  const [row] = await selectRows<{
    id: number;
    status: IntelJobState['status'];
    created_at: string;
    finished_at: string | null;
    stats: Record<string, number>;
  }>(db, sql`select id, status, created_at, finished_at, stats from intel_jobs order by id desc limit 1`);
  if (!row) return { id: null, status: 'none', requestedAt: null, finishedAt: null, stats: {} };
  return {
    id: Number(row.id),
    status: row.status,
    requestedAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    stats: row.stats ?? {},
  };
}

function recomputeQueue(db: Db, done: (stats: ComputeStats) => void = () => {}): QueueDefinition<{ id: number | string }> {
  return {
    name: RECOMPUTE_QUEUE,
    table: { name: 'intel_jobs', leased: false, onClaim: (at) => sql`started_at = ${at}::timestamptz` },
    intervalMs: 5000,
    async run(claim) {
      let stats: ComputeStats;
      try {
        stats = await db.transaction((tx) => recompute(tx, new Date(claim.now())));
        await claim.finish(sql`status = 'done', finished_at = now(), stats = ${JSON.stringify(stats)}::jsonb`);
        // New scores and relations: every representative's suggestions follow (docs/decisions/0029).
        await queueSuggestions(db, null);
      } catch (error) {
        await claim.finish(sql`status = 'failed', finished_at = now(), error = ${String((error as Error).message ?? error).slice(0, 2000)}`);
        throw error;
      }
      done(stats);
      await tidyRecomputedTables(db);
    },
  };
}

/** Doctor intelligence's queues: the recompute and the suggestions that follow it. */
export function intelligenceJobs(db: Db): JobSet {
  return { queues: [recomputeQueue(db) as QueueDefinition<never>, suggestionsQueue(db) as QueueDefinition<never>] };
}

/** Claims and runs one queued job; undefined when none is queued (or another instance holds it). Tests and the scale script call it. */
export async function runNextJob(db: Db, now: () => number = Date.now): Promise<{ id: number; stats: ComputeStats } | undefined> {
  let stats: ComputeStats | undefined;
  const id = await new JobRunner({ db }, { now }).queue(recomputeQueue(db, (s) => (stats = s))).runOnce(RECOMPUTE_QUEUE);
  return id === undefined || !stats ? undefined : { id, stats };
}

/**
 * The recompute replaces every row of these tables in one transaction, leaving the old ones dead
 * and the new ones without hint bits or visibility-map bits: until a vacuum, every read after a
 * recompute visits the heap (at 1,000,000 doctors the KOL page's bare index scan went from 2 to
 * 39 ms). Vacuumed at once, after the commit and outside any transaction, so the first readers
 * and the suggestions job that follows read them as before (docs/decisions/0024). A failure here
 * leaves the job done; the runner reports it.
 */
async function tidyRecomputedTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) intel_relations, intel_kol_scores, intel_doctor_metrics, intel_kol_history, intel_kol_runs`);
}
