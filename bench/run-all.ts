import { reportedFigures, SMALL } from './lib.js';
import { run as foundation } from './foundation.bench.js';
import { run as upload } from './upload.bench.js';
import { run as push } from './push.bench.js';
import { run as admin } from './admin.bench.js';
import { run as realtime } from './realtime.bench.js';
import { run as analytics } from './analytics.bench.js';
import { run as feed } from './feed.bench.js';
import { run as web } from './web.bench.js';
import { run as charts } from './charts.bench.js';
import { run as customers } from './customers.bench.js';
import { run as intelligence } from './intelligence.bench.js';
import { run as meetingsContent } from './meetings-content.bench.js';
import { run as market } from './market.bench.js';
import { run as activity } from './activity.bench.js';
import { run as reports } from './reports.bench.js';
import { run as downloads } from './downloads.bench.js';
import { run as imports } from './imports.bench.js';
import { run as areaMap } from './area-map.bench.js';
import { run as backup } from './backup.bench.js';
import { run as metrics } from './metrics.bench.js';

// Every benchmark in turn; each prints its figures next to their budgets and references.
console.log(`Benchmarks${SMALL ? ' (small size: checks that they run, figures not judged)' : ''}`);
// BENCH_ONLY=push,analytics runs only the named suites.
const suites = {
  foundation,
  upload,
  push,
  admin,
  analytics,
  feed,
  customers,
  activity,
  intelligence,
  areaMap,
  meetingsContent,
  market,
  reports,
  downloads,
  imports,
  backup,
  realtime,
  metrics,
  web,
  charts,
};
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
// At the small size a suite that has not ended in 15 minutes is stuck (they take seconds to a few
// minutes on a busy machine): the run stops with its name instead of waiting forever.
const SMALL_SUITE_LIMIT_MS = 15 * 60_000;
async function runSuite(name: string, suite: () => Promise<void>): Promise<void> {
  if (!SMALL) return suite();
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${name} benchmark did not end within ${SMALL_SUITE_LIMIT_MS / 60_000} minutes`)), SMALL_SUITE_LIMIT_MS);
  });
  try {
    await Promise.race([suite(), stuck]);
  } finally {
    clearTimeout(timer);
  }
}
// Each suite's time is printed after it, so a slow one shows in CI's log.
const suiteTimes: string[] = [];
for (const [name, suite] of Object.entries(suites)) {
  if (only && !only.includes(name)) continue;
  const started = performance.now();
  try {
    await runSuite(name, suite);
    const seconds = (performance.now() - started) / 1000;
    suiteTimes.push(`${name} ${seconds.toFixed(0)} s`);
    console.log(`\n(${name}: ${seconds.toFixed(1)} s)`);
  } catch (error) {
    console.error(`\n${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  }
}
const over = reportedFigures().filter((f) => !f.ok);
console.log(`\n${reportedFigures().length} figures measured${SMALL ? '' : `, ${over.length} over budget`}; time by suite: ${suiteTimes.join(', ')}`);
process.exit(0);
