import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long synchronous loops on the server's main thread (a background job walking a large query
 * result, building thousands of rows) hold every request until they end. A TimeSlice lets such a
 * loop give the event loop back every `sliceMs` of work: `if (slice.due()) await slice.pause();`
 * inside the loop, or `await slice.tick()`. `due()` reads the clock only every 64 calls, so it
 * costs next to nothing per row. The loop's results do not change, only when it runs.
 */
export class TimeSlice {
  private last = performance.now();
  private calls = 0;
  /** How many times the loop gave the event loop back. */
  pauses = 0;

  constructor(private readonly sliceMs = 20) {}

  /** True when this slice has run `sliceMs` or more (checked every 64 calls). */
  due(): boolean {
    if ((++this.calls & 63) !== 0) return false;
    return performance.now() - this.last >= this.sliceMs;
  }

  /** Lets pending I/O and timers run (setImmediate), then starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.pauses++;
    this.last = performance.now();
  }

  /** Pauses when the slice is used up, checking the clock every time (for coarse steps). */
  async tick(): Promise<void> {
    if (performance.now() - this.last >= this.sliceMs) await this.pause();
  }
}
