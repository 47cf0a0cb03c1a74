import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from '../src/db/scratch.js';
import { seedSystemData } from '../src/seed/system.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { DiskFileStore } from '../src/platform/storage.js';
import { TokenService } from '../src/platform/tokens.js';
import { SECRET, TestClock } from './harness.js';

export interface EmptyPortal {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A portal as `DEMO_DATA=false` starts it on an empty database: the migrations and the system data
 * only (docs/decisions/0041); on PostgreSQL (a new database on TEST_DATABASE_URL's server) when set,
 * else a fresh embedded PGlite.
 */
export async function createEmptyPortal(): Promise<EmptyPortal> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-empty-'));
  let database: Database;
  let drop = async () => undefined as void;
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'fp_empty');
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    drop = () => scratch.drop();
  } else {
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  await seedSystemData(database.db);
  const clock = new TestClock();
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, DEMO_DATA: 'false' });
  const app = await buildApp({
    config,
    database,
    tokens: new TokenService(SECRET, clock.now),
    authCache: new AuthCache(database),
    files: new DiskFileStore(path.join(dataDir, 'files')),
    now: clock.now,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
