import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { freePort } from '../free-port.js';

/**
 * Issue 4: kill the server in the middle of firing a push, restart it, and find every delivery
 * exactly once. A real server process on a real PostgreSQL: the test holds a row lock on the card,
 * so the scheduler's firing transaction stops after inserting the deliveries (at its UPDATE of the
 * card); the process is then killed with SIGKILL. This file runs in the PostgreSQL run of the
 * suite only (vitest.config.ts), because it needs a second connection to the server's database.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dbName = `fp_crash_${crypto.randomBytes(5).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-crash-'));
let port = 0;
let child: ChildProcess | undefined;
const probe = new pg.Client({ connectionString: dbUrl });
/** Holds the card's row lock in its own transaction (the probe watches from outside it). */
const locker = new pg.Client({ connectionString: dbUrl });

async function until(what: string, attempt: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await attempt().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function startServer(): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = child;
  await until('the server', async () => started.exitCode === null && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 120_000);
}

function kill(signal: NodeJS.Signals): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill(signal);
  });
}

async function call<T>(method: string, url: string, token: string | undefined, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  port = await freePort();
  await startServer();
  await probe.connect();
  await locker.connect();
}, 180_000);

afterAll(async () => {
  await locker.end().catch(() => undefined);
  await probe.end().catch(() => undefined);
  await kill('SIGKILL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a server killed while firing a push', () => {
  it('leaves the push unfired with no delivery, and after a restart every employee has it exactly once', async () => {
    const login = await call<{ result: { access_token: string } }>('POST', API.system.login, undefined, { username: 'operator', password: 'demo1234' });
    const token = login.result.access_token;
    const { data: reserved } = await call<{ data: { id: number } }>('GET', API.cards.newCardId, token);
    const content = {
      type: 4,
      selectValue: 'study',
      BU: 'PC_All',
      titleName: 'Crash test',
      zhaiyao: 'body',
      author: 'op',
      imageUrl: '',
      imageUrl1: '',
      imageUrl2: '',
      imageUrl3: '',
      linkValue: 'https://example.com',
      fileList: [],
    };
    await call('POST', API.cards.updateCard, token, { id: reserved.id, status: 'created', content: JSON.stringify(content) });
    const [{ n: employees }] = (await probe.query<{ n: number }>('select count(*)::int as n from employees')).rows as [{ n: number }];
    expect(employees).toBeGreaterThan(1000);

    // Due in a few seconds; before that the test locks the card's row.
    await call('POST', API.push.pushCard, token, {
      pushDate: new Date(Date.now() + 8000).toISOString(),
      pushInfo: [{ id: reserved.id }],
      receiver: [],
      remark: { scope: 0 },
    });
    await locker.query('begin');
    await locker.query('select id from cards where id = $1 for update', [reserved.id]);
    const { rows: due } = await probe.query<{ status: string; wait: number }>(
      `select status, extract(epoch from push_date - now())::float as wait from pushes where card_id = $1`,
      [reserved.id],
    );
    // Still queued, and due in a moment (this machine may be slow; the push was set 8 s ahead).
    expect(due).toEqual([{ status: 'queued', wait: expect.any(Number) }]);
    // The scheduler has inserted the deliveries and now waits for the card's row lock.
    await until('the firing transaction to wait on the card', async () => {
      const { rows } = await probe.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike '%update cards c set%'`,
        [dbName],
      );
      return rows[0]!.n === 1;
    });
    await kill('SIGKILL');
    const [{ pid: lockerPid }] = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
    await locker.query('rollback');
    // The killed server's transaction is rolled back: nothing of the push was delivered.
    await until('the killed server\u2019s transaction to end', async () => {
      const { rows } = await probe.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)`,
        [dbName, lockerPid],
      );
      return rows[0]!.n === 0;
    });
    const before = await probe.query<{ status: string; delivered: number; deliveries: number; card: string }>(
      `select p.status, p.delivered_count as delivered, (select count(*)::int from deliveries d where d.queue_id = p.id) as deliveries, c.status as card
         from pushes p join cards c on c.id = p.card_id where p.card_id = $1`,
      [reserved.id],
    );
    expect(before.rows).toEqual([{ status: 'queued', delivered: 0, deliveries: 0, card: 'queue' }]);

    await startServer();
    await until('the push to fire after the restart', async () => {
      const { rows } = await probe.query<{ status: string }>('select status from pushes where card_id = $1', [reserved.id]);
      return rows[0]?.status === 'fired';
    });
    const after = await probe.query<{ delivered: number; deliveries: number; distinct_wwids: number; card: string }>(
      `select p.delivered_count as delivered, count(d.wwid)::int as deliveries, count(distinct d.wwid)::int as distinct_wwids, c.status as card
         from pushes p join cards c on c.id = p.card_id left join deliveries d on d.queue_id = p.id
        where p.card_id = $1 group by p.id, c.status`,
      [reserved.id],
    );
    expect(after.rows).toEqual([{ delivered: employees, deliveries: employees, distinct_wwids: employees, card: 'publish' }]);
  }, 240_000);
});
