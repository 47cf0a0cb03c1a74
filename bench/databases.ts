import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { scratchDatabase } from '../apps/server/src/db/scratch.js';

/** An empty database of its own on the PostgreSQL server of `adminUrl`, dropped afterwards. */
export const emptyPostgres = (adminUrl: string) => scratchDatabase(adminUrl, 'fp_bench');

/** A fresh database: a new one on the server of BENCH_DATABASE_URL, else an in-memory PGlite. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const empty = await emptyPostgres(adminUrl);
  const database = await openDatabase({ databaseUrl: empty.url, poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A database `npm run seed:scale` filled (BENCH_FILLED_URL), used as it is and kept. */
export async function filledDatabase(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return { database, drop: () => database.close() };
}
