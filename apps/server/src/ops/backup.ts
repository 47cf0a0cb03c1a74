import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.js';
import { PGLITE_OPTIONS } from '../db/client.js';
import { isDatabaseDir } from '../db/snapshot.js';
import { BackupError, copyFromRunningPortal, portalRunsOn } from './backup-socket.js';
import {
  differences,
  fileDigests,
  journal,
  lastMigrationOf,
  manifestSchema,
  portalVersion,
  tableDigests,
  type Manifest,
  type Query,
  type TableDigests,
} from './manifest.js';

export { BackupError } from './backup-socket.js';

const MANIFEST = 'manifest.json';
const SECRET = 'jwt-secret';
/** Backups this command made and may remove when it keeps a count: `field-portal-20261128T023000Z`. */
const BACKUP_NAME = /^field-portal-\d{8}T\d{6}Z(-\d+)?$/;

type Say = (line: string) => void;

export interface BackupOptions {
  /** The folder the backup is written into (as a folder of its own, named by its time). */
  to: string;
  /** Keep this many backups in `to` (this one included), removing the oldest; all when absent. */
  keep?: number | undefined;
  now?: Date;
  say?: Say;
}

const quiet: Say = () => undefined;

/** A PostgreSQL client program: from PG_BIN, else Debian's newest, else the PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin', name);
  }
  return name;
}

/** The URL without its password, which goes in PGPASSWORD: a command line is visible to every user of the machine. */
function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new BackupError(
          `${path.basename(command)} could not be started (${error.message}); install PostgreSQL's client programs or set PG_BIN to their folder`,
        ),
      ),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${path.basename(command)} stopped with code ${code}: ${stderr.trim()}`))));
  });
}

/** Opens a PGlite data folder as it is (no migrations) for `work`, then closes it. */
async function withPglite<T>(dir: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = await PGlite.create(dir, PGLITE_OPTIONS);
  try {
    return await work(async <R>(text: string) => (await client.query<R>(text)).rows);
  } finally {
    await client.close();
  }
}

const pgQuery =
  (client: pg.Client): Query =>
  async <R>(text: string) =>
    (await client.query(text)).rows as R[];

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

async function copyFiles(from: string, to: string): Promise<void> {
  if (!fs.existsSync(from)) return;
  // A write under way is a `.part` beside its final name: it is not a file yet.
  await fsp.cp(from, to, { recursive: true, errorOnExist: true, force: false, filter: (source) => !source.endsWith('.part') });
}

/**
 * Writes a backup of the portal of `config` (its database, DATA_DIR/files and the generated signing
 * secret, with a manifest) into a new folder under `options.to`, written beside its final name and
 * renamed when complete. The embedded database is copied by the running portal when one answers
 * on DATA_DIR's socket, else straight from DATA_DIR/db; PostgreSQL is dumped by pg_dump, and the
 * manifest's counts are read in the dump's own snapshot.
 */
export async function makeBackup(config: Config, options: BackupOptions): Promise<{ dir: string; manifest: Manifest; removed: string[] }> {
  const say = options.say ?? quiet;
  const now = options.now ?? new Date();
  const root = path.resolve(options.to);
  if (root === config.dataDir || root.startsWith(`${config.dataDir}${path.sep}`)) {
    throw new BackupError(`The backup folder (${root}) is inside DATA_DIR (${config.dataDir}): a backup must live elsewhere`);
  }
  await fsp.mkdir(root, { recursive: true });
  let name = `field-portal-${stamp(now)}`;
  for (let n = 2; fs.existsSync(path.join(root, name)); n++) name = `field-portal-${stamp(now)}-${n}`;
  const final = path.join(root, name);
  const tmp = `${final}.tmp`;
  await fsp.rm(tmp, { recursive: true, force: true });
  await fsp.mkdir(tmp, { mode: 0o700 });
  try {
    let database: Manifest['database'];
    let tables: TableDigests;
    if (config.databaseUrl) {
      ({ database, tables } = await dumpPostgres(config.databaseUrl, tmp, say));
    } else {
      ({ database, tables } = await copyPglite(config.dataDir, tmp, say));
    }
    say('copying the uploaded files');
    await copyFiles(path.join(config.dataDir, 'files'), path.join(tmp, 'files'));
    const files = await fileDigests(path.join(tmp, 'files'));
    const secret = path.join(config.dataDir, SECRET);
    const signingSecret = fs.existsSync(secret);
    if (signingSecret) await fsp.copyFile(secret, path.join(tmp, SECRET));
    const manifest: Manifest = { format: 1, portal: { version: portalVersion() }, createdAt: now.toISOString(), database, tables, files, signingSecret };
    await fsp.writeFile(path.join(tmp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(tmp, final);
    const removed = options.keep ? await pruneBackups(root, options.keep) : [];
    return { dir: final, manifest, removed };
  } catch (error) {
    await fsp.rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

async function copyPglite(dataDir: string, into: string, say: Say): Promise<{ database: Manifest['database']; tables: TableDigests }> {
  const target = path.join(into, 'database');
  if (await copyFromRunningPortal(dataDir, target)) {
    say('the running portal copied its database');
  } else {
    const source = path.join(dataDir, 'db');
    if (!isDatabaseDir(source)) throw new BackupError(`There is no embedded database in ${source}; is DATA_DIR right (or DATABASE_URL missing)?`);
    say('no portal runs on this DATA_DIR: copying its database folder');
    await fsp.cp(source, target, { recursive: true });
  }
  say('counting the rows of every table');
  // The counts are read from the copy itself, so they are the backup's, whatever the portal wrote since.
  return withPglite(target, async (query) => ({
    database: { kind: 'pglite' as const, path: 'database', lastMigration: await lastMigrationOf(query) },
    tables: await tableDigests(query),
  }));
}

async function dumpPostgres(url: string, into: string, say: Say): Promise<{ database: Manifest['database']; tables: TableDigests }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // pg_dump reads the snapshot this transaction exports, so the dump and the counts see the same rows.
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [{ snapshot: string }];
    const { url: dumpUrl, env } = connectionOf(url);
    say('pg_dump (custom format)');
    const dumped = run(
      pgTool('pg_dump'),
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(into, 'database.pgdump')}`, `--dbname=${dumpUrl}`],
      env,
    );
    dumped.catch(() => undefined);
    const query = pgQuery(client);
    const lastMigration = await lastMigrationOf(query);
    const tables = await tableDigests(query);
    await dumped;
    await client.query('commit');
    return { database: { kind: 'postgres', path: 'database.pgdump', lastMigration }, tables };
  } finally {
    await client.end();
  }
}

/** Removes the oldest backups in `root` beyond `keep`; returns their names. */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const backups = (await fsp.readdir(root)).filter((name) => BACKUP_NAME.test(name) && fs.existsSync(path.join(root, name, MANIFEST))).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await fsp.rm(path.join(root, name), { recursive: true, force: true });
  return old;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} is not a backup of the portal: it has no ${MANIFEST}`);
  const parsed = manifestSchema.safeParse(JSON.parse(await fsp.readFile(file, 'utf8')));
  if (!parsed.success)
    throw new BackupError(`${file} is not a manifest this portal reads: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** A backup from a portal that knows migrations this one does not would not open here. */
function refuseNewer(manifest: Manifest): void {
  const known = journal();
  const last = known[known.length - 1]!;
  const { tag, when } = manifest.database.lastMigration;
  if (when > last.when || !known.some((entry) => entry.tag === tag && entry.when === when)) {
    throw new BackupError(
      `This backup was made by a newer portal (version ${manifest.portal.version}, last migration ${tag}); this portal (version ${portalVersion()}) knows migrations up to ${last.tag}. Restore it with the portal that made it, or a later one.`,
    );
  }
}

const hasEntries = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

/**
 * Restores the backup in `from` into the portal of `config`: an empty DATA_DIR (embedded) or an
 * empty database (DATABASE_URL), never over data. Every table's count and digest and every file's
 * digest are checked against the manifest; the portal's migrations run at its next start.
 */
export async function restoreBackup(config: Config, from: string, say: Say = quiet): Promise<Manifest> {
  const dir = path.resolve(from);
  const manifest = await readManifest(dir);
  refuseNewer(manifest);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it'
        : 'This backup is of the embedded database: unset DATABASE_URL to restore it into an empty DATA_DIR',
    );
  }
  const filesDir = path.join(config.dataDir, 'files');
  const secret = path.join(config.dataDir, SECRET);
  const pgliteDir = path.join(config.dataDir, 'db');
  if (kind === 'pglite') {
    if (await portalRunsOn(config.dataDir))
      throw new BackupError(`A portal is running on DATA_DIR (${config.dataDir}): stop it, and restore into an empty DATA_DIR`);
    if (hasEntries(pgliteDir))
      throw new BackupError(`DATA_DIR (${config.dataDir}) already holds a database in db/: restore only into an empty DATA_DIR (move the old one away first)`);
  }
  if (hasEntries(filesDir))
    throw new BackupError(
      `DATA_DIR (${config.dataDir}) already holds uploaded files in files/: restore only into an empty DATA_DIR (move the old one away first)`,
    );
  if (manifest.signingSecret && fs.existsSync(secret) && fs.readFileSync(secret, 'utf8') !== fs.readFileSync(path.join(dir, SECRET), 'utf8')) {
    throw new BackupError(`DATA_DIR (${config.dataDir}) already holds another signing secret (jwt-secret): restore only into an empty DATA_DIR`);
  }
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dir, manifest, say);
  else await restorePglite(pgliteDir, dir, manifest, say);
  say('restoring the uploaded files');
  const filesTmp = `${filesDir}.restoring-${process.pid}`;
  await fsp.rm(filesTmp, { recursive: true, force: true });
  await fsp.mkdir(config.dataDir, { recursive: true });
  await copyFiles(path.join(dir, 'files'), filesTmp);
  const wrong = differences('file', manifest.files, await fileDigests(filesTmp));
  if (wrong.length > 0) {
    await fsp.rm(filesTmp, { recursive: true, force: true });
    throw new BackupError(`The restored files differ from the backup's manifest:\n  ${wrong.join('\n  ')}`);
  }
  if (fs.existsSync(filesTmp)) {
    await fsp.rm(filesDir, { recursive: true, force: true });
    await fsp.rename(filesTmp, filesDir);
  }
  if (manifest.signingSecret && !fs.existsSync(secret)) await fsp.copyFile(path.join(dir, SECRET), secret);
  return manifest;
}

function checkTables(manifest: Manifest, actual: TableDigests): void {
  const wrong = differences('table', manifest.tables, actual);
  if (wrong.length > 0) throw new BackupError(`The restored database differs from the backup's manifest:\n  ${wrong.join('\n  ')}`);
}

async function restorePglite(target: string, dir: string, manifest: Manifest, say: Say): Promise<void> {
  const tmp = `${target}.restoring-${process.pid}`;
  await fsp.rm(tmp, { recursive: true, force: true });
  say('copying the database folder');
  await fsp.cp(path.join(dir, manifest.database.path), tmp, { recursive: true });
  try {
    say('checking every table against the manifest');
    checkTables(manifest, await withPglite(tmp, (query) => tableDigests(query)));
  } catch (error) {
    await fsp.rm(tmp, { recursive: true, force: true });
    throw error;
  }
  await fsp.rm(target, { recursive: true, force: true });
  await fsp.rename(tmp, target);
}

async function restorePostgres(url: string, dir: string, manifest: Manifest, say: Say): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ n: number }>(
        "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'",
      )
    ).rows;
    if (row!.n > 0)
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${row!.n} tables, views or sequences): restore only into an empty database (createdb a new one)`,
      );
    const { url: restoreUrl, env } = connectionOf(url);
    say('pg_restore');
    await run(
      pgTool('pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${restoreUrl}`, path.join(dir, manifest.database.path)],
      env,
    );
    say('checking every table against the manifest');
    checkTables(manifest, await tableDigests(pgQuery(client)));
  } finally {
    await client.end();
  }
}
