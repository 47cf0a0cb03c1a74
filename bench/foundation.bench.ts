import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, login, PORTAL_ENTRY, median, report, SMALL, startHelloWorld, startPortal, startProcess, stopProcess, until } from './lib.js';

/** Issue: cold start to first successful login on a fresh DATA_DIR (budget 3 s). */
async function coldStart() {
  const runs = SMALL ? 1 : 3;
  const portal: number[] = [];
  const hello: number[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-cold-'));
    const started = performance.now();
    const child = startProcess(PORTAL_ENTRY, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await until(async () => {
      await login(`http://127.0.0.1:${port}`, 'rep01');
      return true;
    }, child);
    portal.push(performance.now() - started);
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });

    const helloPort = await freePort();
    const helloStarted = performance.now();
    const helloChild = startProcess('bench/fixtures/hello-server.ts', { PORT: String(helloPort) });
    await until(async () => (await fetch(`http://127.0.0.1:${helloPort}/hello`)).ok, helloChild);
    hello.push(performance.now() - helloStarted);
    await stopProcess(helloChild);
  }
  const value = median(portal);
  report({
    name: `cold start to first login, fresh DATA_DIR (median of ${runs})`,
    value,
    unit: 'ms',
    budget: '<= 3000 ms',
    reference: `bare Fastify start to first response ${median(hello).toFixed(0)} ms`,
    ok: value <= 3000,
  });
}

async function throughput(url: string, path: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url: `${url}${path}`, headers, connections: 32, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Issue: authenticated GET user/info throughput, at least 40% of a bare hello-world route.
 * The two are measured in alternating rounds so that a busy machine slows both alike.
 */
async function userInfoThroughput() {
  const rounds = SMALL ? 1 : 3;
  const seconds = SMALL ? 1 : 4;
  const portal = await startPortal();
  const hello = await startHelloWorld();
  try {
    const token = await login(portal.url, 'admin');
    const userInfo = () => throughput(portal.url, '/API-SYSTEM/user/info?isBrief=false', { authorization: `Bearer ${token}` }, seconds);
    const helloWorld = () => throughput(hello.url, '/hello', {}, seconds);
    await throughput(hello.url, '/hello', {}, 1);
    await throughput(portal.url, '/API-SYSTEM/user/info?isBrief=false', { authorization: `Bearer ${token}` }, 1);
    const references: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < rounds; i++) {
      references.push(await helloWorld());
      values.push(await userInfo());
    }
    const reference = median(references);
    const value = median(values);
    const ratio = value / reference;
    report({
      name: `authenticated GET /API-SYSTEM/user/info (PGlite, 32 connections, median of ${rounds} x ${seconds} s)`,
      value,
      unit: `req/s (${(ratio * 100).toFixed(0)}% of reference)`,
      budget: '>= 40% of the reference',
      reference: `bare Fastify hello-world ${reference.toFixed(0)} req/s`,
      ok: ratio >= 0.4,
    });
  } finally {
    await portal.stop();
    await hello.stop();
  }
}

export async function run() {
  console.log('Foundation');
  await coldStart();
  await userInfoThroughput();
}
