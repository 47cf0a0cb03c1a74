import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from '../src/db/scratch.js';
import { buildDemoTemplate, demoTemplateDatabase } from '../src/seed/template.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { DiskFileStore } from '../src/platform/storage.js';
import { TokenService } from '../src/platform/tokens.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo.js';

export const SECRET = 'test-secret-0123456789-0123456789-abcdef';

/** A clock tests can move. */
export class TestClock {
  constructor(public value = Date.now()) {}
  now = () => this.value;
  advance(ms: number) {
    this.value += ms;
  }
}

export interface Harness {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  tokens: TokenService;
  /** The PostgreSQL URL of this harness's database (TEST_DATABASE_URL runs), so a test can open a second pool on it. */
  databaseUrl: string | undefined;
  /** This harness's own DATA_DIR (a fresh temporary folder, removed on close). */
  dataDir: string;
  login(username: string, password?: string): Promise<{ access: string; refresh: string }>;
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

/**
 * A fresh database with the demo data: on PostgreSQL (a new database on the server of
 * TEST_DATABASE_URL) when set, else an embedded PGlite copied from the build's snapshot.
 */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await demoTemplateDatabase(adminUrl);
    const scratch = await scratchDatabase(adminUrl, 'fp_test', template);
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    return {
      database,
      url: scratch.url,
      drop: async () => {
        try {
          await database.close();
        } finally {
          await scratch.drop();
        }
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-test-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteTemplate: await buildDemoTemplate() });
  await seedDemoData(database.db);
  return {
    database,
    drop: async () => {
      try {
        await database.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `env` adds configuration variables (as the server reads them from its environment). */
export async function createHarness(setup?: (app: FastifyInstance) => void, env: Record<string, string> = {}): Promise<Harness> {
  const { database, url, drop } = await freshDatabase();
  const clock = new TestClock();
  const tokens = new TokenService(SECRET, clock.now);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env });
  const files = new DiskFileStore(path.join(config.dataDir, 'files'));
  const app = await buildApp({ config, database, tokens, authCache: new AuthCache(database), files, now: clock.now }, { webDist: config.webDist });
  setup?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    tokens,
    databaseUrl: url,
    dataDir,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json() as { result: { access_token: string; refresh_token: string } };
      return { access: body.result.access_token, refresh: body.result.refresh_token };
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    // The folders and the scratch database go even when a test closed the database itself and
    // closing finds it so: a ~400 MB copy left behind by each such file fills a CI machine's disk.
    async close() {
      try {
        await app.close();
      } finally {
        try {
          await drop();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
  };
}
