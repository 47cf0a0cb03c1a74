/**
 * Runs `work` every `intervalMs`, never two at once in this process (a tick while a run is under
 * way is skipped); `stop()` waits for the run in progress. The background jobs' timer: the claim
 * that keeps instances from doing the same work twice is each job's own (FOR UPDATE SKIP LOCKED).
 */
export class PeriodicRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError?: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** A run is under way in this process. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.work()
      .catch((error: unknown) => this.onError?.(error))
      .finally(() => {
        this.running = undefined;
      });
  }
}
