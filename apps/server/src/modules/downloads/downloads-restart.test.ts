import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type DownloadJob, type DownloadJobPage, type QueuedDownload } from '@field-portal/shared';
import { openDatabase } from '../../db/client.js';
import { buildDemoTemplate } from '../../seed/template.js';
import { seedDemoData } from '../../seed/demo.js';
import { firedPushOf } from '../../../test/download-fixture.js';
import { freePort } from '../../../test/free-port.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * Enough rows that the export is still under way when the test, having seen its first progress,
 * kills the process: with 50,000 a run under Node 24 once saw the job finish between that look and
 * the kill (its status 'done', not 'running').
 */
const ROWS = Number(process.env.RESTART_ROWS ?? 150_000);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-restart-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The real server process (as `npm start` runs it, through tsx), on the embedded database of `dataDir`. */
async function start(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    // A short lease: the job of a killed process is taken over 1.5 s after its last progress write.
    // Progress stored every 50 ms, so the test sees the job under way however fast it runs.
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DOWNLOAD_LEASE_MS: '1500', DOWNLOAD_PROGRESS_MS: '50' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false),
    `the server did not come up: ${stderr}`,
    90_000,
  );
  return { child, url, exited };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000, last?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}${last ? ` (last seen ${last()})` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}${API.system.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: 'demo1234' }),
  });
  return ((await res.json()) as { result: { access_token: string } }).result.access_token;
}

async function jobOf(url: string, token: string, id: number): Promise<DownloadJob> {
  const res = await fetch(`${url}${API.downloads.findByCreateBy}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: DownloadJobPage }).result.result.find((j) => j.id === id)!;
}

describe('a job running when its process is killed', () => {
  it('is picked up again after a restart and its file is complete', async () => {
    const dataDir = path.join(scratch, 'data');
    // The embedded database, with a card fired to ROWS recipients, before the first start.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), pgliteTemplate: await buildDemoTemplate() });
    await seedDemoData(database.db);
    const cardId = await firedPushOf(database.db, ROWS);
    await database.close();

    const first = await start(dataDir);
    const token = await login(first.url);
    const res = await fetch(`${first.url}${API.downloads.asyncDownload}?templateName=cardReadDetails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cardId }),
    });
    expect(res.status).toBe(200);
    const { job } = ((await res.json()) as { result: QueuedDownload }).result;
    // Killed (no clean shutdown) while the rows are being written.
    let seen: DownloadJob | undefined;
    await until(
      async () => {
        seen = await jobOf(first.url, token, job.id);
        return seen.status === 'running' && seen.rowsDone > 0;
      },
      'the job to be under way',
      60_000,
      () => JSON.stringify(seen),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const killed = await (async () => {
      const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      try {
        return (
          await db.query<{ status: string; rows_done: number; attempts: number }>('select status, rows_done, attempts from download_jobs where id = $1', [
            job.id,
          ])
        )[0]!;
      } finally {
        await db.close();
      }
    })();
    expect(killed.status).toBe('running');
    expect(killed.attempts).toBe(1);

    const second = await start(dataDir);
    try {
      const token2 = await login(second.url);
      await until(async () => (await jobOf(second.url, token2, job.id)).status === 'done', 'the job to finish after the restart', 120_000);
      const done = await jobOf(second.url, token2, job.id);
      expect(done).toMatchObject({ rowsDone: ROWS, rowsTotal: ROWS, progress: 100 });
      const file = await fetch(`${second.url}${API.downloads.file}?id=${job.id}`, { headers: { authorization: `Bearer ${token2}` } });
      expect(file.status).toBe(200);
      const target = path.join(scratch, 'export.xlsx');
      fs.writeFileSync(target, Buffer.from(await file.arrayBuffer()));
      // Read back as a stream: every row is there, once, in order.
      let count = 0;
      let last = '';
      for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(target, {})) {
        for await (const row of sheet) {
          count += 1;
          const id = String((row.values as unknown[])[1]);
          if (count > 2) expect(id > last).toBe(true);
          last = id;
        }
      }
      expect(count).toBe(ROWS + 1);
      expect(last).toBe(`W${String(ROWS).padStart(8, '0')}`);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 300_000);
});
