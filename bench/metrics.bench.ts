import fs from 'node:fs';
import autocannon from 'autocannon';
import { login, median, report, SMALL, startPortal, type Server } from './lib.js';

const READ = '/API-SYSTEM/user/info?isBrief=false';
const TOKEN = 'bench-metrics-token-0123456789';
/** Linux's clock ticks a second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system, every thread) a process has used, in seconds; undefined without /proc. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start with the state; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface Round {
  /** Requests answered per second. */
  rate: number;
  /** CPU time of the instance per request answered, in microseconds (undefined without /proc). */
  cpu: number | undefined;
}

async function reads(server: Server, token: string, seconds: number): Promise<Round> {
  const before = cpuSeconds(server.process.pid);
  const result = await autocannon({
    url: `${server.url}${READ}`,
    headers: { authorization: `Bearer ${token}` },
    connections: 32,
    duration: seconds,
    pipelining: 1,
  });
  const after = cpuSeconds(server.process.pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${READ}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / result.requests.total;
  return { rate: result.requests.average, cpu };
}

/** Scrapes /metrics every `everyMs` while `work` runs (a Prometheus far keener than the usual 15 s); the scrapes made. */
async function scraping<T>(url: string, everyMs: number, work: () => Promise<T>): Promise<[T, number]> {
  let scrapes = 0;
  let failure: Error | undefined;
  const timer = setInterval(() => {
    void fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      .then(async (res) => {
        if (!res.ok || !(await res.text()).includes('portal_http_request_duration_seconds')) throw new Error(`/metrics answered ${res.status}`);
        scrapes += 1;
      })
      .catch((error: unknown) => (failure = error as Error));
  }, everyMs);
  try {
    const value = await work();
    if (failure) throw failure;
    return [value, scrapes];
  } finally {
    clearInterval(timer);
  }
}

/** The instances' order in each round: all six orders in turn, so each instance runs first, second and last as often. */
const ORDERS = [
  ['off', 'on', 'same'],
  ['on', 'same', 'off'],
  ['same', 'off', 'on'],
  ['off', 'same', 'on'],
  ['same', 'on', 'off'],
  ['on', 'off', 'same'],
] as const;
type Instance = (typeof ORDERS)[number][number];
const INSTANCES = ['on', 'off', 'same'] as const;

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/**
 * Issue 33: the metrics' cost. Authenticated reads (GET user/info, as the foundation figure) per
 * second of an instance with METRICS_TOKEN set and scraped every second (`on`), next to an
 * instance without metrics (`off`), in rounds of the same run; the ratio is the median of the
 * rounds' ratios (goal >= 95 %). On a shared machine two instances of one build differ by more
 * than that margin, so the same rounds give two more figures (docs/decisions/0038): the CPU time
 * each instance used per request answered (from /proc, every thread), which a busier machine
 * changes less than the rate, and the ratio of a third instance without metrics (`same`) to `off`,
 * the noise of this run.
 */
export async function run() {
  console.log('\nMetrics endpoint cost');
  const rounds = SMALL ? 1 : 12;
  const seconds = SMALL ? 1 : 2;
  const [on, off, same] = await Promise.all([startPortal({ METRICS_TOKEN: TOKEN }), startPortal(), startPortal()]);
  try {
    const servers = { on, off, same };
    const tokens = { on: await login(on.url, 'admin'), off: await login(off.url, 'admin'), same: await login(same.url, 'admin') };
    let scrapes = 0;
    // Every second (every quarter second in the small run, so its one second sees scrapes too).
    const measure = async (instance: Instance, duration: number, everyMs = SMALL ? 250 : 1000): Promise<Round> => {
      if (instance !== 'on') return reads(servers[instance], tokens[instance], duration);
      const [round, n] = await scraping(on.url, everyMs, () => reads(on, tokens.on, duration));
      scrapes += n;
      return round;
    };
    // Warm-up: JIT, caches, the sign-in cache of each instance, and the first scrapes (a
    // Prometheus scrapes from the start, so the first one's one-time cost is not in the figure).
    for (const instance of INSTANCES) await measure(instance, 1, 250);
    scrapes = 0;
    const rate = { on: [] as number[], off: [] as number[], same: [] as number[] };
    const cpu = { on: [] as number[], off: [] as number[], same: [] as number[] };
    const rateRatios = { on: [] as number[], same: [] as number[] };
    const cpuRatios = { on: [] as number[], same: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      const round = {} as Record<Instance, Round>;
      for (const instance of ORDERS[i % ORDERS.length]!) round[instance] = await measure(instance, seconds);
      for (const instance of INSTANCES) {
        rate[instance].push(round[instance].rate);
        const used = round[instance].cpu;
        if (used !== undefined) cpu[instance].push(used);
      }
      // Each round's own ratios: a busy second of the machine slows one round, not one side.
      for (const instance of ['on', 'same'] as const) {
        rateRatios[instance].push(round[instance].rate / round.off.rate);
        const [used, reference] = [round[instance].cpu, round.off.cpu];
        if (used !== undefined && reference !== undefined) cpuRatios[instance].push(used / reference);
      }
    }
    if (scrapes === 0) throw new Error('no scrape of /metrics ended while the reads ran');
    const ratio = median(rateRatios.on);
    report({
      name: `authenticated GET /API-SYSTEM/user/info with metrics on, scraped every ${SMALL ? 'quarter ' : ''}second (${scrapes} scrapes; PGlite, 32 connections, median of ${rounds} rounds x ${seconds} s, the three instances' order rotating)`,
      value: median(rate.on),
      unit: `req/s (${percent(ratio)} of metrics off)`,
      budget: '>= 95% of the same read with metrics off',
      reference: `metrics off ${median(rate.off).toFixed(0)} req/s; noise of this run: a second instance without metrics made ${percent(median(rateRatios.same))} of the first`,
      ok: ratio >= 0.95,
    });
    if (cpuRatios.on.length === 0) {
      console.log('  CPU time per request: not measured (no /proc on this system)');
      return;
    }
    const cpuRatio = median(cpuRatios.on);
    // The same goal as CPU time: 95 % of the rate is 1 / 0.95 = 105.3 % of the CPU time per request.
    report({
      name: 'CPU time of the instance per authenticated read with metrics on (the same rounds; user and system, every thread, scrapes included)',
      value: median(cpu.on),
      unit: `µs/request (${percent(cpuRatio)} of metrics off)`,
      budget: '<= 105.3% of metrics off (95% of the rate, as CPU time)',
      reference: `metrics off ${median(cpu.off).toFixed(0)} µs/request; noise of this run: the second instance without metrics used ${percent(median(cpuRatios.same))} of the first`,
      ok: cpuRatio <= 1 / 0.95,
    });
  } finally {
    await Promise.all([on.stop(), off.stop(), same.stop()]);
  }
}
