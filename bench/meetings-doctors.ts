import type { Database } from '../apps/server/src/db/client.js';
import { writeDataset } from '../apps/server/src/modules/customers/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';

/** Doctors for the meeting-report benchmark, made by the customers module's own dataset writer. */
export async function seedBenchDoctors(database: Database, count: number, tagOwner: number): Promise<number[]> {
  await ensureReferenceData(database.db);
  await writeDataset(database.db, { hospitals: Math.max(10, Math.ceil(count / 10)), doctors: count, seed: 7, tagOwner, followUsers: [] });
  const rows = await database.query<{ id: number }>('select id from doctors order by id limit $1', [count]);
  return rows.map((r) => r.id);
}
