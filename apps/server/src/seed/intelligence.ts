import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';
import { DEMO_DATASET } from './customers.js';

/**
 * Demo data of doctor intelligence (docs/decisions/0024): the academic records of the demo's
 * doctors, then the recomputes so scores, relations, the network and a score history are there at first start.
 * Runs last in the demo seed's transaction (after customers and meetings).
 */
export async function seedIntelligence(tx: Tx): Promise<void> {
  const { loadAcademicGenerator, recompute } = await import('../modules/intelligence/index.js');
  const { writeAcademicData } = await loadAcademicGenerator();
  await writeAcademicData(tx, { seed: DEMO_DATASET.seed });
  // The score history starts with a run over the data as it stood at the end of the year before
  // the latest papers (papers, records and meetings up to then), so "rising KOL score" has real
  // rows to compare (docs/decisions/0024, 2026-11-23).
  const [latest] = await selectRows<{ year: number | null }>(tx, sql`select max(year)::int as year from intel_papers`);
  if (latest?.year) await recompute(tx, new Date(), { asOfYear: Number(latest.year) - 1 });
  await recompute(tx);
  await tx.execute(sql`insert into intel_jobs (status, stats, started_at, finished_at) values ('done', '{"seeded":1}'::jsonb, now(), now())`);
}

/**
 * The representatives' smart suggestions at first start (docs/decisions/0029): computed once for
 * every user with the menu, after the field activity is seeded (their visits count).
 */
export async function seedSuggestions(tx: Tx): Promise<void> {
  const { computeAllSuggestions } = await import('../modules/intelligence/index.js');
  const now = new Date();
  const stats = await computeAllSuggestions(tx, now);
  await tx.execute(
    sql`insert into intel_suggestion_jobs (status, stats, started_at, finished_at) values ('done', ${JSON.stringify(stats)}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
}
