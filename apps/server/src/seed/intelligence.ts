import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { DEMO_DATASET } from './customers.js';

/**
 * Demo data of doctor intelligence (docs/decisions/0024): the academic records of the demo's
 * doctors, then one recompute so scores, relations and the network are there at first start.
 * Runs last in the demo seed's transaction (after customers and meetings).
 */
export async function seedIntelligence(tx: Tx): Promise<void> {
  const { writeAcademicData } = await import('../modules/intelligence/generator.js');
  const { recompute } = await import('../modules/intelligence/compute.js');
  await writeAcademicData(tx, { seed: DEMO_DATASET.seed });
  await recompute(tx);
  await tx.execute(sql`insert into intel_jobs (status, stats, started_at, finished_at) values ('done', '{"seeded":1}'::jsonb, now(), now())`);
}
