import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API } from '@field-portal/shared';
import { scratchDatabase } from '../apps/server/src/db/scratch.js';
import { demoTemplateDatabase } from '../apps/server/src/seed/template.js';
import { freePort, login, median, report, SMALL, startHelloWorld, startProcess, stopProcess, until, type Server } from './lib.js';

/** The demo accounts who hold an employee number (users.employee_no): every one of them receives the cards. */
const USERS = [
  'admin',
  'operator',
  'operator2',
  ...Array.from({ length: 8 }, (_, i) => `rep0${i + 1}`),
  'msl01',
  'msl02',
  'msl03',
  'mgr01',
  'mgr02',
  'mkt01',
  'mkt02',
  'maf01',
  'crc01',
];
const WWIDS = USERS.map((_, i) => String(10000000 + i + 1));

/** The portal from source on a fresh data folder, on PGlite or on an empty PostgreSQL database. */
async function startPortalFromSource(databaseUrl?: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-feed-'));
  const child = startProcess('apps/server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/healthz`)).ok, child, 180_000);
  return {
    url,
    process: child,
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(url: string, token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: unknown };
}

/** `count` created cards pushed now to every demo account, in pushes of up to 100 cards; resolves once delivered. */
async function deliverCards(url: string, token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { data } = (await call(url, token, 'GET', API.cards.newCardId)) as { data: { id: number } };
    const content = {
      type: 4,
      selectValue: 'study',
      BU: 'PC_All',
      titleName: `bench ${i}`,
      zhaiyao: 'bench',
      author: 'bench',
      linkValue: 'https://example.com',
      fileList: [],
    };
    await call(url, token, 'POST', API.cards.updateCard, { id: data.id, status: 'created', content: JSON.stringify(content) });
    ids.push(data.id);
  }
  const receiver = WWIDS.map((wwid) => ({ receiverId: wwid, receiverName: '' }));
  for (let i = 0; i < ids.length; i += 100) {
    await call(url, token, 'POST', API.push.pushCard, { pushDate: '0', pushInfo: ids.slice(i, i + 100).map((id) => ({ id })), receiver, remark: { scope: 2 } });
  }
  const last = ids[ids.length - 1]!;
  await until(
    async () => {
      const { data } = (await call(url, token, 'GET', `${API.push.cardPushInfo}?cardId=${last}`)) as { data: { total: number } };
      return data.total === WWIDS.length;
    },
    undefined,
    60_000,
    200,
  );
  return ids;
}

/**
 * Issue: marking a card read under load, requests/s next to a hello-world route in the same run.
 * Every request is POST openCard by one of the demo accounts for a card delivered to them; the
 * pairs (user, card) are taken in turn, so a round's requests are first opens (an UPDATE that
 * sets the first open time) until the pairs run out, then repeat opens (the idempotent path).
 */
async function openCardThroughput(databaseUrl?: string) {
  const rounds = SMALL ? 1 : 3;
  const seconds = SMALL ? 1 : 4;
  const cardCount = SMALL ? 20 : 600;
  const portal = await startPortalFromSource(databaseUrl);
  const hello = await startHelloWorld();
  try {
    const tokens = new Map<string, string>();
    for (const user of USERS) tokens.set(user, await login(portal.url, user));
    const cards = await deliverCards(portal.url, tokens.get('operator')!, cardCount);
    const pairs = cards.flatMap((cardId) => USERS.map((user) => ({ cardId, token: tokens.get(user)! })));
    let next = 0;
    let firstOpens = 0;
    const openCard = async () => {
      const result = await autocannon({
        url: portal.url,
        connections: 32,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: API.feed.openCard,
            setupRequest: (request) => {
              const pair = pairs[next % pairs.length]!;
              if (next < pairs.length) firstOpens++;
              next++;
              return {
                ...request,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.token}` },
                body: JSON.stringify({ cardId: pair.cardId }),
              };
            },
          },
        ],
      });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`openCard: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result.requests.average;
    };
    const helloWorld = async () => {
      const result = await autocannon({ url: `${hello.url}/hello`, connections: 32, duration: seconds });
      return result.requests.average;
    };
    await autocannon({ url: `${hello.url}/hello`, connections: 32, duration: 1 });
    const references: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < rounds; i++) {
      references.push(await helloWorld());
      values.push(await openCard());
    }
    const reference = median(references);
    const value = median(values);
    const ratio = value / reference;
    // Issue 19: at least a fifth of hello-world on PostgreSQL, a tenth on the embedded PGlite.
    const budget = databaseUrl ? 0.2 : 0.1;
    report({
      name: `POST ${API.feed.openCard} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, 32 connections, median of ${rounds} x ${seconds} s; ${firstOpens} first opens of ${next} requests)`,
      value,
      unit: `req/s (${(ratio * 100).toFixed(0)}% of reference)`,
      budget: `>= ${budget * 100}% of the reference`,
      reference: `bare Fastify hello-world ${reference.toFixed(0)} req/s`,
      ok: ratio >= budget,
    });
  } finally {
    await portal.stop();
    await hello.stop();
  }
}

export async function run() {
  console.log('Employee feed');
  await openCardThroughput();
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    // A copy of the demo template database: the portal starts on the demo without seeding it.
    const demo = await scratchDatabase(adminUrl, 'fp_bench', await demoTemplateDatabase(adminUrl));
    try {
      await openCardThroughput(demo.url);
    } finally {
      await demo.drop();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
