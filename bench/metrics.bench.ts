import autocannon from 'autocannon';
import { login, median, report, SMALL, startPortal } from './lib.js';

const READ = '/API-SYSTEM/user/info?isBrief=false';
const TOKEN = 'bench-metrics-token-0123456789';

async function throughput(url: string, token: string, seconds: number): Promise<number> {
  const result = await autocannon({ url: `${url}${READ}`, headers: { authorization: `Bearer ${token}` }, connections: 32, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${READ}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
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

/**
 * Issue 33: the metrics' cost. Authenticated reads (GET user/info, as the foundation figure) per
 * second of an instance with METRICS_TOKEN set and scraped every second, next to an instance
 * without metrics, in rounds of the same run whose order alternates; the ratio is the median of the
 * rounds' ratios (goal >= 95 %).
 */
export async function run() {
  console.log('\nMetrics endpoint cost');
  const rounds = SMALL ? 1 : 8;
  const seconds = SMALL ? 1 : 3;
  const on = await startPortal({ METRICS_TOKEN: TOKEN });
  const off = await startPortal();
  try {
    const onToken = await login(on.url, 'admin');
    const offToken = await login(off.url, 'admin');
    // Warm-up: JIT, caches, the sign-in cache of each instance, and the first scrapes (a
    // Prometheus scrapes from the start, so the first one's one-time cost is not in the figure).
    await throughput(off.url, offToken, 1);
    await scraping(on.url, 250, () => throughput(on.url, onToken, 1));
    const withMetrics: number[] = [];
    const without: number[] = [];
    const ratios: number[] = [];
    let scrapes = 0;
    // Every second (every quarter second in the small run, so its one second sees scrapes too).
    const measureOn = async () => {
      const [value, n] = await scraping(on.url, SMALL ? 250 : 1000, () => throughput(on.url, onToken, seconds));
      scrapes += n;
      return value;
    };
    for (let i = 0; i < rounds; i++) {
      // The order alternates, so neither instance always runs on the machine the other just warmed.
      const measureOff = () => throughput(off.url, offToken, seconds);
      let onValue: number;
      let offValue: number;
      if (i % 2 === 0) {
        offValue = await measureOff();
        onValue = await measureOn();
      } else {
        onValue = await measureOn();
        offValue = await measureOff();
      }
      withMetrics.push(onValue);
      without.push(offValue);
      ratios.push(onValue / offValue);
    }
    if (scrapes === 0) throw new Error('no scrape of /metrics ended while the reads ran');
    const value = median(withMetrics);
    const reference = median(without);
    // The median of each round's pair: a busy second of the machine slows one pair, not one side.
    const ratio = median(ratios);
    report({
      name: `authenticated GET /API-SYSTEM/user/info with metrics on, scraped every ${SMALL ? 'quarter ' : ''}second (${scrapes} scrapes; PGlite, 32 connections, median of ${rounds} pairs x ${seconds} s, in alternating order)`,
      value,
      unit: `req/s (${(ratio * 100).toFixed(1)}% of metrics off)`,
      budget: '>= 95% of the same read with metrics off',
      reference: `metrics off ${reference.toFixed(0)} req/s`,
      ok: ratio >= 0.95,
    });
  } finally {
    await on.stop();
    await off.stop();
  }
}
