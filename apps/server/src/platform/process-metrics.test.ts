import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { registerProcessMetrics, type ProcessMetrics } from './process-metrics.js';

const value = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${name} `))
      ?.split(' ')[1],
  );

describe("the process's figures (read at the scrape)", () => {
  let metrics: ProcessMetrics | undefined;
  afterEach(() => metrics?.stop());

  it('reads the event-loop lag, CPU time and memory when asked, as finite numbers even with no delay sampled', async () => {
    const registry = new Registry();
    metrics = registerProcessMetrics([registry]);
    // Straight away, before (or just after) the delay's first sample: small finite figures, never
    // the empty histogram's NaN mean or its minimum of 2^63 ns.
    await metrics.read();
    const first = await registry.metrics();
    for (const stat of ['min', 'max', 'mean', 'p50', 'p90', 'p99']) {
      const figure = value(first, `nodejs_eventloop_lag_${stat}_seconds`);
      expect(Number.isFinite(figure) && figure >= 0 && figure < 1, `${stat}: ${figure}`).toBe(true);
    }
    expect(value(first, 'nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
    expect(first).not.toContain('stddev');

    // A busy loop of 60 ms after a sample: the delay's maximum shows it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = performance.now() + 60;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await metrics.read();
    const text = await registry.metrics();
    expect(value(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.03);
    const cpu = process.cpuUsage();
    expect(value(text, 'process_cpu_seconds_total')).toBeCloseTo(
      value(text, 'process_cpu_user_seconds_total') + value(text, 'process_cpu_system_seconds_total'),
      6,
    );
    expect(value(text, 'process_cpu_seconds_total')).toBeLessThanOrEqual((cpu.user + cpu.system) / 1e6);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(value(text, 'nodejs_heap_size_used_bytes'));
    expect(value(text, 'process_start_time_seconds')).toBeLessThanOrEqual(Date.now() / 1000);
  });
});
