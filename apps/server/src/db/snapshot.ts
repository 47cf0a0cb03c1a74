import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

// Light on purpose: the entry point imports this before the rest of the server loads. Which snapshot
// holds the demo, and when it is stale, is the seed's (seed/demo-snapshot.ts).

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
