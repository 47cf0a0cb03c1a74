import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message, STOMP, STOMP_LIMITS, chatSendUrl, type Notice } from '@field-portal/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { PushScheduler } from '../src/modules/push/scheduler.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { NOTICE_CHANNEL, publishNotice, realtimeHub } from '../src/platform/realtime/index.js';
import { DiskFileStore } from '../src/platform/storage.js';
import { TokenService } from '../src/platform/tokens.js';
import { wwidOf } from '../src/seed/demo.js';
import { createHarness, SECRET, type Harness } from './harness.js';
import { RawClient } from './stomp-client.js';

let h: Harness;
let url: string;
const tokens: Record<string, string> = {};
const clients: RawClient[] = [];

async function open(target = url): Promise<RawClient> {
  const ws = new WebSocket(target, ['v12.stomp']);
  const client = new RawClient(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  clients.push(client);
  return client;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${STOMP.endpoint}`;
}

beforeAll(async () => {
  h = await createHarness();
  url = await listen(h.app);
  for (const username of ['operator', 'rep01', 'admin']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await h?.close();
});

const chatHeaders = (user: string) => ({ ...h.auth(tokens[user]!), username: user, language: 'en' });

describe('STOMP 1.2 endpoint: frames', () => {
  it('answers CONNECT with CONNECTED (bearer token), SUBSCRIBE with RECEIPT, then MESSAGE, UNSUBSCRIBE and DISCONNECT', async () => {
    const c = await open();
    expect(c.ws.protocol).toBe('v12.stomp');
    const connected = await c.connect(tokens.rep01!);
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['user-name']).toBe('rep01');
    expect(connected.headers['heart-beat']).toBe(`${STOMP.heartbeatMs},${STOMP.heartbeatMs}`);
    c.send('SUBSCRIBE', { id: 'sub-0', destination: STOMP.topicNotice, receipt: 'r1' });
    expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('r1');
    c.send('SUBSCRIBE', { id: 'sub-1', destination: STOMP.userTopic('rep01'), receipt: 'r2' });
    expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('r2');

    const notice: Notice = { type: 'chat.message', at: new Date().toISOString(), data: { conversationId: 1, from: 'x', fromName: 'X', messageId: 1 } };
    await publishNotice(h.database, 'all', notice);
    const broadcast = await c.next('MESSAGE');
    expect(broadcast.headers.destination).toBe(STOMP.topicNotice);
    expect(broadcast.headers.subscription).toBe('sub-0');
    expect(broadcast.headers['message-id']).toBeTruthy();
    expect(JSON.parse(broadcast.body)).toEqual(notice);

    await publishNotice(h.database, ['rep01'], notice);
    const own = await c.next('MESSAGE');
    expect(own.headers.destination).toBe(STOMP.userTopic('rep01'));
    expect(own.headers.subscription).toBe('sub-1');

    c.send('ACK', { id: own.headers['message-id']!, receipt: 'ack' });
    expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('ack');
    c.send('UNSUBSCRIBE', { id: 'sub-1', receipt: 'r3' });
    expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('r3');
    await publishNotice(h.database, ['rep01'], notice);
    await publishNotice(h.database, 'all', { ...notice, data: { marker: 'after' } });
    const after = await c.next('MESSAGE');
    // The user notice published first no longer arrives: only the broadcast does.
    expect(JSON.parse(after.body).data).toEqual({ marker: 'after' });

    c.send('DISCONNECT', { receipt: 'bye' });
    expect((await c.next('RECEIPT')).headers['receipt-id']).toBe('bye');
    expect(await c.closed).toBe(1000);
  });

  it('accepts the token as passcode or token header and the STOMP command', async () => {
    const a = await open();
    a.send('STOMP', { 'accept-version': '1.1,1.2', host: 'x', login: 'operator', passcode: tokens.operator! });
    expect((await a.next('CONNECTED')).headers['user-name']).toBe('operator');
    const b = await open();
    expect((await b.connect('', { Authorization: '', token: tokens.admin! })).headers['user-name']).toBe('admin');
  });

  it('refuses CONNECT without a valid token with an ERROR frame and closes', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }, { passcode: 'nope' }] as Record<string, string>[]) {
      const c = await open();
      c.send('CONNECT', { 'accept-version': '1.2', host: 'x', ...headers }, '');
      const error = await c.next('ERROR');
      expect(error.headers.message).toBe(message('stomp.authRequired', 'zh'));
      expect(await c.closed).toBe(1008);
    }
    const en = await open();
    en.send('CONNECT', { 'accept-version': '1.2', host: 'x', language: 'en' });
    expect((await en.next('ERROR')).headers.message).toBe(message('stomp.authRequired', 'en'));
  });

  it('ends the connection with an ERROR frame when its session is logged out', async () => {
    const { access } = await h.login('rep01');
    const c = await open();
    await c.connect(access, { language: 'en' });
    const other = await open();
    await other.connect(tokens.rep01!);
    const res = await h.app.inject({ method: 'POST', url: API.system.logout, headers: h.auth(access), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.next('ERROR')).headers.message).toBe(message('stomp.authRequired', 'en'));
    expect(await c.closed).toBe(1008);
    // The same user's other session stays connected.
    await realtimeHub(h.app.ctx).idle();
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses any frame before CONNECT and a client that cannot speak 1.2', async () => {
    const c = await open();
    c.send('SUBSCRIBE', { id: 's', destination: STOMP.topicNotice, receipt: 'x' });
    const error = await c.next('ERROR');
    expect(error.headers['receipt-id']).toBe('x');
    expect(error.body).toContain(message('stomp.notConnected', 'zh'));
    expect(await c.closed).toBe(1008);
    const old = await open();
    old.send('CONNECT', { 'accept-version': '1.0,1.1', Authorization: `Bearer ${tokens.rep01}` });
    expect((await old.next('ERROR')).headers.version).toBe('1.2');
    expect(await old.closed).toBe(1002);
  });

  it("refuses a SUBSCRIBE to another user's destination and to an unknown one", async () => {
    const c = await open();
    await c.connect(tokens.rep01!, { language: 'en' });
    c.send('SUBSCRIBE', { id: 's', destination: STOMP.userTopic('operator') });
    expect((await c.next('ERROR')).headers.message).toBe(message('stomp.destinationForbidden', 'en'));
    expect(await c.closed).toBe(1008);
    const d = await open();
    await d.connect(tokens.rep01!, { language: 'en' });
    d.send('SUBSCRIBE', { id: 's', destination: '/queue/secret' });
    expect((await d.next('ERROR')).headers.message).toBe(message('stomp.destinationUnknown', 'en', { destination: '/queue/secret' }));
    const e = await open();
    await e.connect(tokens.rep01!, { language: 'en' });
    e.send('SUBSCRIBE', { id: 's', destination: STOMP.topicNotice });
    e.send('SUBSCRIBE', { id: 's', destination: STOMP.userTopic('rep01') });
    expect((await e.next('ERROR')).headers.message).toBe(message('stomp.subscriptionInvalid', 'en'));
  });

  it('answers a malformed frame with ERROR and closes', async () => {
    const cases = ['HELLO\n\n\0', 'SUBSCRIBE\nno colon here\n\n\0', 'SUBSCRIBE\nid:a\\tb\ndestination:/topic/notice\n\n\0', 'SEND\ncontent-length:abc\n\nx\0'];
    for (const raw of cases) {
      const c = await open();
      await c.connect(tokens.rep01!, { language: 'en' });
      c.ws.send(raw);
      expect((await c.next('ERROR')).headers.message).toBe(message('stomp.malformed', 'en'));
      expect(await c.closed).toBe(1002);
    }
    // A client command the endpoint does not take (SEND: notices only come from the server).
    const s = await open();
    await s.connect(tokens.rep01!, { language: 'en' });
    s.send('SEND', { destination: STOMP.topicNotice }, 'hi');
    expect((await s.next('ERROR')).headers.message).toBe(message('stomp.unsupported', 'en', { command: 'SEND' }));
  });

  it('answers an oversized frame with ERROR and closes, in one message or in pieces', async () => {
    const big = 'x'.repeat(STOMP_LIMITS.frameMaxBytes + 10);
    const c = await open();
    await c.connect(tokens.rep01!, { language: 'en' });
    c.send('SUBSCRIBE', { id: 's', destination: STOMP.topicNotice, big });
    expect((await c.next('ERROR')).headers.message).toBe(message('stomp.tooLarge', 'en'));
    expect(await c.closed).toBe(1002);
    const d = await open();
    await d.connect(tokens.rep01!, { language: 'en' });
    // No NUL yet: the pieces pile up until the limit.
    d.ws.send(`SUBSCRIBE\nid:s\ndestination:/topic/notice\nbig:${'y'.repeat(STOMP_LIMITS.frameMaxBytes / 2)}`);
    d.ws.send('y'.repeat(STOMP_LIMITS.frameMaxBytes / 2 + 10));
    expect((await d.next('ERROR')).headers.message).toBe(message('stomp.tooLarge', 'en'));
    expect(await d.closed).toBe(1002);
  });

  it('negotiates heart-beats, sends them, and closes a connection silent for too long', async () => {
    const hub = realtimeHub(h.app.ctx);
    const saved = hub.settings.heartbeatMs;
    hub.settings.heartbeatMs = 100;
    try {
      const c = await open();
      const connected = await c.connect(tokens.rep01!, { 'heart-beat': '50,80', language: 'en' });
      expect(connected.headers['heart-beat']).toBe('100,100');
      await new Promise((resolve) => setTimeout(resolve, 450));
      // max(100, 80) = every 100 ms from the server.
      expect(c.heartbeats).toBeGreaterThanOrEqual(2);
      // The client sends nothing: after 2 x max(100, 50) ms the server gives up.
      const error = await c.next('ERROR', 2_000);
      expect(error.headers.message).toBe(message('stomp.heartbeat', 'en'));
      expect(await c.closed).toBe(1002);

      // A client that keeps beating stays connected.
      const alive = await open();
      await alive.connect(tokens.rep01!, { 'heart-beat': '100,0' });
      const beat = setInterval(() => alive.ws.send('\n'), 60);
      await new Promise((resolve) => setTimeout(resolve, 600));
      clearInterval(beat);
      expect(alive.ws.readyState).toBe(WebSocket.OPEN);
      expect(alive.heartbeats).toBe(0);
      // Without heart-beats asked for (0,0), none are sent and none are expected.
      const quiet = await open();
      expect((await quiet.connect(tokens.rep01!)).headers['heart-beat']).toBe('100,100');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(quiet.ws.readyState).toBe(WebSocket.OPEN);
      expect(quiet.heartbeats).toBe(0);
    } finally {
      hub.settings.heartbeatMs = saved;
    }
  });
});

describe('notices through LISTEN/NOTIFY', () => {
  it('delivers card.delivered to connected recipients only, with one NOTIFY per fired queue entry', async () => {
    const rep = await open();
    await rep.connect(tokens.rep01!);
    rep.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('rep01'), receipt: 'ok' });
    await rep.next('RECEIPT');
    const admin = await open();
    await admin.connect(tokens.admin!);
    admin.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('admin'), receipt: 'ok' });
    await admin.next('RECEIPT');

    const [card] = await h.database.query<{ id: string }>(
      `insert into cards (id, content, status, create_by, create_time, update_time) values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now()) returning id`,
      [JSON.stringify({ type: 4, titleName: 'Live card', BU: 'PC_All' })],
    );
    const cardId = Number(card!.id);
    // rep01 (employee 4 in the demo directory order) is a recipient; admin is not.
    const [rep01] = await h.database.query<{ employee_no: string }>(`select employee_no from users where username = 'rep01'`);
    const res = await h.app.inject({
      method: 'POST',
      url: API.push.pushCard,
      headers: h.auth(tokens.operator!),
      payload: {
        pushDate: '0',
        pushInfo: [{ id: cardId, mustRead: true, notReadTime: 1, pushNum: 2 }],
        receiver: [
          { receiverId: rep01!.employee_no, receiverName: '' },
          { receiverId: wwidOf(200), receiverName: '' },
        ],
        remark: { scope: 2 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pushId, queue } = res.json().data as { pushId: number; queue: { queueId: number }[] };
    const scheduler = new PushScheduler(h.database.db);
    const payloads: string[] = [];
    const unlisten = await h.database.listen(NOTICE_CHANNEL, (p) => payloads.push(p));
    await scheduler.runDue(h.clock.value);
    const frame = await rep.next('MESSAGE');
    const notice = JSON.parse(frame.body) as Notice;
    expect(notice.type).toBe('card.delivered');
    expect(notice.data).toEqual({ cardId, queueId: queue[0]!.queueId, pushId, mustRead: true, title: 'Live card' });
    // Two recipients, one NOTIFY naming only the queue entry.
    await unlisten();
    expect(payloads.map((p) => JSON.parse(p))).toEqual([
      { id: expect.any(Number), kind: 'push', event: 'delivered', queueId: queue[0]!.queueId, at: new Date(h.clock.value).toISOString() },
    ]);

    // The must-read reminder an hour later: card.resent.
    await scheduler.runDue(h.clock.value + 3_600_000 + 1_000);
    const resent = JSON.parse((await rep.next('MESSAGE')).body) as Notice;
    expect(resent.type).toBe('card.resent');
    expect(resent.data.queueId).toBe(queue[0]!.queueId);
    await realtimeHub(h.app.ctx).idle();
    expect(admin.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });

  it('reaches a subscriber on another instance sharing the database (PostgreSQL), or on this one (PGlite)', async () => {
    let second: { app: FastifyInstance; database: Database } | undefined;
    let target = url;
    if (h.databaseUrl) {
      // A second server process in all but name: its own pool, LISTEN connection and WebSocket port.
      const database = await openDatabase({ databaseUrl: h.databaseUrl, poolSize: 2 });
      const config = loadConfig({ DATA_DIR: h.dataDir, JWT_SECRET: SECRET });
      const app = await buildApp({
        config,
        database,
        tokens: new TokenService(SECRET, h.clock.now),
        authCache: new AuthCache(database),
        files: new DiskFileStore(h.dataDir),
        now: h.clock.now,
      });
      target = await listen(app);
      second = { app, database };
    }
    try {
      const operator = await open(target);
      await operator.connect(tokens.operator!);
      operator.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('operator'), receipt: 'ok' });
      await operator.next('RECEIPT');
      const [conversation] = await h.database.query<{ id: string }>(
        `select c.id from conversations c join users a on a.id = c.user_a join users b on b.id = c.user_b
          where (a.username, b.username) in (('rep01', 'operator'), ('operator', 'rep01'))`,
      );
      // Sent through instance one's HTTP API.
      const res = await h.app.inject({
        method: 'POST',
        url: chatSendUrl(conversation!.id),
        headers: chatHeaders('rep01'),
        payload: { text: 'across instances' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const notice = JSON.parse((await operator.next('MESSAGE')).body) as Notice;
      expect(notice.type).toBe('chat.message');
      expect(notice.data).toMatchObject({ conversationId: Number(conversation!.id), from: 'rep01', messageId: (res.json().result as { id: number }).id });
    } finally {
      await second?.app.close();
      await second?.database.close();
    }
  });
});

describe('catching up after a reconnect (SUBSCRIBE since)', () => {
  const noticeId = (frame: { headers: Record<string, string> }) => Number(frame.headers[STOMP.noticeIdHeader]);
  const chat = (marker: string): Notice => ({ type: 'chat.message', at: new Date().toISOString(), data: { marker } });

  async function subscribed(username: string, destination: string, since?: number): Promise<RawClient> {
    const c = await open();
    await c.connect(tokens[username]!);
    c.send('SUBSCRIBE', { id: 'sub', destination, receipt: 'ok', ...(since === undefined ? {} : { [STOMP.sinceHeader]: String(since) }) });
    await c.next('RECEIPT');
    return c;
  }

  it("numbers every notice, and a subscription's since sends the ones it missed that concern it, once, oldest first", async () => {
    const first = await open();
    const connected = await first.connect(tokens.rep01!);
    const [{ newest }] = (await h.database.query<{ newest: string }>('select coalesce(max(id), 0) as newest from notice_outbox')) as [{ newest: string }];
    expect(noticeId(connected)).toBe(Number(newest));
    first.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('rep01'), receipt: 'ok' });
    await first.next('RECEIPT');
    await publishNotice(h.database, ['rep01'], chat('seen'));
    const seen = await first.next('MESSAGE');
    expect(noticeId(seen)).toBeGreaterThan(noticeId(connected));
    first.ws.terminate();
    await first.closed;

    // Meanwhile: a chat notice for rep01, one for admin only, a broadcast, and a push that reaches rep01.
    await publishNotice(h.database, ['rep01'], chat('missed'));
    await publishNotice(h.database, ['admin'], chat('not mine'));
    await publishNotice(h.database, 'all', chat('everyone'));
    const [card] = await h.database.query<{ id: string }>(
      `insert into cards (id, content, status, create_by, create_time, update_time) values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now()) returning id`,
      [JSON.stringify({ type: 4, titleName: 'Pushed while away', BU: 'PC_All' })],
    );
    const [rep01] = await h.database.query<{ employee_no: string }>(`select employee_no from users where username = 'rep01'`);
    const pushed = await h.app.inject({
      method: 'POST',
      url: API.push.pushCard,
      headers: h.auth(tokens.operator!),
      payload: {
        pushDate: '0',
        pushInfo: [{ id: Number(card!.id), mustRead: false }],
        receiver: [{ receiverId: rep01!.employee_no, receiverName: '' }],
        remark: { scope: 2 },
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const { pushId, queue } = pushed.json().data as { pushId: number; queue: { queueId: number }[] };
    await new PushScheduler(h.database.db).runDue(h.clock.value);
    await realtimeHub(h.app.ctx).idle();

    const again = await subscribed('rep01', STOMP.userTopic('rep01'), noticeId(seen));
    const missed = await again.next('MESSAGE');
    expect(JSON.parse(missed.body)).toMatchObject({ type: 'chat.message', data: { marker: 'missed' } });
    const card2 = await again.next('MESSAGE');
    expect(JSON.parse(card2.body)).toMatchObject({
      type: 'card.delivered',
      data: { cardId: Number(card!.id), queueId: queue[0]!.queueId, pushId, mustRead: false, title: 'Pushed while away' },
    });
    expect(noticeId(card2)).toBeGreaterThan(noticeId(missed));
    // A number the catch-up sent is not sent again by the live path (a frame written now would
    // arrive before the next live one).
    realtimeHub(h.app.ctx).deliverLocally(['rep01'], chat('missed'), noticeId(missed));
    await publishNotice(h.database, ['rep01'], chat('live'));
    expect(JSON.parse((await again.next('MESSAGE')).body)).toMatchObject({ data: { marker: 'live' } });
    expect(again.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);

    // The broadcast destination catches up on broadcasts only.
    const everyone = await subscribed('rep01', STOMP.topicNotice, noticeId(seen));
    expect(JSON.parse((await everyone.next('MESSAGE')).body)).toMatchObject({ data: { marker: 'everyone' } });
    await realtimeHub(h.app.ctx).idle();
    expect(everyone.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });

  it(`sends at most ${STOMP_LIMITS.catchUpMax} notices, the oldest first`, async () => {
    const [{ newest }] = (await h.database.query<{ newest: string }>('select coalesce(max(id), 0) as newest from notice_outbox')) as [{ newest: string }];
    // Written straight into the outbox (no NOTIFY): as if sent while the client was away.
    await h.database.query(
      `insert into notice_outbox (payload) select json_build_object('kind', 'users', 'to', json_build_array('rep01'), 'notice', json_build_object('type', 'chat.message', 'at', now(), 'data', json_build_object('n', n)))::text from generate_series(1, $1::int) n`,
      [STOMP_LIMITS.catchUpMax + 1],
    );
    const c = await subscribed('rep01', STOMP.userTopic('rep01'), Number(newest));
    const numbers: number[] = [];
    for (let i = 0; i < STOMP_LIMITS.catchUpMax; i++) numbers.push((JSON.parse((await c.next('MESSAGE')).body) as Notice).data.n as number);
    expect(numbers).toEqual(Array.from({ length: STOMP_LIMITS.catchUpMax }, (_, i) => i + 1));
    await realtimeHub(h.app.ctx).idle();
    expect(c.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });

  it('refuses a since that is not a notice number with ERROR and closes', async () => {
    for (const since of ['abc', '-1', '1.5', '99999999999999999', '']) {
      const c = await open();
      await c.connect(tokens.rep01!, { language: 'en' });
      c.send('SUBSCRIBE', { id: 'sub', destination: STOMP.userTopic('rep01'), [STOMP.sinceHeader]: since, receipt: 'r' });
      const error = await c.next('ERROR');
      expect(error.headers.message).toBe(message('stomp.sinceInvalid', 'en'));
      expect(error.headers['receipt-id']).toBe('r');
      expect(await c.closed).toBe(1002);
    }
  });
});
