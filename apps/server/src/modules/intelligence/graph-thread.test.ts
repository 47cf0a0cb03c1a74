import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { randomSource } from '../../platform/random.js';
import { computeNetwork, type NetworkInput } from './network-metrics.js';
import { computeNetworkInWorker, startWorker } from './graph-thread.js';

/** A co-authorship-like graph: doctors in groups of 100, each tied to a few of its group and now and then to another group. */
function graph(doctors: number, seed = 7): NetworkInput {
  const r = randomSource(seed);
  const a: number[] = [];
  const b: number[] = [];
  const w: number[] = [];
  for (let i = 1; i <= doctors; i++) {
    const group = Math.floor((i - 1) / 100) * 100;
    for (let k = 0; k < 5; k++) {
      const j = r() < 0.9 ? group + 1 + Math.floor(r() * 100) : 1 + Math.floor(r() * doctors);
      if (j === i || j > doctors) continue;
      a.push(Math.min(i, j));
      b.push(Math.max(i, j));
      w.push(1 + Math.floor(r() * 4));
    }
  }
  return { shards: [{ a: Float64Array.from(a), b: Float64Array.from(b), w: Float64Array.from(w) }], sharded: false };
}

const copy = (input: NetworkInput): NetworkInput => ({
  sharded: input.sharded,
  shards: input.shards.map((s) => ({ a: s.a.slice(), b: s.b.slice(), w: s.w.slice() })),
});

describe('network metrics in a worker thread', () => {
  it('answers exactly what the same computation answers on the main thread', async () => {
    const input = graph(3000);
    const here = computeNetwork(copy(input));
    const there = await computeNetworkInWorker(copy(input));
    expect(there.ids.length).toBeGreaterThan(2500);
    for (const key of ['ids', 'community', 'pagerank', 'pagerankPct', 'degree', 'x', 'y'] as const)
      expect(Array.from(there[key])).toEqual(Array.from(here[key]));
    expect(there.communities).toBe(here.communities);
    expect(there.communities).toBeGreaterThan(1);
  });

  it('keeps the event loop answering while PageRank and Louvain take their CPU time', async () => {
    // Grows the graph until the computation takes at least 300 ms where it runs.
    for (let doctors = 20_000; ; doctors *= 2) {
      const input = graph(doctors);
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 20);
      const started = performance.now();
      const result = await computeNetworkInWorker(input);
      const wall = performance.now() - started;
      clearInterval(ticker);
      histogram.disable();
      if (result.ms < 300 && doctors < 320_000) continue;
      const maxDelayMs = histogram.max / 1e6;
      expect(result.ms).toBeGreaterThanOrEqual(300);
      expect(result.ids.length).toBeGreaterThan(doctors * 0.9);
      // Run synchronously, the loop would stall for the whole computation; off the main thread it stalls far less.
      expect(maxDelayMs).toBeLessThan(result.ms / 3);
      expect(ticks).toBeGreaterThan(wall / 20 / 3);
      return;
    }
  }, 120_000);

  it('starts the built worker (dist/graph-worker.mjs) from code in dist/ or dist/chunks/, as build.mjs bundles it', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'graph-worker-'));
    try {
      await build({
        entryPoints: { 'graph-worker': fileURLToPath(new URL('./graph-worker.ts', import.meta.url)) },
        outdir: dist,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        logLevel: 'warning',
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      });
      mkdirSync(join(dist, 'chunks'));
      const input = graph(500);
      const expected = computeNetwork(copy(input));
      for (const from of [join(dist, 'main.mjs'), join(dist, 'chunks', 'chunk-x.mjs')]) {
        const result = await computeNetworkInWorker(copy(input), startWorker(pathToFileURL(from).href));
        expect(Array.from(result.community)).toEqual(Array.from(expected.community));
        expect(Array.from(result.pagerank)).toEqual(Array.from(expected.pagerank));
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);
});
