import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropScratchDatabasesOfRun, SCRATCH_RUN } from '../src/db/scratch.js';

/**
 * Global setup of the server suite: what a run leaves behind fails it, naming what was left, and
 * is removed. The run's temporary files (each file's ~400 MB database copy, its data folder, what
 * the portal writes to the temporary folder) go to a folder of the run's own, which must be empty
 * at the end; on PostgreSQL, its scratch databases are marked as its own and none may remain. A test
 * that leaves its copy behind fills a CI machine's disk a few runs later; here it fails the run
 * that left it.
 */
export default function setup(): () => Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-server-tests-'));
  const run = crypto.randomBytes(6).toString('hex');
  // os.tmpdir() reads TMPDIR on every call; the test workers and the processes they start inherit both.
  const tmpBefore = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  process.env[SCRATCH_RUN] = run;
  return async () => {
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    // tsx keeps its compile cache in the temporary folder (`tsx-<uid>`) for the processes the tests start with it.
    const left = fs.readdirSync(folder).filter((name) => !/^tsx-\d+$/.test(name));
    fs.rmSync(folder, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) left.push(...(await dropScratchDatabasesOfRun(adminUrl, run)).map((name) => `database ${name}`));
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits with 0.
      process.stderr.write(`The server tests left behind: ${left.join(', ')}\n`);
      process.exitCode = 1;
    }
  };
}
