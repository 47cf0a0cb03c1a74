import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { withForeignKeysDeferred } from '../../db/bulk-load.js';
import type { Db } from '../../db/client.js';
import { doctorFacts, type DataScope } from '../customers/index.js';
import { withIndexesDeferred } from '../customers/index.js';
import { clearAcademicData, writeAcademicData } from './generator.js';
import { queueRecompute, runNextJob } from './jobs.js';
import { kolRanking } from './service.js';

/**
 * The academic data and the recompute at national scale (`npm run seed:scale`, docs/decisions/0024
 * "at national scale"): the papers, authorships and academic records written in batches with this
 * module's non-unique indexes dropped during the load and built afterwards, progress lines on the
 * way; the recompute run as the background job runs it, while a second connection keeps reading
 * the KOL ranking, so the time, the peak memory and the reads answered meanwhile are printed.
 */

const ACADEMIC_TABLES = ['intel_papers', 'intel_paper_authors', 'intel_academic_items'] as const;
const ALL: DataScope = { userId: 0, all: true, hospitalIds: [], provinceCodes: [] };

export interface ScaleOptions {
  seed: number;
  papersPerDoctor: number;
  log: (line: string) => void;
}

export async function writeAcademicScale(db: Db, options: ScaleOptions) {
  await clearAcademicData(db);
  const started = performance.now();
  let last = started;
  const counts = await withForeignKeysDeferred(db, 'intel_paper_authors', () =>
    withIndexesDeferred(
      db,
      () =>
        writeAcademicData(db, {
          seed: options.seed,
          papersPerDoctor: options.papersPerDoctor,
          onProgress: (papers) => {
            if (performance.now() - last < 5000) return;
            last = performance.now();
            options.log(`${papers.toLocaleString('en')} papers, ${Math.round(papers / ((last - started) / 1000)).toLocaleString('en')} papers/s`);
          },
        }),
      ACADEMIC_TABLES,
    ),
  );
  await db.execute(sql`analyze intel_papers`);
  await db.execute(sql`analyze intel_paper_authors`);
  await db.execute(sql`analyze intel_academic_items`);
  const seconds = (performance.now() - started) / 1000;
  const rows = counts.papers + counts.authors + counts.items;
  options.log(
    `${counts.papers.toLocaleString('en')} papers, ${counts.authors.toLocaleString('en')} authorships, ${counts.items.toLocaleString('en')} academic records ` +
      `in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s, indexes built after the load)`,
  );
  return counts;
}

const p95 = (values: number[]) => (values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!);

/** The most common indication and province among the first doctors: the reads made during the recompute. */
async function busyRanking(db: Db): Promise<{ indication: string; provinceCode: string } | undefined> {
  const counts = new Map<string, number>();
  for (const d of await doctorFacts(db, 0, 5000))
    for (const ind of d.indications) counts.set(`${ind}|${d.provinceCode}`, (counts.get(`${ind}|${d.provinceCode}`) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!best) return undefined;
  const [indication, provinceCode] = best.split('|') as [string, string];
  return { indication, provinceCode };
}

/** Runs the recompute job (queued, claimed and run as the server's job runner does), reading meanwhile. */
export async function recomputeAtScale(db: Db, options: Pick<ScaleOptions, 'log'>) {
  const pick = await busyRanking(db);
  await queueRecompute(db, null);
  const reads: number[] = [];
  let rows = 0;
  let running = true;
  const reader = (async () => {
    if (!pick) return;
    while (running) {
      const started = performance.now();
      const page = await kolRanking(db, ALL, { indication: pick.indication, provinceCode: pick.provinceCode, size: 20 });
      reads.push(performance.now() - started);
      rows = page.list.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  let peak = process.memoryUsage().rss;
  // The event loop's longest stall during the job (the job runs in this process, as in the server).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 500);
  const started = performance.now();
  try {
    const result = await runNextJob(db);
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    const loopMaxMs = loop.max / 1e6;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!result) throw new Error('no recompute job was claimed');
    const s = result.stats;
    options.log(
      `recompute: ${s.doctors.toLocaleString('en')} doctors, ${s.relations.toLocaleString('en')} relations, ${s.scored.toLocaleString('en')} scores, ${s.communities.toLocaleString('en')} communities` +
        ` over ${s.shards ?? 1} shard(s) in ${seconds.toFixed(1)} s, peak RSS ${Math.round(peak / 1048576).toLocaleString('en')} MB`,
    );
    options.log(
      `reads meanwhile: ${reads.length} KOL ranking first pages (${pick?.indication} in ${pick?.provinceCode}, ${rows} rows), p95 ${p95(reads).toFixed(1)} ms, slowest ${Math.max(0, ...reads).toFixed(1)} ms`,
    );
    options.log(
      `event loop meanwhile: longest delay ${loopMaxMs.toFixed(0)} ms (network metrics ${s.networkMs ?? 0} ms in a worker thread, longest delay then ${s.networkLoopMaxMs ?? 0} ms)`,
    );
    return { stats: s, seconds, peakRssMb: Math.round(peak / 1048576), reads, loopMaxMs };
  } finally {
    running = false;
    loop.disable();
    clearInterval(sampler);
    await reader;
  }
}
