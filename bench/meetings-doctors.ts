import type { Database } from '../apps/server/src/db/client.js';

/** Doctor ids for the meeting-report benchmark. */
export async function seedBenchDoctors(_database: Database, count: number): Promise<number[]> {
  return Array.from({ length: count }, (_, i) => i + 1);
}
