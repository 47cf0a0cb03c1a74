import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { STOMP, type Notice } from '@field-portal/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildDemoTemplate } from '../apps/server/src/seed/template.js';
import { AuthCache } from '../apps/server/src/platform/auth-cache.js';
import { publishNotice, realtimeHub } from '../apps/server/src/platform/realtime/index.js';
import { DiskFileStore } from '../apps/server/src/platform/storage.js';
import { TokenService } from '../apps/server/src/platform/tokens.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo.js';
import { ROOT, report, SMALL } from './lib.js';

const SUBSCRIBERS = SMALL ? 300 : Number(process.env.BENCH_RT_N ?? 10_000);
const ROUNDS = SMALL ? 2 : 5;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

interface Clients {
  ready: Promise<void>;
  round(): Promise<number[]>;
  close(): void;
}

/** Subscribers per client process: on loopback the subscribers share the machine, so they are spread over processes. */
const PER_PROCESS = 5_000;

function startClientProcess(url: string, token: string, count: number): Clients {
  const child = fork(path.join(ROOT, 'bench/realtime-clients.ts'), [url, token, String(count)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onReady!: () => void;
  let onRound: ((latencies: number[]) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    child.once('exit', (code) => reject(new Error(`subscriber process exited with ${code}`)));
  });
  child.on('message', (message: { kind: string; latencies?: number[] }) => {
    if (message.kind === 'ready') onReady();
    if (message.kind === 'round') onRound?.(message.latencies!);
  });
  return {
    ready,
    round: () =>
      new Promise((resolve) => {
        onRound = resolve;
        child.send({ kind: 'expect' });
      }),
    close: () => child.send({ kind: 'close' }),
  };
}

function startClients(url: string, token: string, count: number): Clients {
  const parts = Array.from({ length: Math.ceil(count / PER_PROCESS) }, (_, i) =>
    startClientProcess(url, token, Math.min(PER_PROCESS, count - i * PER_PROCESS)),
  );
  return {
    ready: Promise.all(parts.map((p) => p.ready)).then(() => undefined),
    round: async () => (await Promise.all(parts.map((p) => p.round()))).flat(),
    close: () => parts.forEach((p) => p.close()),
  };
}

/** Real-time notices: a /topic/notice broadcast to many STOMP subscribers on loopback (issue 5). */
export async function run(): Promise<void> {
  console.log(`\nReal-time notices (${SUBSCRIBERS} STOMP subscribers on loopback, ${ROUNDS} broadcasts)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-rt-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteTemplate: await buildDemoTemplate() });
  await seedDemoData(database.db);
  const secret = 'bench-secret-0123456789-0123456789-abcdef';
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: secret });
  const app = await buildApp({
    config,
    database,
    tokens: new TokenService(secret),
    authCache: new AuthCache(database),
    files: new DiskFileStore(path.join(dir, 'files')),
    now: Date.now,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${STOMP.endpoint}`;
    const res = await app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: { username: 'rep01', password: DEMO_PASSWORD } });
    const token = (res.json() as { result: { access_token: string } }).result.access_token;
    const hub = realtimeHub(app.ctx);

    const broadcast = async (clients: Clients) => {
      const all: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const received = clients.round();
        const notice: Notice = { type: 'card.delivered', at: new Date().toISOString(), data: { round: i } };
        await publishNotice(database, 'all', notice);
        all.push(...(await received));
      }
      return all;
    };

    // Reference: the same broadcast to a single subscriber.
    const one = startClients(url, token, 1);
    await one.ready;
    const single = await broadcast(one);
    one.close();
    while (hub.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));

    gc();
    const before = process.memoryUsage();
    const many = startClients(url, token, SUBSCRIBERS);
    await many.ready;
    gc();
    const after = process.memoryUsage();
    if (hub.size !== SUBSCRIBERS) throw new Error(`${hub.size} connections, expected ${SUBSCRIBERS}`);
    const latencies = await broadcast(many);
    if (latencies.length !== SUBSCRIBERS * ROUNDS) throw new Error(`received ${latencies.length} notices, expected ${SUBSCRIBERS * ROUNDS}`);
    // How long the server itself takes to hand one broadcast's frames to the sockets.
    const received = many.round();
    const started = performance.now();
    const sent = hub.deliverLocally('all', { type: 'card.delivered', at: new Date().toISOString(), data: { round: 'direct' } });
    const fanOutMs = performance.now() - started;
    if (sent !== SUBSCRIBERS) throw new Error(`${sent} frames, expected ${SUBSCRIBERS}`);
    await received;
    many.close();

    const value = p99(latencies);
    report({
      name: `/topic/notice broadcast to ${SUBSCRIBERS} subscribers, p99 delivery latency over ${ROUNDS} broadcasts`,
      value,
      unit: 'ms',
      budget: '<= 1000 ms',
      reference: `one subscriber p99 ${p99(single).toFixed(1)} ms; the server writes one broadcast's ${SUBSCRIBERS} frames in ${fanOutMs.toFixed(0)} ms; ${os.cpus().length} CPU cores shared with the subscribers`,
      ok: value <= 1000,
    });
    const perConnection = (after.heapUsed + after.external - before.heapUsed - before.external) / SUBSCRIBERS / 1024;
    const rssPer = (after.rss - before.rss) / SUBSCRIBERS / 1024;
    report({
      name: 'server memory per STOMP connection (heap + external, after GC)',
      value: perConnection,
      unit: 'KiB',
      budget: '<= 64 KiB',
      reference: `resident set ${rssPer.toFixed(1)} KiB per connection`,
      ok: perConnection <= 64,
    });
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
