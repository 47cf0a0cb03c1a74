import { describe, expect, it } from 'vitest';
import { TimeSlice } from './time-slice.js';

/** Busy work for `ms` on this thread, in steps of about 0.1 ms. */
function spin(ms: number) {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x++;
  return x;
}

describe('TimeSlice', () => {
  it('lets timers run during a long loop that checks it, and only after its slice is used up', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const slice = new TimeSlice(20);
      expect(slice.due()).toBe(false);
      const started = performance.now();
      let steps = 0;
      while (slice.pauses < 3 && performance.now() - started < 10_000) {
        spin(0.1);
        steps++;
        if (slice.due()) await slice.pause();
      }
      // Three slices of at least 20 ms each: more than 60 ms of work; the interval fired at the pauses
      // (a setImmediate may resolve before the timers of its turn: at least two of the three).
      expect(slice.pauses).toBe(3);
      expect(performance.now() - started).toBeGreaterThanOrEqual(60);
      expect(steps).toBeGreaterThan(64);
      expect(ticks).toBeGreaterThanOrEqual(2);
    } finally {
      clearInterval(timer);
    }
  });

  it('holds the event loop for the whole loop when nothing checks it (what the slices prevent)', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      spin(100);
      expect(ticks).toBe(0);
      const slice = new TimeSlice(20);
      spin(25);
      // The clock is read every 64th call only.
      for (let i = 0; i < 63; i++) expect(slice.due()).toBe(false);
      expect(slice.due()).toBe(true);
      await slice.tick();
      expect(slice.pauses).toBe(1);
    } finally {
      clearInterval(timer);
    }
  });
});
