import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, PGLITE_OPTIONS, type Database } from '../src/db/client.js';
import { scratchDatabase } from '../src/db/scratch.js';
import { buildDemoTemplate, demoTemplateDatabase } from '../src/seed/template.js';
import { DOWNLOAD_QUEUE, downloadJobs } from '../src/modules/downloads/index.js';
import { JobRunner } from '../src/platform/jobs/index.js';
import { PushScheduler } from '../src/modules/push/scheduler.js';
import { BackupError, makeBackup, pruneBackups, readManifest, restoreBackup } from '../src/ops/backup.js';
import { serveBackupSocket } from '../src/ops/backup-socket.js';
import { fileDigests, journal, tableDigests, type TableDigests } from '../src/ops/manifest.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { DiskFileStore } from '../src/platform/storage.js';
import { TokenService } from '../src/platform/tokens.js';
import { DEMO_PASSWORD, seedDemoData, wwidOf } from '../src/seed/demo.js';
import { multipartPost } from './api.js';
import { SECRET } from './harness.js';

/**
 * Backup and restore as the IT team runs them (docs/decisions/0039): the demo portal with a write
 * and an upload, a backup taken while it runs, the data wiped, the backup restored, and then every
 * table, every file, sign-in, a push and a download as before. On PostgreSQL when TEST_DATABASE_URL
 * is set, else on the embedded database.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-backup-'));
const dataDir = path.join(work, 'data');
const backups = path.join(work, 'backups');
const dropLater: (() => Promise<void>)[] = [];

interface Portal {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The portal on `databaseUrl` (PostgreSQL) or on DATA_DIR/db, serving backups as the server does. */
async function openPortal(databaseUrl: string | undefined): Promise<Portal> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 3 })
    : await openDatabase({ pgliteDir: path.join(dataDir, 'db'), pgliteTemplate: await buildDemoTemplate() });
  await seedDemoData(database.db);
  const files = new DiskFileStore(path.join(dataDir, 'files'));
  const app = await buildApp(
    { config, database, tokens: new TokenService(SECRET), authCache: new AuthCache(database), files, now: Date.now },
    { webDist: config.webDist },
  );
  await app.ready();
  const stopBackups = await serveBackupSocket(dataDir, database, app.log);
  return {
    app,
    database,
    config,
    async close() {
      await stopBackups();
      await app.close();
      await database.close();
    },
  };
}

/** Every table's count and digest, read on a session of its own (the portal's is not touched). */
async function digestsOf(databaseUrl: string | undefined): Promise<TableDigests> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await tableDigests(async <T>(text: string) => (await client.query(text)).rows as T[]);
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create(path.join(dataDir, 'db'), PGLITE_OPTIONS);
  try {
    return await tableDigests(async <T>(text: string) => (await client.query<T>(text)).rows);
  } finally {
    await client.close();
  }
}

async function newDatabaseUrl(template?: string): Promise<string> {
  const scratch = await scratchDatabase(adminUrl!, 'fp_backup', template);
  dropLater.push(scratch.drop);
  return scratch.url;
}

async function signIn(portal: Portal, username: string): Promise<Record<string, string>> {
  const res = await portal.app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: { username, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().result.access_token as string}`, language: 'en' };
}

/** A card pushed to two field staff and fired, as the operator does it; returns its id. */
async function pushedCard(portal: Portal, headers: Record<string, string>, title: string): Promise<number> {
  const [row] = await portal.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time, source, template)
     values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now(), '', '') returning id`,
    [JSON.stringify({ type: 4, titleName: title, BU: 'HEMA_MM' })],
  );
  const id = Number(row!.id);
  const res = await portal.app.inject({
    method: 'POST',
    url: API.push.pushCard,
    headers,
    payload: { pushDate: '0', pushInfo: [{ id }], receiver: [wwidOf(1), wwidOf(2)].map((w) => ({ receiverId: w, receiverName: '' })), remark: { scope: 2 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  await new PushScheduler(portal.database.db).runDue(Date.now() + 1000);
  const [delivered] = await portal.database.query<{ n: number }>('select count(*)::int as n from deliveries where card_id = $1', [id]);
  expect(delivered!.n).toBe(2);
  return id;
}

/** The read details of a card exported through the download centre; returns the job id and the file's bytes. */
async function exported(portal: Portal, headers: Record<string, string>, cardId: number): Promise<{ id: number; bytes: Buffer }> {
  const queued = await portal.app.inject({ method: 'POST', url: `${API.downloads.asyncDownload}?templateName=cardReadDetails`, headers, payload: { cardId } });
  expect(queued.statusCode, queued.body).toBe(200);
  const id = queued.json().result.job.id as number;
  const worker = new JobRunner(portal.database).register(downloadJobs(portal.database, portal.app.ctx.files));
  for (let job = await worker.runOnce(DOWNLOAD_QUEUE); job !== undefined; job = await worker.runOnce(DOWNLOAD_QUEUE));
  const file = await portal.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${id}`, headers });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  return { id, bytes: file.rawPayload };
}

let databaseUrl: string | undefined;
let backupDir: string;
let before: TableDigests;
let filesBefore: Awaited<ReturnType<typeof fileDigests>>;
let uploadedKey: string;
let exportBefore: { id: number; bytes: Buffer };

beforeAll(async () => {
  databaseUrl = adminUrl ? await newDatabaseUrl(await demoTemplateDatabase(adminUrl)) : undefined;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-generated-secret-0123456789-0123456789', { mode: 0o600 });
  const portal = await openPortal(databaseUrl);
  try {
    const operator = await signIn(portal, 'operator');
    // A write and an uploaded file: a card's picture, stored under DATA_DIR/files.
    const newId = await portal.app.inject({ method: 'GET', url: API.cards.newCardId, headers: operator });
    const cardId = newId.json().data.id as number;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
    const upload = await portal.app.inject(
      multipartPost(
        API.cards.uploadCardFile,
        [
          { name: 'id', value: String(cardId) },
          { name: 'kind', value: 'image' },
          { name: 'file', bytes: png, filename: 'before-backup.png' },
        ],
        operator,
      ),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const [stored] = await portal.database.query<{ storage_key: string }>('select storage_key from files order by created_at desc limit 1');
    uploadedKey = stored!.storage_key;
    const pushed = await pushedCard(portal, operator, 'before the backup');
    exportBefore = await exported(portal, operator, pushed);
    // Taken while the portal runs: the embedded database is copied by the portal itself.
    backupDir = (await makeBackup(portal.config, { to: backups })).dir;
  } finally {
    await portal.close();
  }
  before = await digestsOf(databaseUrl);
  filesBefore = await fileDigests(path.join(dataDir, 'files'));
});

afterAll(async () => {
  for (const drop of dropLater) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes the database, the files, the signing secret and a manifest of counts and digests', async () => {
    const manifest = await readManifest(backupDir);
    expect(manifest.database.kind).toBe(databaseUrl ? 'postgres' : 'pglite');
    expect(manifest.database.lastMigration.tag).toBe(journal().at(-1)!.tag);
    expect(manifest.tables).toEqual(before);
    expect(manifest.tables['public.users']!.rows).toBeGreaterThan(10);
    expect(manifest.tables['public.doctors']!.rows).toBeGreaterThanOrEqual(20_000);
    expect(Object.keys(manifest.tables)).toContain('drizzle.__drizzle_migrations');
    expect(manifest.files).toEqual(filesBefore);
    expect(Object.keys(manifest.files)).toContain(uploadedKey);
    // The upload and the export's file.
    expect(Object.keys(manifest.files).length).toBe(2);
    expect(manifest.signingSecret).toBe(true);
    expect(fs.existsSync(path.join(backupDir, manifest.database.path))).toBe(true);
  });

  it('keeps the newest backups when asked to keep a count', async () => {
    const root = path.join(work, 'kept');
    for (const name of [
      'field-portal-20261101T010000Z',
      'field-portal-20261102T010000Z',
      'field-portal-20261103T010000Z',
      'field-portal-20261103T010000Z-2',
      'other-folder',
    ]) {
      fs.mkdirSync(path.join(root, name), { recursive: true });
      fs.writeFileSync(path.join(root, name, 'manifest.json'), '{}');
    }
    expect(await pruneBackups(root, 2)).toEqual(['field-portal-20261101T010000Z', 'field-portal-20261102T010000Z']);
    expect(fs.readdirSync(root).sort()).toEqual(['field-portal-20261103T010000Z', 'field-portal-20261103T010000Z-2', 'other-folder']);
  });
});

describe('npm run restore', () => {
  it('restores into an empty DATA_DIR or database: every table, file, sign-in, a push and a download as before', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) databaseUrl = await newDatabaseUrl();
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    await restoreBackup(config, backupDir);

    expect(await digestsOf(databaseUrl)).toEqual(before);
    expect(await fileDigests(path.join(dataDir, 'files'))).toEqual(filesBefore);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('a-generated-secret-0123456789-0123456789');

    const portal = await openPortal(databaseUrl);
    try {
      const operator = await signIn(portal, 'operator');
      await signIn(portal, 'rep01');
      // The export made before the backup downloads with the same bytes.
      const again = await portal.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${exportBefore.id}`, headers: operator });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.rawPayload.equals(exportBefore.bytes)).toBe(true);
      // A push and a download work as before.
      const pushed = await pushedCard(portal, operator, 'after the restore');
      const after = await exported(portal, operator, pushed);
      expect(after.id).toBeGreaterThan(exportBefore.id);
    } finally {
      await portal.close();
    }
  });

  it('refuses a DATA_DIR or database that holds data, and changes nothing', async () => {
    const digests = await digestsOf(databaseUrl);
    const files = await fileDigests(path.join(dataDir, 'files'));
    if (databaseUrl) {
      // A database with data, an empty DATA_DIR.
      const otherData = path.join(work, 'other-data');
      await expect(restoreBackup(loadConfig({ DATA_DIR: otherData, DATABASE_URL: databaseUrl }), backupDir)).rejects.toThrow(
        /The database at DATABASE_URL is not empty/,
      );
      expect(fs.existsSync(path.join(otherData, 'files'))).toBe(false);
      // An empty database, a DATA_DIR with files in it.
      const empty = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: await newDatabaseUrl() });
      await expect(restoreBackup(empty, backupDir)).rejects.toThrow(/already holds uploaded files in files\//);
    } else {
      await expect(restoreBackup(loadConfig({ DATA_DIR: dataDir }), backupDir)).rejects.toThrow(/already holds a database in db\//);
    }
    expect(await digestsOf(databaseUrl)).toEqual(digests);
    expect(await fileDigests(path.join(dataDir, 'files'))).toEqual(files);
  });

  it('refuses a backup made by a newer portal, naming both versions', async () => {
    const newer = path.join(work, 'newer');
    fs.mkdirSync(newer);
    const manifest = await readManifest(backupDir);
    const last = journal().at(-1)!;
    manifest.database.lastMigration = { tag: '9999_from_the_future', when: last.when + 1000 };
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(manifest));
    const empty = loadConfig({ DATA_DIR: path.join(work, 'empty-data'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    const refusal = restoreBackup(empty, newer);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(`last migration 9999_from_the_future); this portal (version`);
    await expect(refusal).rejects.toThrow(`knows migrations up to ${last.tag}`);
    expect(fs.existsSync(path.join(work, 'empty-data'))).toBe(false);
  });

  it('answers a folder that is no backup with a message and exit code 1 (the command itself)', () => {
    const cli = path.resolve(import.meta.dirname, '..', 'src', 'ops', 'cli.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'restore', work], {
      env: { ...process.env, DATA_DIR: path.join(work, 'cli-data') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${work} is not a backup of the portal: it has no manifest.json`);
    const usage = spawnSync(process.execPath, ['--import', 'tsx', cli, 'backup', '--keep', '0'], {
      env: { ...process.env, DATA_DIR: path.join(work, 'cli-data') },
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--keep: must be a whole number of at least 1');
  });
});
