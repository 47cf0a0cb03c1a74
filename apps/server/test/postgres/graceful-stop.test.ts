import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API, message, STOMP, type QueuedDownload } from '@field-portal/shared';
import { openDatabase } from '../../src/db/client.js';
import { scratchDatabase } from '../../src/db/scratch.js';
import { demoTemplateDatabase } from '../../src/seed/template.js';
import { firedPushOf } from '../download-fixture.js';
import { freePort } from '../free-port.js';
import { openStomp, type RawClient } from '../stomp-client.js';

/**
 * Issue 33: a real server process stopped with SIGTERM, as an orchestrator or `systemctl stop`
 * does it. Readiness turns 503 at once, the STOMP client is told and closed with 1001 (so it
 * connects again elsewhere), the export under way goes back to the queue for another instance,
 * a request under way (a sign-in whose body is still arriving) finishes, and the process exits 0.
 *
 * The export is held mid-way by a row lock on its job (its next progress write waits), so the
 * signal finds it running whatever the machine's speed: a second connection to the server's
 * database, hence the PostgreSQL run of the suite only (vitest.config.ts).
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = 100_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-stop-'));
let child: ChildProcess | undefined;
let stomp: RawClient | undefined;
let drop: (() => Promise<void>) | undefined;
const clients: pg.Client[] = [];
afterAll(async () => {
  stomp?.ws.terminate();
  if (child && child.exitCode === null) child.kill('SIGKILL');
  for (const c of clients) await c.end().catch(() => undefined);
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000, last?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}${last ? ` (last seen ${last()})` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A sign-in over a raw socket whose body is sent in two parts, the second when the test says.
 * `started` resolves on the server's 100 Continue: the server has taken the request.
 */
function slowSignIn(port: number): { started: Promise<void>; rest: () => void; response: Promise<string> } {
  const body = JSON.stringify({ username: 'rep01', password: 'demo1234' });
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    `POST ${API.system.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.slice(0, 10));
  let text = '';
  let continued: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (continued = resolve));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    if (text.startsWith('HTTP/1.1 100 ')) continued();
  });
  const response = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { started, rest: () => socket.write(body.slice(10)), response };
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

describe('SIGTERM', () => {
  it('takes the instance out of rotation, closes STOMP clients, gives the job back, finishes the request under way and exits 0', async () => {
    const scratch = await scratchDatabase(adminUrl, 'fp_stop', await demoTemplateDatabase(adminUrl));
    drop = scratch.drop;
    const seeding = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    const cardId = await firedPushOf(seeding.db, ROWS);
    await seeding.close();
    const probe = await connected(scratch.url);
    const locker = await connected(scratch.url);

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
      cwd: serverDir,
      // A long lease: the job is back in the queue because it was given back, not because the lease ran out.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        DOWNLOAD_PROGRESS_MS: '50',
        DOWNLOAD_LEASE_MS: '600000',
        SHUTDOWN_GRACE_MS: '60000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const running = child;
    let stderr = '';
    running.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await until(
      () =>
        fetch(`${url}${API.health}`)
          .then((r) => r.ok)
          .catch(() => false),
      `the server did not come up: ${stderr}`,
      120_000,
    );
    expect((await fetch(`${url}${API.ready}`)).status).toBe(200);

    const signIn = await fetch(`${url}${API.system.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: 'demo1234' }),
    });
    const token = ((await signIn.json()) as { result: { access_token: string } }).result.access_token;
    stomp = await openStomp(`ws://127.0.0.1:${port}${STOMP.endpoint}`);
    await stomp.connect(token);
    stomp.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('operator'), receipt: 'sub' });
    await stomp.next('RECEIPT');

    const slow = slowSignIn(port);
    await slow.started;

    const queued = await fetch(`${url}${API.downloads.asyncDownload}?templateName=cardReadDetails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cardId }),
    });
    expect(queued.status).toBe(200);
    const { job } = ((await queued.json()) as { result: QueuedDownload }).result;
    const jobRow = async () =>
      (
        await probe.query<{ status: string; claim_token: string | null; lease_until: Date | null; attempts: number }>(
          'select status, claim_token, lease_until, attempts from download_jobs where id = $1',
          [job.id],
        )
      ).rows[0]!;
    // Claimed, then held: its next progress write waits for this lock.
    await until(async () => (await jobRow()).status === 'running', 'the export to be claimed', 60_000);
    await locker.query('begin');
    await locker.query('select id from download_jobs where id = $1 for update', [job.id]);
    await until(
      async () =>
        (
          await probe.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%update "download_jobs" set rows_done%'`,
          )
        ).rows[0]!.n > 0,
      'the export to wait for the lock',
      60_000,
    );

    child.kill('SIGTERM');

    // The STOMP client is told why, then closed with 1001 (going away).
    const error = await stomp.next('ERROR', 20_000);
    expect(error.headers.message).toBe(message('stomp.serverStopping', 'zh'));
    expect(await stomp.closed).toBe(1001);

    // Out of rotation while it finishes: readiness 503 saying so.
    const ready = await fetch(`${url}${API.ready}`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reasons: string[] }).reasons).toEqual(['stopping']);

    // Let the export go on: it stops at its next batch and gives the job back to the queue.
    await locker.query('commit');
    let seen: unknown;
    await until(
      async () => {
        const row = await jobRow();
        seen = row;
        return row.status === 'queued';
      },
      'the export to go back to the queue',
      60_000,
      () => JSON.stringify(seen),
    );
    expect(await jobRow()).toEqual({ status: 'queued', claim_token: null, lease_until: null, attempts: 1 });

    // The request under way finishes, and only then does the process exit.
    expect(running.exitCode).toBeNull();
    slow.rest();
    const response = await slow.response;
    expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(response).toContain('"access_token"');
    expect(await exited).toBe(0);
  }, 300_000);
});
