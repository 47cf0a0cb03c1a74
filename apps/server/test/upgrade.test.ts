import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LANGS, MESSAGES, type MenuEntry } from '@field-portal/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, PGLITE_OPTIONS, type Database } from '../src/db/client.js';
import { MIGRATIONS_DIR } from '../src/db/paths.js';
import { scratchDatabase } from '../src/db/scratch.js';
import { pgTool } from '../src/ops/backup.js';
import { journal, tableDigests, type Query, type TableDigests } from '../src/ops/manifest.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { DiskFileStore } from '../src/platform/storage.js';
import { TokenService } from '../src/platform/tokens.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { prepareData } from '../src/server.js';
import { SECRET } from './harness.js';

/**
 * Upgrades tested on data (docs/decisions/0039): the demo database as the last released portal made
 * it (fixtures/last-release.sql.br, written by scripts/release-fixture.sh) goes through this
 * portal's migrations, on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
 * A migration that cannot run forward on that data fails here.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'last-release.sql.br');
const RELEASE = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'last-release.json'), 'utf8')) as {
  ref: string;
  commit: string;
  version: string;
};

/** Tables whose rows the people of a company made or depend on: what they hold must come through unchanged. */
const KEY_TABLES = [
  'public.users',
  'public.roles',
  'public.user_roles',
  'public.employees',
  'public.organisations',
  'public.doctors',
  'public.hospitals',
  'public.doctor_affiliations',
  'public.cards',
  'public.pushes',
  'public.deliveries',
  'public.visit_records',
  'public.meetings',
  'public.tasks',
  'public.surveys',
  'public.survey_responses',
];

/**
 * Counts kept from rows (docs/decisions/0050): a migration may rebuild them from the rows they
 * count, which drops the groups left at zero; they are derived, so "no row lost" does not apply
 * (report-counts.test.ts holds them equal to the rows).
 */
const DERIVED_TABLES = new Set(['public.doctor_hospital_counts', 'public.doctor_profile_counts']);

/** Tables whose rows moved into another (docs/decisions/0059): the one keeps at least the rows of all. */
const MERGED_TABLES: Record<string, string> = { 'public.content_files': 'public.files', 'public.app_files': 'public.files' };

const adminUrl = process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-upgrade-'));
const drops: (() => Promise<void>)[] = [];

/**
 * A pg_dump plain-text dump into PGlite: the statements as they are, each COPY block from a blob,
 * without psql's own commands (`\restrict`), which only psql reads.
 */
async function loadIntoPglite(client: PGlite, dump: string): Promise<void> {
  const copy = /^(COPY [^\n]+ FROM stdin;)\n([\s\S]*?)^\\\.\n/gm;
  const statements = (text: string) => client.exec(text.replace(/^\\[a-z]+\b.*$/gm, ''));
  let at = 0;
  for (const match of dump.matchAll(copy)) {
    await statements(dump.slice(at, match.index));
    await client.query(match[1]!.replace(/ FROM stdin;$/, " FROM '/dev/blob'"), [], { blob: new Blob([match[2]!]) });
    at = match.index + match[0].length;
  }
  await statements(dump.slice(at));
}

function loadIntoPostgres(url: string, dump: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const psql = spawn(pgTool('psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-X', '-d', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    psql.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    psql.once('error', reject);
    psql.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql stopped with code ${code}: ${stderr}`))));
    psql.stdin.end(dump);
  });
}

/** Each table's columns, so the digests after the upgrade read what the release wrote. */
async function columnsOf(query: Query): Promise<Record<string, string[]>> {
  const rows = await query<{ name: string; columns: string[] }>(
    "select table_schema || '.' || table_name as name, array_agg(column_name::text order by ordinal_position) as columns from information_schema.columns where table_schema in ('public', 'drizzle') group by 1",
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.columns]));
}

let database: Database;
let released: TableDigests;
let releasedColumns: Record<string, string[]>;
let releasedMigrations: { hash: string; when: number }[];

beforeAll(async () => {
  const dump = zlib.brotliDecompressSync(fs.readFileSync(FIXTURE)).toString('utf8');
  let databaseUrl: string | undefined;
  let pgliteDir: string | undefined;
  let read: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'fp_upgrade');
    drops.push(scratch.drop);
    databaseUrl = scratch.url;
    await loadIntoPostgres(scratch.url, dump);
    read = async (work) => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        return await work(async <R>(text: string) => (await client.query(text)).rows as R[]);
      } finally {
        await client.end();
      }
    };
  } else {
    pgliteDir = path.join(work, 'db');
    const client = await PGlite.create(pgliteDir, PGLITE_OPTIONS);
    await loadIntoPglite(client, dump);
    await client.close();
    read = async (work) => {
      const reader = await PGlite.create(pgliteDir!, PGLITE_OPTIONS);
      try {
        return await work(async <R>(text: string) => (await reader.query<R>(text)).rows);
      } finally {
        await reader.close();
      }
    };
  }
  ({ released, releasedColumns, releasedMigrations } = await read(async (query) => ({
    released: await tableDigests(query),
    releasedColumns: await columnsOf(query),
    releasedMigrations: (
      await query<{ hash: string; when: string }>('select hash, created_at::text as "when" from drizzle.__drizzle_migrations order by created_at')
    ).map((m) => ({ hash: m.hash, when: Number(m.when) })),
  })));
  // This portal's migrations, as at every start; a migration that fails on the release's data throws here.
  database = await openDatabase({ databaseUrl, pgliteDir, poolSize: 3 });
  drops.unshift(() => database.close());
});

afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const query: Query = async <T>(text: string) => database.query<T>(text);

describe(`an upgrade from the last release (${RELEASE.ref})`, () => {
  it('starts from the release’s demo data, with migrations this portal carries unchanged', () => {
    expect(released['public.doctors']!.rows).toBeGreaterThanOrEqual(20_000);
    expect(released['public.users']!.rows).toBeGreaterThan(10);
    // A released migration edited afterwards would never run on an upgraded database: each must be as released.
    const files = new Map(journal().map((entry) => [entry.when, entry.tag]));
    for (const { hash, when } of releasedMigrations) {
      const tag = files.get(when);
      expect(tag, `the release's migration of ${new Date(when).toISOString()} is missing here`).toBeDefined();
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
      expect(crypto.createHash('sha256').update(sql).digest('hex'), `${tag} was changed after the release`).toBe(hash);
    }
  });

  it('runs every migration since, keeps every row and leaves the key tables as they were', async () => {
    const [migrated] = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrated!.n).toBe(journal().length);
    const after = await tableDigests(query);
    const kept = new Map<string, number>();
    for (const [table, { rows }] of Object.entries(released)) {
      const into = MERGED_TABLES[table] ?? table;
      kept.set(into, (kept.get(into) ?? 0) + rows);
    }
    for (const [table, rows] of kept) {
      expect(after[table], `${table} is gone`).toBeDefined();
      if (!DERIVED_TABLES.has(table)) expect(after[table]!.rows, `${table} lost rows`).toBeGreaterThanOrEqual(rows);
    }
    const keyColumns = Object.fromEntries(KEY_TABLES.map((t) => [t, releasedColumns[t]!]));
    const keyAfter = await tableDigests(query, { only: KEY_TABLES, columns: keyColumns });
    for (const table of KEY_TABLES) expect(keyAfter[table], table).toEqual(released[table]);
  });

  it('starts as the portal does and answers: sign-in, menus (with those added since the release), doctors and cards', async () => {
    const dataDir = path.join(work, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    // What every start does after the migrations: the release's menus gain this portal's new entries (docs/decisions/0052).
    const { menusAdded, texts } = await prepareData(database, config);
    expect(menusAdded).toEqual(['accessToken', 'dataImport']);
    // The catalogue gets the messages added since the release and this release's wording (docs/decisions/0060).
    expect(texts.added).toBeGreaterThan(0);
    const catalogue = await database.query<{ lang_type: string; key: string; content: string }>('select lang_type, key, content from lang_entries');
    const held = new Map(catalogue.map((row) => [`${row.lang_type}:${row.key}`, row.content]));
    for (const [key, text] of Object.entries(MESSAGES)) {
      for (const lang of LANGS) expect(held.get(`${lang}:${key}`), `${lang} ${key}`).toBe((text as Record<string, string>)[lang]);
    }
    const again = await prepareData(database, config);
    expect(again.menusAdded).toEqual([]);
    expect(again.texts).toEqual({ added: 0, reworded: 0 });
    const app = await buildApp(
      {
        config,
        database,
        tokens: new TokenService(SECRET),
        authCache: new AuthCache(database),
        files: new DiskFileStore(path.join(dataDir, 'files')),
        now: Date.now,
      },
      { webDist: config.webDist },
    );
    try {
      const headers: Record<string, Record<string, string>> = {};
      for (const username of ['admin', 'operator', 'rep01']) {
        const res = await app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: { username, password: DEMO_PASSWORD } });
        expect(res.statusCode, res.body).toBe(200);
        headers[username] = { authorization: `Bearer ${res.json().result.access_token as string}` };
      }
      const menuList = async (username: string) => {
        const res = await app.inject({ method: 'GET', url: '/API-SYSTEM/menu/list', headers: headers[username] });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().result.menuList as MenuEntry[];
      };
      const adminMenus = await menuList('admin');
      const routerOf = new Map(adminMenus.map((m) => [m.id, m.router]));
      // The administrator's menu tree has the import centre and the access tokens, where a fresh install puts them.
      for (const [router, name, area, code] of [
        ['dataImport', '导入中心', 'dataManage', 'dataManage:dataImport'],
        ['accessToken', '访问令牌', 'system', 'system:accessToken'],
      ]) {
        const entry = adminMenus.find((m) => m.router === router);
        expect(entry, `${router} is not in the administrator's menu`).toBeDefined();
        expect({ name: entry!.name, area: routerOf.get(entry!.parentId!), code: entry!.code }).toEqual({ name, area, code });
      }
      const repMenus = await menuList('rep01');
      expect(repMenus.length).toBeGreaterThan(0);
      // Administration's pages stay the administrator's: the representative's and the operator's menus gain neither.
      for (const username of ['rep01', 'operator']) {
        const routers = (username === 'rep01' ? repMenus : await menuList(username)).map((m) => m.router);
        expect(routers).not.toContain('dataImport');
        expect(routers).not.toContain('accessToken');
      }
      const doctors = await app.inject({ method: 'GET', url: `${API.customers.doctor.list}?doctorRange=internal&size=20`, headers: headers.admin });
      expect(doctors.statusCode, doctors.body).toBe(200);
      expect(doctors.json().result.content.length).toBe(20);
      const cards = await app.inject({ method: 'GET', url: `${API.push.list}?limitNum=100`, headers: headers.operator });
      expect(cards.statusCode, cards.body).toBe(200);
      expect(cards.json().data.result.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
