import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/free-port.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** CI runs every benchmark once at a small size so it keeps working; the figures come from full runs. */
export const SMALL = process.env.BENCH_SMALL === '1';

export { freePort };

export interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it: the bundle that `npm run build` makes. */
export const PORTAL_ENTRY = 'apps/server/dist/main.mjs';

/** Node's flags in the `serve` script that `npm start` runs, so the portal is measured as it is run. */
function serveFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const [command, ...args] = pkg.scripts.serve.trim().split(/\s+/);
  if (command !== 'node' || args.at(-1) !== PORTAL_ENTRY) throw new Error(`the serve script no longer runs node ${PORTAL_ENTRY}: ${pkg.scripts.serve}`);
  return args.slice(0, -1);
}

/** Starts an entry point of this repository in its own process (TypeScript through tsx). */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  if (entry === PORTAL_ENTRY && !fs.existsSync(path.join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  const args = entry.endsWith('.ts')
    ? ['--import', 'tsx', path.join(ROOT, entry)]
    : entry === PORTAL_ENTRY
      ? [...serveFlags(), path.join(ROOT, entry)]
      : [path.join(ROOT, entry)];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls `attempt` until it returns true; throws after `timeoutMs` or when `child` exits. */
export async function until(attempt: () => Promise<boolean>, child?: ChildProcess, timeoutMs = 60_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if (await attempt()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`gave up after ${timeoutMs} ms`);
}

/** The portal's server on a fresh data folder (or the given database). */
export async function startPortal(extraEnv: Record<string, string> = {}): Promise<Server & { dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
  const child = startProcess(PORTAL_ENTRY, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...extraEnv });
  const url = `http://127.0.0.1:${port}`;
  // A fresh data folder copies the demo database first: on a busy machine that took over a minute.
  await until(async () => (await fetch(`${url}/healthz`)).ok, child, 180_000);
  return {
    url,
    dataDir,
    process: child,
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify hello-world route in its own process: the reference for throughput figures. */
export async function startHelloWorld(): Promise<Server> {
  const port = await freePort();
  const child = startProcess('bench/fixtures/hello-server.ts', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${url}/hello`)).ok, child);
  return { url, process: child, stop: () => stopProcess(child) };
}

/** A demo account's tokens, as the login call answers them (the demo password is the seed's). */
export async function signIn<T extends { access_token: string } = { access_token: string }>(
  url: string,
  username = 'admin',
  password = 'demo1234',
): Promise<T> {
  const res = await fetch(`${url}/API-SYSTEM/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { result: T }).result;
}

/** A demo account's access token. */
export async function login(url: string, username = 'admin', password = 'demo1234'): Promise<string> {
  return (await signIn(url, username, password)).access_token;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: string;
  reference: string;
  ok: boolean;
}

const figures: Figure[] = [];

/** Prints one figure next to its budget and the reference measured in the same run. */
export function report(figure: Figure) {
  figures.push(figure);
  const verdict = SMALL ? '(small run: not judged)' : figure.ok ? 'within budget' : 'OVER BUDGET';
  console.log(
    `  ${figure.name}: ${figure.value.toFixed(figure.value < 10 ? 2 : 0)} ${figure.unit} | budget ${figure.budget} | reference ${figure.reference} | ${verdict}`,
  );
}

export function reportedFigures(): readonly Figure[] {
  return figures;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** The 95th percentile of `values` (the smallest value at or above 95 % of them). */
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!;

/** The milliseconds `work` takes and what it answered. */
export async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

/** The milliseconds of each of `runs` runs of `work(i)`, after up to five warm-up runs. */
export async function time(runs: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(5, runs); i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return times;
}
