import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../apps/server/src/db/client.js';
import { withIndexesDeferred, writeDataset } from '../apps/server/src/modules/customers/index.js';
import { ensureReferenceData } from '../apps/server/src/modules/reference/index.js';
import { pgTool } from '../apps/server/src/ops/backup.js';
import { emptyPostgres } from './databases.js';
import { report, ROOT, SMALL, startPortal, timed } from './lib.js';

/**
 * Backup and restore (issue 33, docs/decisions/0039), as `npm run backup` / `npm run restore` run
 * them (the built command, its own process): the demo on the embedded database while the portal
 * runs, next to a bare copy of the data folder; and a PostgreSQL database of N doctors
 * (BENCH_BACKUP_DOCTORS, 1,000,000 at full size) next to a bare `pg_dump` of it, same run.
 */
const COMMAND = 'apps/server/dist/backup.mjs';

function command(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, COMMAND), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${COMMAND} ${args.join(' ')} stopped with code ${code}: ${stderr}`))));
  });
}

function bare(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} stopped with code ${code}`))));
  });
}

async function sizeOf(target: string): Promise<number> {
  const stat = await fsp.stat(target);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of await fsp.readdir(target, { recursive: true })) {
    const entry = await fsp.stat(path.join(target, String(name)));
    if (entry.isFile()) total += entry.size;
  }
  return total;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const only = (dir: string) =>
  path.join(
    dir,
    fs.readdirSync(dir).find((name) => name.startsWith('field-portal-'))!,
  );

export async function run(): Promise<void> {
  console.log('\nBackup and restore (npm run backup / npm run restore)');
  if (!fs.existsSync(path.join(ROOT, COMMAND))) throw new Error(`${COMMAND} is missing: run npm run build first`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-backup-'));
  try {
    await embedded(work);
    await postgres(work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function embedded(work: string): Promise<void> {
  const portal = await startPortal();
  let backup: string;
  try {
    // The running portal's socket is no data (and Node's copy refuses sockets).
    const [copyMs] = await timed(() =>
      fsp.cp(portal.dataDir, path.join(work, 'bare-copy'), { recursive: true, filter: (source) => path.basename(source) !== 'backup.sock' }),
    );
    const copyBytes = await sizeOf(path.join(work, 'bare-copy'));
    const [backupMs] = await timed(() => command(['backup', '--to', path.join(work, 'embedded')], { DATA_DIR: portal.dataDir }));
    backup = only(path.join(work, 'embedded'));
    const backupBytes = await sizeOf(backup);
    const reference = `bare copy of the data folder ${(copyMs / 1000).toFixed(1)} s, ${mb(copyBytes).toFixed(0)} MB`;
    report({
      name: 'backup of the demo, embedded, portal running (time)',
      value: backupMs / 1000,
      unit: 's',
      budget: 'none set (reported)',
      reference,
      ok: true,
    });
    report({ name: 'backup of the demo, embedded (size)', value: mb(backupBytes), unit: 'MB', budget: 'none set (reported)', reference, ok: true });
  } finally {
    await portal.stop();
  }
  const restoreTo = path.join(work, 'restored');
  const [copyMs] = await timed(() => fsp.cp(backup, path.join(work, 'bare-copy-2'), { recursive: true }));
  const [restoreMs] = await timed(() => command(['restore', backup], { DATA_DIR: restoreTo }));
  report({
    name: 'restore of the demo, embedded, digests checked (time)',
    value: restoreMs / 1000,
    unit: 's',
    budget: 'none set (reported)',
    reference: `bare copy of the backup ${(copyMs / 1000).toFixed(1)} s`,
    ok: true,
  });
}

async function postgres(work: string): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('  (set BENCH_DATABASE_URL for the PostgreSQL figures)');
    return;
  }
  const doctors = SMALL ? 2000 : Number(process.env.BENCH_BACKUP_DOCTORS ?? 1_000_000);
  const source = await emptyPostgres(adminUrl);
  const target = await emptyPostgres(adminUrl);
  try {
    const database = await openDatabase({ databaseUrl: source.url, poolSize: 4 });
    try {
      const db = database.db;
      await ensureReferenceData(db);
      const [admin] = await selectRows<{ id: number }>(db, sql`select id from users order by id limit 1`);
      await withIndexesDeferred(db, () =>
        writeDataset(db, { hospitals: Math.max(10, Math.round(doctors * 0.06)), doctors, seed: 14, tagOwner: admin?.id ?? 1 }),
      );
      await db.execute(sql`vacuum (analyze)`);
    } finally {
      await database.close();
    }
    const label = `${doctors.toLocaleString('en')} doctors, PostgreSQL`;
    const dumpFile = path.join(work, 'bare.pgdump');
    const [dumpMs] = await timed(() => bare(pgTool('pg_dump'), ['--format=custom', `--file=${dumpFile}`, `--dbname=${source.url}`]));
    const dumpBytes = fs.statSync(dumpFile).size;
    const dataDir = path.join(work, 'pg-data');
    const [backupMs] = await timed(() => command(['backup', '--to', path.join(work, 'postgres')], { DATA_DIR: dataDir, DATABASE_URL: source.url }));
    const backup = only(path.join(work, 'postgres'));
    const backupBytes = await sizeOf(backup);
    const reference = `bare pg_dump -Fc ${(dumpMs / 1000).toFixed(1)} s, ${mb(dumpBytes).toFixed(1)} MB`;
    report({ name: `backup of ${label} (time)`, value: backupMs / 1000, unit: 's', budget: 'none set (reported)', reference, ok: true });
    report({ name: `backup of ${label} (size)`, value: mb(backupBytes), unit: 'MB', budget: 'none set (reported)', reference, ok: true });
    const scratch = await emptyPostgres(adminUrl);
    try {
      const [bareMs] = await timed(() =>
        bare(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${scratch.url}`, dumpFile]),
      );
      const [restoreMs] = await timed(() => command(['restore', backup], { DATA_DIR: path.join(work, 'pg-restored'), DATABASE_URL: target.url }));
      report({
        name: `restore of ${label}, digests checked (time)`,
        value: restoreMs / 1000,
        unit: 's',
        budget: 'none set (reported)',
        reference: `bare pg_restore ${(bareMs / 1000).toFixed(1)} s`,
        ok: true,
      });
    } finally {
      await scratch.drop();
    }
  } finally {
    await source.drop();
    await target.drop();
  }
}
