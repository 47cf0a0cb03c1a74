import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message, STOMP, type Notice } from '@field-portal/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { PushScheduler } from '../../src/modules/push/scheduler.js';
import { AuthCache } from '../../src/platform/auth-cache.js';
import { realtimeHub } from '../../src/platform/realtime/index.js';
import { DiskFileStore } from '../../src/platform/storage.js';
import { TokenService } from '../../src/platform/tokens.js';
import { createHarness, SECRET, type Harness } from '../harness.js';
import { openStomp, type RawClient } from '../stomp-client.js';

/**
 * Issue 12: two instances on one PostgreSQL with their LISTEN connections cut
 * (pg_terminate_backend) right before a logout and right before a push fires. The logout still
 * ends the session on the other instance (its sign-in cache is not trusted while it cannot hear,
 * and its STOMP sessions are checked again when it hears again), and a client connected throughout
 * gets the push notice exactly once. This file runs in the PostgreSQL run of the suite only
 * (vitest.config.ts): PGlite has no connection to cut.
 */
let a: Harness;
let b: { app: FastifyInstance; database: Database; authCache: AuthCache };
let bUrl = '';
let probe: pg.Client;
const clients: RawClient[] = [];

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends every LISTEN connection of the test database, as a restart or a failover would. */
async function cutListeners(): Promise<number> {
  const res = await probe.query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
  );
  return res.rows[0]!.n;
}

async function listeningCount(): Promise<number> {
  const res = await probe.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
  );
  return res.rows[0]!.n;
}

async function subscribed(token: string, username: string): Promise<RawClient> {
  const client = await openStomp(bUrl);
  clients.push(client);
  await client.connect(token);
  client.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic(username), receipt: 'ok' });
  await client.next('RECEIPT');
  return client;
}

beforeAll(async () => {
  a = await createHarness();
  const database = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 3 });
  const config = loadConfig({ DATA_DIR: a.dataDir, JWT_SECRET: SECRET });
  const authCache = new AuthCache(database);
  const app = await buildApp({
    config,
    database,
    tokens: new TokenService(SECRET, a.clock.now),
    authCache,
    files: new DiskFileStore(a.dataDir),
    now: a.clock.now,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  bUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${STOMP.endpoint}`;
  b = { app, database, authCache };
  probe = new pg.Client({ connectionString: a.databaseUrl });
  await probe.connect();
}, 120_000);

afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await probe?.end();
  await b?.app.close();
  await b?.database.close();
  await a?.close();
});

describe('two instances whose LISTEN connections are cut', () => {
  it('a logout on A right after the cut ends the session on B: its calls at once, its STOMP connection once B hears again', async () => {
    const { access, refresh } = await a.login('rep01');
    const userInfo = () => b.app.inject({ method: 'GET', url: '/API-SYSTEM/user/info?isBrief=false', headers: { authorization: `Bearer ${access}` } });
    expect((await userInfo()).statusCode).toBe(200); // B has the session cached now
    const stomp = await subscribed(access, 'rep01');
    const before = await listeningCount();
    expect(before).toBeGreaterThanOrEqual(4); // A and B: sign-in cache and notices each

    expect(await cutListeners()).toBe(before);
    await until("B's sign-in cache to notice", () => !b.authCache.serving);
    const out = await a.app.inject({
      method: 'POST',
      url: API.system.logout,
      headers: { authorization: `Bearer ${access}` },
      payload: { refresh_token: refresh },
    });
    expect(out.statusCode).toBe(200);

    // B cannot have heard the invalidation; it does not trust its cache meanwhile.
    expect((await userInfo()).statusCode).toBe(401);
    // Once listening again, B checks its STOMP sessions and ends the logged-out one.
    const error = await stomp.next('ERROR', 15_000);
    expect(error.headers.message).toBe(message('stomp.authRequired', 'zh'));
    expect(await stomp.closed).toBe(1008);
    await until('every LISTEN connection to be back', async () => (await listeningCount()) >= before);
    expect(b.authCache.serving).toBe(true);
    expect((await userInfo()).statusCode).toBe(401);
  });

  it("a push that fires on A while B cannot hear reaches B's connected recipient exactly once", async () => {
    const { access } = await a.login('rep02');
    const stomp = await subscribed(access, 'rep02');
    const operator = (await a.login('operator')).access;
    const [card] = await a.database.query<{ id: string }>(
      `insert into cards (id, content, status, create_by, create_time, update_time) values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now()) returning id`,
      [JSON.stringify({ type: 4, titleName: 'While nobody listened', BU: 'PC_All' })],
    );
    const [rep02] = await a.database.query<{ employee_no: string }>(`select employee_no from users where username = 'rep02'`);
    const pushed = await a.app.inject({
      method: 'POST',
      url: API.push.pushCard,
      headers: { authorization: `Bearer ${operator}` },
      payload: {
        pushDate: '0',
        pushInfo: [{ id: Number(card!.id), mustRead: false }],
        receiver: [{ receiverId: rep02!.employee_no, receiverName: '' }],
        remark: { scope: 2 },
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const queueId = (pushed.json().data as { queue: { queueId: number }[] }).queue[0]!.queueId;

    const hub = realtimeHub(b.app.ctx);
    const catchUps = hub.catchUps;
    const before = await listeningCount();
    expect(await cutListeners()).toBe(before);
    await until("B's sign-in cache to notice", () => !b.authCache.serving);
    // Fired on A while B's LISTEN connection is down: its NOTIFY reaches nobody on B.
    const fired = await new PushScheduler(a.database.db).runDue(a.clock.value);
    expect(fired.fired).toContain(queueId);

    const frame = await stomp.next('MESSAGE', 15_000);
    const notice = JSON.parse(frame.body) as Notice;
    expect(notice.type).toBe('card.delivered');
    expect(notice.data).toMatchObject({ queueId, title: 'While nobody listened' });
    // Once caught up (and with every connection back), nothing more arrives: exactly once.
    await until('B to catch up', () => hub.catchUps > catchUps);
    await until('every LISTEN connection to be back', async () => (await listeningCount()) >= before);
    await hub.idle();
    await realtimeHub(a.app.ctx).idle();
    expect(stomp.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });

  it('a push committed on A is not sent twice when B hears it and then catches up', async () => {
    const { access } = await a.login('rep03');
    const stomp = await subscribed(access, 'rep03');
    const notice: Notice = { type: 'chat.message', at: new Date().toISOString(), data: { marker: 'once' } };
    const { publishNotice } = await import('../../src/platform/realtime/publish.js');
    await publishNotice(a.database, ['rep03'], notice);
    expect(JSON.parse((await stomp.next('MESSAGE')).body)).toMatchObject({ data: { marker: 'once' } });
    // The connection drops after B heard it: the catch-up reads the same row again and skips it.
    const hub = realtimeHub(b.app.ctx);
    const catchUps = hub.catchUps;
    const before = await listeningCount();
    await cutListeners();
    await until('B to catch up', () => hub.catchUps > catchUps);
    await until('every LISTEN connection to be back', async () => (await listeningCount()) >= before);
    await hub.idle();
    expect(stomp.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });
});
