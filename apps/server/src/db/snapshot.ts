import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MIGRATIONS_DIR, SEED_DIR, SERVER_SRC } from './paths.js';

// Light on purpose: the entry point imports this before the rest of the server loads.
const require = createRequire(import.meta.url);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Changes whenever PGlite, a migration, the demo seed or the way the snapshot is made changes, so a stale snapshot is never used. */
function snapshotKey(): string {
  const pglite = path.dirname(require.resolve('@electric-sql/pglite'));
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(pglite, '..', 'package.json')));
  // The customer area's dataset generator and reference data feed the demo seed too, as do the suggestion rules.
  const generated = ['reference/seed.ts', 'reference/regions.ts', 'customers/generator.ts', 'customers/dataset.ts', 'customers/pinyin.ts', 'intelligence/suggestions.ts', 'intelligence/suggestions-repo.ts'].map((f) => path.join(SERVER_SRC, 'modules', f));
  for (const file of [...filesUnder(MIGRATIONS_DIR), ...filesUnder(SEED_DIR), ...generated, path.join(SERVER_SRC, 'db', 'template.ts')]) {
    hash.update(file.slice(SERVER_SRC.length)).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the build keeps a ready embedded database with the demo data (template.ts makes it). */
export function demoSnapshotPath(): string {
  const nodeModules = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', '..', '..');
  return path.join(nodeModules, '.cache', 'field-portal', `pglite-demo-${snapshotKey()}`);
}

export const isDatabaseDir = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Fills a fresh PGlite data folder from a snapshot; does nothing when the folder already holds
 * a database or there is no snapshot. The copy goes to a temporary folder renamed into place,
 * so a start interrupted mid-copy leaves no half database behind. A data folder is ~640 files
 * and creating files is slow on some disks, so the entry point starts the copy, on a thread of
 * its own, before the rest of the server loads (docs/decisions/0001).
 */
export async function fillFromSnapshot(snapshot: string | undefined, dir: string): Promise<boolean> {
  if (!snapshot || isDatabaseDir(dir) || !isDatabaseDir(snapshot)) return false;
  const tmp = `${dir}.${process.pid}.tmp`;
  await fs.promises.rm(tmp, { recursive: true, force: true });
  await copyInWorker(snapshot, tmp);
  await fs.promises.mkdir(path.dirname(dir), { recursive: true });
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.rename(tmp, dir);
  return true;
}

/**
 * fs.cpSync on a thread of its own, so that a busy main thread does not hold the copy up. The
 * thread gets none of the process's Node options: it runs plain JavaScript and needs no module
 * loader (tsx, in tests and development) to start first.
 */
function copyInWorker(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const code = "const { workerData } = require('node:worker_threads'); require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });";
    const worker = new Worker(code, { eval: true, workerData: { from, to }, execArgv: [] });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`copy of ${from} stopped with code ${code}`))));
  });
}
