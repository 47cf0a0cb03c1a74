import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API, message, STOMP, type DownloadJob, type DownloadJobPage, type QueuedDownload } from '@field-portal/shared';
import { openDatabase } from '../src/db/client.js';
import { buildDemoTemplate } from '../src/db/template.js';
import { seedDemoData } from '../src/seed/demo.js';
import { firedPushOf } from './download-fixture.js';
import { freePort } from './free-port.js';
import { openStomp, type RawClient } from './stomp-client.js';

/**
 * Issue 33: a real server process stopped with SIGTERM, as an orchestrator or `systemctl stop`
 * does it. Readiness turns 503 at once, the STOMP client is told and closed with 1001 (so it
 * connects again elsewhere), the export under way goes back to the queue for another instance,
 * a request under way (a sign-in whose body is still arriving) finishes, and the process exits 0.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = 50_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-stop-'));
const children: ChildProcess[] = [];
let stomp: RawClient | undefined;
afterAll(() => {
  stomp?.ws.terminate();
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000, last?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}${last ? ` (last seen ${last()})` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function jobOf(url: string, token: string, id: number): Promise<DownloadJob> {
  const res = await fetch(`${url}${API.downloads.findByCreateBy}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: DownloadJobPage }).result.result.find((j) => j.id === id)!;
}

/** An HTTP request over a raw socket whose body is sent in two parts: the second when the test says. */
function slowSignIn(port: number): { rest: () => void; response: Promise<string> } {
  const body = JSON.stringify({ username: 'rep01', password: 'demo1234' });
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`POST ${API.system.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
  socket.write(body.slice(0, 10));
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const response = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { rest: () => socket.write(body.slice(10)), response };
}

describe('SIGTERM', () => {
  it('takes the instance out of rotation, closes STOMP clients, gives the job back, finishes the request under way and exits 0', async () => {
    const dataDir = path.join(scratch, 'data');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), pgliteTemplate: await buildDemoTemplate() });
    await seedDemoData(database.db);
    const cardId = await firedPushOf(database.db, ROWS);
    await database.close();

    const port = await freePort();
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
      cwd: serverDir,
      // Progress every 50 ms: the test sees the export under way however fast it runs. A long
      // lease: the job is back in the queue because it was given back, not because the lease ran out.
      env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DOWNLOAD_PROGRESS_MS: '50', DOWNLOAD_LEASE_MS: '600000', SHUTDOWN_GRACE_MS: '30000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await until(() => fetch(`${url}${API.health}`).then((r) => r.ok).catch(() => false), `the server did not come up: ${stderr}`, 90_000);
    expect((await fetch(`${url}${API.ready}`)).status).toBe(200);

    const signIn = await fetch(`${url}${API.system.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: 'demo1234' }) });
    const token = ((await signIn.json()) as { result: { access_token: string } }).result.access_token;

    stomp = await openStomp(`ws://127.0.0.1:${port}${STOMP.endpoint}`);
    await stomp.connect(token);
    stomp.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('operator'), receipt: 'sub' });
    await stomp.next('RECEIPT');

    const queued = await fetch(`${url}${API.downloads.asyncDownload}?templateName=cardReadDetails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cardId }),
    });
    expect(queued.status).toBe(200);
    const { job } = ((await queued.json()) as { result: QueuedDownload }).result;
    let seen: DownloadJob | undefined;
    await until(async () => {
      seen = await jobOf(url, token, job.id);
      return seen.status === 'running' && seen.rowsDone > 0;
    }, 'the export to be under way', 60_000, () => JSON.stringify(seen));

    const slow = slowSignIn(port);
    child.kill('SIGTERM');

    // The STOMP client is told why, then closed with 1001 (going away).
    const error = await stomp.next('ERROR', 20_000);
    expect(error.headers.message).toBe(message('stomp.serverStopping', 'zh'));
    expect(await stomp.closed).toBe(1001);

    // Out of rotation while it finishes: readiness 503 saying so; liveness still answers.
    const ready = await fetch(`${url}${API.ready}`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reasons: string[] }).reasons).toContain('stopping');

    // The export went back to the queue (its lease given back) for another instance.
    await until(async () => {
      seen = await jobOf(url, token, job.id);
      return seen.status === 'queued';
    }, 'the export to go back to the queue', 30_000, () => JSON.stringify(seen));
    expect(seen).toMatchObject({ status: 'queued', rowsDone: 0 });

    // The request under way finishes, and only then does the process exit.
    expect(child.exitCode).toBeNull();
    slow.rest();
    const response = await slow.response;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('"access_token"');
    expect(await exited).toBe(0);

    const after = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const [row] = await after.query<{ status: string; claim_token: string | null; lease_until: string | null; attempts: number }>(
        'select status, claim_token, lease_until, attempts from download_jobs where id = $1',
        [job.id],
      );
      expect(row).toEqual({ status: 'queued', claim_token: null, lease_until: null, attempts: 1 });
    } finally {
      await after.close();
    }
  }, 300_000);
});
