import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { scratchDatabase } from '../apps/server/src/db/scratch.js';
import { buildDemoTemplate, demoTemplateDatabase } from '../apps/server/src/seed/template.js';

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

/**
 * A fresh database holding the demo data, copied as the server tests copy it: on PostgreSQL from
 * the demo template database (seeded once a day), else a PGlite folder from the build's snapshot.
 * Seeding the demo anew (migrations and generator) took most of a small run's minutes. `pglite`:
 * the embedded database even when BENCH_DATABASE_URL is set.
 */
export async function demoDatabase(where: 'configured' | 'pglite' = 'configured'): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const adminUrl = where === 'pglite' ? undefined : process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-demo-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteTemplate: await buildDemoTemplate() });
    return {
      database,
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const copy = await scratchDatabase(adminUrl, 'fp_bench', await demoTemplateDatabase(adminUrl));
  const database = await openDatabase({ databaseUrl: copy.url, poolSize: 4 });
  return {
    database,
    url: copy.url,
    drop: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/** A database `npm run seed:scale` filled (BENCH_FILLED_URL), used as it is and kept. */
export async function filledDatabase(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return { database, drop: () => database.close() };
}
