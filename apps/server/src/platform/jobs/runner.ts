import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database, type Db, type Tx } from '../../db/client.js';

/** The NOTIFY channel a queued job is announced on: every instance's runner wakes (docs/decisions/0047). */
export const JOB_CHANNEL = 'fp_job_queued';

/**
 * Says a queue has work. Inside the caller's transaction the NOTIFY goes out when it commits, so a
 * runner never wakes for a job it cannot see yet; the runner's poll covers a lost notification.
 */
export async function wakeQueue(db: Db | Tx, queue: string): Promise<void> {
  await db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${queue})`);
}

/** The job is no longer this claim's: cancelled, or taken over after its lease ran out. */
export class LostClaim extends Error {}
/** The runner is stopping: the job goes back to the queue for the next runner. */
export class Stopping extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A queue table: `id`, `status` ('queued' waits, 'running' is claimed) and, when `leased`,
 * `claim_token uuid`, `lease_until timestamptz` and `attempts int`. A leased job whose lease ran out
 * (its instance died) is claimed again, up to maxAttempts claims; an unleased one is claimed once.
 */
export interface QueueTable {
  name: string;
  leased: boolean;
  /** Columns set by a claim besides the status and the lease (a start time, progress back to 0). */
  onClaim?: (at: string) => SQL;
  /** Columns set when a stopping runner gives a job back (progress back to 0). */
  onGiveBack?: SQL;
  /** Columns set on a leased job whose claims ran out, besides status 'failed' and the cleared lease. */
  onGiveUp?: (at: string) => SQL;
}

/** What a job's work is handed: its row, and writes that hold only while the claim does. */
export interface Claim<Row> {
  readonly id: number;
  readonly row: Row;
  readonly now: () => number;
  /** True once the runner is stopping; a long job checks it between batches (see `checkStopping`). */
  readonly stopping: boolean;
  /** Throws Stopping when the runner is stopping: the job then goes back to the queue. */
  checkStopping(): void;
  /** Writes progress (`set`) and extends the lease; throws LostClaim when the job is no longer this claim's. */
  progress(set: SQL): Promise<Row>;
  /** Ends the job with `set` (its final status and figures), clearing the lease; undefined when the claim was lost. */
  finish(set: SQL, tx?: Tx): Promise<Row | undefined>;
}

export interface QueueDefinition<Row> {
  /** The queue's name: the metrics' kind label and the wake-up's payload. */
  name: string;
  table: QueueTable;
  /** How long a claim holds without a progress write, ms. */
  leaseMs?: number;
  /** Claims of one job before it fails as interrupted (leased tables). */
  maxAttempts?: number;
  /** How often an idle runner looks for queued jobs, ms. */
  intervalMs?: number;
  run(claim: Claim<Row>): Promise<void>;
  /** A leased job whose claims ran out, now failed (to tell its owner). */
  gaveUp?(row: Row, now: number): Promise<void>;
}

/** Work run every `intervalMs`, never two at once in this process; what keeps instances apart is the work's own claim. */
export interface PeriodicDefinition {
  name: string;
  intervalMs: number;
  /** `now`: the runner's clock. */
  work(now: number): Promise<unknown>;
}

/** A module's background work, registered with the runner at start-up. */
export interface JobSet {
  queues?: QueueDefinition<never>[];
  periodic?: PeriodicDefinition[];
}

/** What metrics hear from the runner. */
export interface JobHooks {
  /** A run of `kind` ended in an error that is not the job's own (those end the job as failed). */
  failed?(kind: string, error: unknown): void;
}

export interface JobRunnerOptions {
  now?: () => number;
  hooks?: JobHooks;
}

/** One loop: a timer, a flag for "look again when this run ends", and the run under way. */
class Loop {
  private timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | undefined;
  private again = false;
  stopping = false;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => this.wake(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs now; during a run, once more when it ends (the run may have looked before the job was queued). */
  wake(): void {
    if (this.stopping || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.work()
      .catch(this.failed)
      .finally(() => {
        this.running = undefined;
        if (this.again) this.wake();
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    await this.running;
  }
}

/**
 * Every background job of an instance (docs/decisions/0047): queues whose rows are claimed with
 * FOR UPDATE SKIP LOCKED under a lease and a claim token, and periodic work. A queued job wakes
 * the runners of every instance (LISTEN on JOB_CHANNEL); each queue is also polled. `stop()` gives
 * the running jobs back to their queues and waits for them (lifecycle.ts calls it).
 */
export class JobRunner {
  private readonly now: () => number;
  private readonly queues = new Map<string, QueueDefinition<never>>();
  private readonly loops = new Map<string, Loop>();
  private stopping = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    /** Without `listen` (a test, a script), only the poll and `wake` start a run. */
    private readonly database: { db: Db; listen?: Database['listen'] },
    private readonly options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private get db(): Db {
    return this.database.db;
  }

  register(set: JobSet): this {
    for (const queue of set.queues ?? []) this.queue(queue);
    for (const periodic of set.periodic ?? []) this.every(periodic);
    return this;
  }

  /** Declares a queue (once per name). */
  queue<Row>(definition: QueueDefinition<Row>): this {
    if (this.loops.has(definition.name)) throw new Error(`job ${definition.name} declared twice`);
    this.queues.set(definition.name, definition as QueueDefinition<never>);
    this.loops.set(definition.name, new Loop(definition.name, definition.intervalMs ?? 1000, () => this.drain(definition.name), this.failed(definition.name)));
    return this;
  }

  /** Declares periodic work (once per name). */
  every(definition: PeriodicDefinition): this {
    if (this.loops.has(definition.name)) throw new Error(`job ${definition.name} declared twice`);
    this.loops.set(definition.name, new Loop(definition.name, definition.intervalMs, () => definition.work(this.now()), this.failed(definition.name)));
    return this;
  }

  private failed(kind: string): (error: unknown) => void {
    return (error) => this.options.hooks?.failed?.(kind, error);
  }

  /** The names declared: queues and periodic work. */
  get names(): string[] {
    return [...this.loops.keys()];
  }

  /** A run of `name` is under way in this process. */
  busy(name: string): boolean {
    return this.loops.get(name)?.running !== undefined;
  }

  async start(): Promise<void> {
    this.stopping = false;
    for (const loop of this.loops.values()) loop.start();
    if (this.queues.size > 0 && !this.unlisten && this.database.listen) {
      // The poll still runs: a notification lost while the LISTEN connection was down costs one interval.
      this.unlisten = await this.database.listen(JOB_CHANNEL, (name) => this.wake(name));
    }
  }

  /** Runs `name` now in this process (a queue looks for jobs; periodic work runs). */
  wake(name: string): void {
    this.loops.get(name)?.wake();
  }

  /** Stops looking for work; the jobs under way go back to their queues, and this waits for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
    await unlisten?.();
  }

  private async drain(name: string): Promise<void> {
    while (!this.stopping && (await this.runOnce(name)) !== undefined);
  }

  /** Claims and runs one job of the queue; its id, or undefined when nothing was waiting. */
  async runOnce(name: string): Promise<number | undefined> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no job queue ${name}`);
    const claimed = await this.claim(queue);
    if (!claimed) return undefined;
    if (claimed.gaveUp) {
      await queue.gaveUp?.(claimed.row, this.now());
      return claimed.id;
    }
    const claim = this.claimOf(queue, claimed.id, claimed.token, claimed.row);
    try {
      await queue.run(claim);
    } catch (error) {
      if (error instanceof LostClaim) return claimed.id;
      if (error instanceof Stopping) {
        // Back to the queue at once: another runner need not wait for the lease.
        const table = queue.table;
        await this.db.execute(sql`
          update ${sql.identifier(table.name)} set status = 'queued'${table.leased ? sql`, claim_token = null, lease_until = null` : sql``}${table.onGiveBack ? sql`, ${table.onGiveBack}` : sql``}
           where ${this.held(table, claimed.id, claimed.token)}`);
        return claimed.id;
      }
      throw error;
    }
    return claimed.id;
  }

  private async claim(queue: QueueDefinition<never>): Promise<{ id: number; token: string; row: never; gaveUp: boolean } | undefined> {
    const { table } = queue;
    const at = this.now();
    const token = crypto.randomUUID();
    const t = sql.identifier(table.name);
    const claimSet = table.onClaim ? sql`, ${table.onClaim(iso(at))}` : sql``;
    return this.db.transaction(async (tx) => {
      if (!table.leased) {
        const [row] = await selectRows<{ id: number | string }>(
          tx,
          sql`select id from ${t} where status = 'queued' order by id limit 1 for update skip locked`,
        );
        if (!row) return undefined;
        const [claimed] = await selectRows<never>(tx, sql`update ${t} set status = 'running'${claimSet} where id = ${row.id} returning *`);
        return { id: Number(row.id), token, row: claimed!, gaveUp: false };
      }
      const [row] = await selectRows<{ id: number | string; attempts: number }>(
        tx,
        sql`
        select id, attempts from ${t}
         where status = 'queued' or (status = 'running' and lease_until < ${iso(at)}::timestamptz)
         order by id limit 1 for update skip locked`,
      );
      if (!row) return undefined;
      if (row.attempts >= (queue.maxAttempts ?? 3)) {
        const [failed] = await selectRows<never>(
          tx,
          sql`
          update ${t} set status = 'failed', claim_token = null, lease_until = null${table.onGiveUp ? sql`, ${table.onGiveUp(iso(at))}` : sql``}
           where id = ${row.id} returning *`,
        );
        return { id: Number(row.id), token, row: failed!, gaveUp: true };
      }
      const [claimed] = await selectRows<never>(
        tx,
        sql`
        update ${t} set status = 'running', claim_token = ${token}::uuid, lease_until = ${iso(at + (queue.leaseMs ?? 30_000))}::timestamptz,
               attempts = attempts + 1${claimSet}
         where id = ${row.id} returning *`,
      );
      return { id: Number(row.id), token, row: claimed!, gaveUp: false };
    });
  }

  /** The condition every write of a claim carries: the job is still running under this claim. */
  private held(table: QueueTable, id: number, token: string): SQL {
    return table.leased ? sql`id = ${id} and claim_token = ${token}::uuid and status = 'running'` : sql`id = ${id} and status = 'running'`;
  }

  private claimOf<Row>(queue: QueueDefinition<Row>, id: number, token: string, row: Row): Claim<Row> {
    const { table } = queue;
    const t = sql.identifier(table.name);
    const stopping = () => this.stopping || this.loops.get(queue.name)?.stopping === true;
    return {
      id,
      row,
      now: this.now,
      get stopping() {
        return stopping();
      },
      checkStopping() {
        if (stopping()) throw new Stopping();
      },
      progress: async (set) => {
        const lease = table.leased ? sql`, lease_until = ${iso(this.now() + (queue.leaseMs ?? 30_000))}::timestamptz` : sql``;
        const [updated] = await selectRows<Row>(this.db, sql`update ${t} set ${set}${lease} where ${this.held(table, id, token)} returning *`);
        if (!updated) throw new LostClaim();
        return updated;
      },
      finish: async (set, tx = this.db) => {
        const lease = table.leased ? sql`, claim_token = null, lease_until = null` : sql``;
        const [updated] = await selectRows<Row>(tx, sql`update ${t} set ${set}${lease} where ${this.held(table, id, token)} returning *`);
        return updated;
      },
    };
  }
}
