import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STOMP, type Notice } from '@field-portal/shared';
import { scratchDatabase } from '../../src/db/scratch.js';
import { demoTemplateDatabase } from '../../src/seed/template.js';
import { freePort } from '../free-port.js';
import { nginxSite, startNginx, stopProcess, type RunningProxy } from '../reverse-proxy.js';
import { openStomp, type RawClient, type ServerFrame } from '../stomp-client.js';

/**
 * Issue 33: two real server processes on one PostgreSQL behind Debian's nginx, configured as
 * docs/deploy.md says. A client signs in and holds a STOMP connection through the proxy; the
 * instance it is connected to is stopped mid-session; the client reconnects through the proxy to
 * the other one and gets the notice sent meanwhile (the subscription's `since`), and the
 * addresses the portal records are the client's, not the proxy's. This file runs in the
 * PostgreSQL run of the suite only (vitest.config.ts).
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'proxy-test-secret-0123456789-0123456789';
/** nginx connects to the instances from here: the one proxy the instances trust. */
const PROXY_ADDRESS = '127.0.0.1';
/** The client's own addresses (loopback, so reachable on every machine without setup). */
const CLIENT = { rep: '127.0.0.5', reader: '127.0.0.6', guesser: '127.0.0.7' } as const;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-proxy-'));
const dataDir = path.join(tmp, 'data');
const proxyDir = path.join(tmp, 'nginx');
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let probe: pg.Client | undefined;
let proxy: RunningProxy | undefined;
let proxyPort = 0;
const instances: Instance[] = [];
const clients: RawClient[] = [];

async function until<T>(what: string, attempt: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startInstance(name: string, port: number): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database!.url,
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      TRUST_PROXY: PROXY_ADDRESS,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { name, port, child };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: () => unknown;
}

/** One HTTP call to the proxy from the client address `from` (a real connection from that address). */
function call(from: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}, port = proxyPort): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method,
        path: url,
        headers: {
          'accept-language': 'en',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(from: string, username: string): Promise<string> {
  const res = await call(from, 'POST', API.system.login, { username, password: 'demo1234' });
  expect(res.status).toBe(200);
  return (res.json() as { result: { access_token: string } }).result.access_token;
}

/** A text card made and pushed now to one employee, through the proxy, as an operator does it. */
async function pushCard(token: string, title: string, wwid: string): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const reserved = await call(CLIENT.reader, 'GET', API.cards.newCardId, undefined, auth);
  expect(reserved.status).toBe(200);
  const cardId = (reserved.json() as { data: { id: number } }).data.id;
  const content = {
    type: 4,
    selectValue: 'study',
    BU: 'PC_All',
    titleName: title,
    zhaiyao: 'body',
    author: 'op',
    imageUrl: '',
    imageUrl1: '',
    imageUrl2: '',
    imageUrl3: '',
    linkValue: 'https://example.com',
    fileList: [],
  };
  expect((await call(CLIENT.reader, 'POST', API.cards.updateCard, { id: cardId, status: 'created', content: JSON.stringify(content) }, auth)).status).toBe(200);
  const pushed = await call(
    CLIENT.reader,
    'POST',
    API.push.pushCard,
    { pushDate: '0', pushInfo: [{ id: cardId, mustRead: false }], receiver: [{ receiverId: wwid, receiverName: '' }], remark: { scope: 2 } },
    auth,
  );
  expect(pushed.status).toBe(200);
  return cardId;
}

async function fired(cardId: number): Promise<boolean> {
  const { rows } = await probe!.query<{ status: string }>('select status from pushes where card_id = $1', [cardId]);
  return rows[0]?.status === 'fired';
}

/** A STOMP connection through the proxy from the client's address, subscribed to the user's own destination. */
async function connectThroughProxy(token: string, username: string, since?: string): Promise<RawClient> {
  const client = await openStomp(`ws://127.0.0.1:${proxyPort}${STOMP.endpoint}`, { localAddress: CLIENT.rep });
  clients.push(client);
  await client.connect(token);
  client.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic(username), receipt: 'subscribed', ...(since ? { [STOMP.sinceHeader]: since } : {}) });
  await client.next('RECEIPT');
  return client;
}

/** The instance that sent a MESSAGE frame: its message-id starts with the process id. */
function sender(frame: ServerFrame): Instance | undefined {
  const pid = Number(frame.headers['message-id']!.split('-')[0]);
  return instances.find((i) => i.child.pid === pid);
}

const title = (frame: ServerFrame) => (JSON.parse(frame.body) as Notice).data.title;

beforeAll(async () => {
  database = await scratchDatabase(adminUrl, 'fp_proxy', await demoTemplateDatabase(adminUrl));
  fs.mkdirSync(dataDir);
  fs.mkdirSync(proxyDir);
  const ports = [await freePort(), await freePort()];
  instances.push(startInstance('A', ports[0]!), startInstance('B', ports[1]!));
  proxyPort = await freePort();
  proxy = startNginx(
    proxyDir,
    `127.0.0.1:${proxyPort}`,
    instances.map((i) => `127.0.0.1:${i.port}`),
  );
  for (const i of instances) {
    await until(
      `instance ${i.name}`,
      async () => i.child.exitCode === null && (await call(PROXY_ADDRESS, 'GET', '/healthz', undefined, {}, i.port)).status === 200,
      150_000,
    );
  }
  await until('nginx', async () => proxy!.child.exitCode === null && (await call(CLIENT.reader, 'GET', '/healthz')).status === 200);
  probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
}, 240_000);

afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  await Promise.all([...instances.map((i) => stopProcess(i.child, 'SIGKILL')), proxy ? stopProcess(proxy.child, 'SIGKILL') : undefined]);
  await probe?.end().catch(() => undefined);
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('two instances behind nginx', () => {
  it('runs the site docs/deploy.md shows', () => {
    const guide = fs.readFileSync(path.resolve(serverDir, '../../docs/deploy.md'), 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBe(nginxSite({ listen: '80', upstreams: ['10.0.0.11:8080', '10.0.0.12:8080'], accessLog: '/var/log/nginx/field-portal.access.log' }));
  });

  it("records the client's address, not the proxy's, whatever the client claims, on either instance", async () => {
    const token = await signIn(CLIENT.reader, 'rep06');
    // nginx appends the address it sees; the instances believe only the proxy's last entry. Two
    // calls in a row: nginx takes turns, so each instance records one.
    for (const page of ['behind-the-proxy-1', 'behind-the-proxy-2']) {
      const event = await call(
        CLIENT.reader,
        'POST',
        '/API-PROVIDER-OBSERVER/umeng/insertEvent',
        { operation: 'view', page },
        { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
      );
      expect(event.status).toBe(200);
    }
    const { rows: events } = await probe!.query<{ ip: string }>(`select ip from usage_events where page like 'behind-the-proxy-%'`);
    expect(events).toEqual([{ ip: CLIENT.reader }, { ip: CLIENT.reader }]);
    // nginx logs a request once it has answered it.
    const answeredBy = await until('nginx to log both calls', async () => {
      const lines = fs
        .readFileSync(path.join(proxyDir, 'access.log'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('umeng/insertEvent'));
      return lines.length === 2 && lines.map((line) => line.split(' ').at(-2));
    });
    expect(new Set(answeredBy)).toEqual(new Set(instances.map((i) => `127.0.0.1:${i.port}`)));

    const wrong = await call(CLIENT.guesser, 'POST', API.system.login, { username: 'rep07', password: 'wrong' });
    expect(wrong.status).toBe(401);
    const { rows: keys } = await probe!.query<{ key: string }>(`select key from sign_in_throttle where key like 'addr:%' or key like 'pair:%' order by key`);
    expect(keys.map((k) => k.key)).toEqual([`addr:${CLIENT.guesser}`, `pair:${CLIENT.guesser}|rep07`]);

    // The protocol is the proxy's: a client claiming https over plain http gets no HSTS.
    const page = await call(CLIENT.reader, 'GET', '/healthz', undefined, { 'x-forwarded-proto': 'https' });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('a client connected through the proxy keeps its notices when its instance stops mid-session', async () => {
    const { rows } = await probe!.query<{ employee_no: string }>(`select employee_no from users where username = 'rep05'`);
    const wwid = rows[0]!.employee_no;
    const rep = await signIn(CLIENT.rep, 'rep05');
    const operator = await signIn(CLIENT.reader, 'operator');

    const first = await connectThroughProxy(rep, 'rep05');
    const before = await pushCard(operator, 'Before the stop', wwid);
    const frame = await first.next('MESSAGE', 30_000);
    expect(title(frame)).toBe('Before the stop');
    expect(await fired(before)).toBe(true);
    const seen = frame.headers[STOMP.noticeIdHeader];
    expect(seen).toMatch(/^\d+$/);
    const stopped = sender(frame)!;
    const other = instances.find((i) => i !== stopped)!;
    expect(stopped).toBeDefined();

    // The instance holding the connection stops (SIGTERM, SIGKILL after 10 s); the client sees the close.
    const exited = stopProcess(stopped.child, 'SIGTERM');
    await first.closed;
    // Sent while the client has no connection: the other instance takes the calls and fires it.
    const during = await pushCard(operator, 'While reconnecting', wwid);
    await until('the push sent while reconnecting to fire', () => fired(during));
    await exited;
    // It ended by itself within its grace (nginx closed its pooled connections), not killed.
    expect(stopped.child.exitCode).toBe(0);

    // Reconnected through the same proxy, which now reaches only the other instance.
    const second = await connectThroughProxy(rep, 'rep05', seen);
    const caughtUp = await second.next('MESSAGE', 30_000);
    expect(title(caughtUp)).toBe('While reconnecting');
    expect(sender(caughtUp)).toBe(other);
    const after = await pushCard(operator, 'After the reconnect', wwid);
    const live = await second.next('MESSAGE', 30_000);
    expect(title(live)).toBe('After the reconnect');
    expect(await fired(after)).toBe(true);
    // Each notice once: nothing else arrived on either connection.
    expect([...first.frames, ...second.frames].filter((f) => f.command === 'MESSAGE')).toEqual([]);
  });
});
