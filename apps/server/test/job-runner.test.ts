import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from '../src/db/scratch.js';
import { JobRunner, LostClaim, wakeQueue, type Claim, type QueueDefinition } from '../src/platform/jobs/index.js';
import { TestClock } from './harness.js';

interface TestJob {
  id: number | string;
  status: string;
  tag: string;
  attempts: number;
  rows_done: number;
  lease_until: string | Date | null;
  claim_token: string | null;
  error: string | null;
}

/** The runner needs no portal data: an empty database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) with a queue table of its own. */
let h: { database: Database; databaseUrl: string | undefined; clock: TestClock; close(): Promise<void> };

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const clock = new TestClock();
  if (adminUrl) {
    const scratch = await scratchDatabase(adminUrl, 'fp_runner');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    h = { database, databaseUrl: scratch.url, clock, close: async () => (await database.close(), await scratch.drop()) };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-runner-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    h = { database, databaseUrl: undefined, clock, close: async () => (await database.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  await h.database.query(`
    create table runner_test_jobs (
      id serial primary key, tag text not null, status text not null default 'queued', claim_token uuid, lease_until timestamptz,
      attempts int not null default 0, rows_done int not null default 0, error text, runs int not null default 0, finished_at timestamptz)`);
});
afterAll(async () => h?.close());

const LEASE = 10_000;

/** A queue over the test table; `run` is the job's work (by default: counts the run and ends done). */
function testQueue(run?: (claim: Claim<TestJob>) => Promise<void>, extra: Partial<QueueDefinition<TestJob>> = {}): QueueDefinition<TestJob> {
  return {
    name: 'test',
    table: {
      name: 'runner_test_jobs',
      leased: true,
      onClaim: () => sql`rows_done = 0, runs = runs + 1`,
      onGiveUp: (at) => sql`error = 'interrupted', finished_at = ${at}::timestamptz`,
    },
    leaseMs: LEASE,
    maxAttempts: 3,
    intervalMs: 60_000,
    run: run ?? (async (claim) => void (await claim.finish(sql`status = 'done', finished_at = now()`))),
    ...extra,
  };
}

const runnerOf = (queue: QueueDefinition<TestJob>, database: Database = h.database) => new JobRunner(database, { now: h.clock.now }).queue(queue);

async function queued(tag: string, n = 1): Promise<number[]> {
  const rows = await h.database.query<{ id: number }>(`insert into runner_test_jobs (tag) select $1 from generate_series(1, $2::int) returning id`, [tag, n]);
  return rows.map((r) => Number(r.id));
}
const jobs = (ids: number[]) => h.database.query<TestJob & { runs: number }>(`select * from runner_test_jobs where id = any($1::int[]) order by id`, [ids]);

async function drain(runner: JobRunner): Promise<number[]> {
  const ids: number[] = [];
  for (let id = await runner.runOnce('test'); id !== undefined; id = await runner.runOnce('test')) ids.push(id);
  return ids;
}

describe('the job runner', () => {
  it('gives each job to one runner only: two runners drain one queue, every job runs once', async () => {
    // On PostgreSQL the second runner has a pool of its own, as another instance would.
    const second: Database = h.databaseUrl ? await openDatabase({ databaseUrl: h.databaseUrl, poolSize: 3 }) : h.database;
    try {
      const ids = await queued('pair', 12);
      const slow = async (claim: Claim<TestJob>) => {
        await claim.progress(sql`rows_done = 1`);
        await claim.finish(sql`status = 'done', finished_at = now()`);
      };
      const [a, b] = await Promise.all([drain(runnerOf(testQueue(slow))), drain(runnerOf(testQueue(slow), second))]);
      expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids);
      expect(new Set([...a, ...b]).size).toBe(ids.length);
      const rows = await jobs(ids);
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.runs === 1 && r.claim_token === null && r.lease_until === null)).toBe(true);
    } finally {
      if (second !== h.database) await second.close();
    }
  });

  it('takes back a job whose lease ran out (its instance stalled or died); the first claim then writes nothing', async () => {
    const [id] = await queued('lease');
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atStall = new Promise<void>((resolve) => (reached = resolve));
    let lost: unknown;
    const a = runnerOf(
      testQueue(async (claim) => {
        reached();
        await stalled;
        try {
          await claim.progress(sql`rows_done = 99`);
        } catch (error) {
          lost = error;
          throw error;
        }
      }),
    );
    const runA = a.runOnce('test');
    await atStall;
    const b = runnerOf(testQueue());
    expect(await b.runOnce('test')).toBeUndefined();
    h.clock.advance(LEASE + 1);
    expect(await b.runOnce('test')).toBe(id);
    release();
    expect(await runA).toBe(id);
    expect(lost).toBeInstanceOf(LostClaim);
    const [row] = await jobs([id!]);
    expect(row).toMatchObject({ status: 'done', attempts: 2, runs: 2, rows_done: 0 });
  });

  it('claims a job again after each crash, up to the attempts, then fails it and says so', async () => {
    const [id] = await queued('crash');
    const gaveUp: TestJob[] = [];
    // The work ends without finishing: what a process killed mid-job leaves (running, under a lease).
    const runner = runnerOf(testQueue(async () => {}, { gaveUp: async (row) => void gaveUp.push(row) }));
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runner.runOnce('test')).toBe(id);
      const [row] = await jobs([id!]);
      expect(row).toMatchObject({ status: 'running', attempts: attempt });
      expect(await runner.runOnce('test')).toBeUndefined();
      h.clock.advance(LEASE + 1);
    }
    expect(await runner.runOnce('test')).toBe(id);
    const [row] = await jobs([id!]);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, runs: 3, error: 'interrupted', claim_token: null, lease_until: null });
    expect(gaveUp.map((r) => Number(r.id))).toEqual([id]);
    expect(await runner.runOnce('test')).toBeUndefined();
  });

  it('writes progress under the claim and extends the lease with it', async () => {
    const [id] = await queued('progress');
    const seen: { rows: number; lease: number }[] = [];
    const runner = runnerOf(
      testQueue(async (claim) => {
        for (let rows = 1; rows <= 3; rows++) {
          h.clock.advance(LEASE / 2);
          const row = await claim.progress(sql`rows_done = ${rows}`);
          seen.push({ rows: row.rows_done, lease: new Date(row.lease_until!).getTime() });
        }
        await claim.finish(sql`status = 'done'`);
      }),
    );
    const started = h.clock.now();
    expect(await runner.runOnce('test')).toBe(id);
    // Each write moved the lease to its own time plus the lease: the job outlived its first lease.
    expect(seen).toEqual([1, 2, 3].map((rows) => ({ rows, lease: started + (rows * LEASE) / 2 + LEASE })));
    expect((await jobs([id!]))[0]).toMatchObject({ status: 'done', rows_done: 3 });
  });

  it('starts on a NOTIFY, and stop() gives the running job back to the queue and waits for it', async () => {
    const [id] = await queued('stop');
    let inside!: () => void;
    const running = new Promise<void>((resolve) => (inside = resolve));
    const runner = runnerOf(
      testQueue(async (claim) => {
        await claim.progress(sql`rows_done = 7`);
        inside();
        // A long job looks at the runner between batches.
        for (;;) {
          claim.checkStopping();
          await new Promise((r) => setImmediate(r));
        }
      }),
    );
    await runner.start();
    try {
      expect(runner.busy('test')).toBe(false);
      // The poll is a minute away: only the wake-up can start the job.
      await wakeQueue(h.database.db, 'test');
      await running;
      expect(runner.busy('test')).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(runner.busy('test')).toBe(false);
    const [row] = await jobs([id!]);
    expect(row).toMatchObject({ status: 'queued', claim_token: null, lease_until: null, attempts: 1 });
    // Given back, it is claimed at once by the next runner, without waiting for a lease.
    expect(await runnerOf(testQueue()).runOnce('test')).toBe(id);
    expect((await jobs([id!]))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('runs periodic work on its interval, one run at a time, reports a failed run, and stop() waits for the run', async () => {
    const failures: string[] = [];
    let runs = 0;
    let finish!: () => void;
    const blocked = new Promise<void>((resolve) => (finish = resolve));
    const runner = new JobRunner(h.database, { now: h.clock.now, hooks: { failed: (kind) => failures.push(kind) } }).every({
      name: 'tick',
      intervalMs: 5,
      work: async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
        await blocked;
      },
    });
    await runner.start();
    await expect.poll(() => runs).toBe(2);
    expect(failures).toEqual(['tick']);
    expect(runner.busy('tick')).toBe(true);
    const stopped = runner.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    // The second run is still under way: stop() waits for it, and no third run starts.
    expect(done).toBe(false);
    finish();
    await stopped;
    expect(runs).toBe(2);
    expect(runner.names).toEqual(['tick']);
  });

  it('leaves a job claimed by its table without a lease alone until it ends', async () => {
    await h.database.query(`create table runner_test_plain (id serial primary key, status text not null default 'queued', started_at timestamptz)`);
    const [row] = await h.database.query<{ id: number }>(`insert into runner_test_plain default values returning id`);
    const seen: string[] = [];
    const runner = new JobRunner(h.database, { now: h.clock.now }).queue<{ id: number; status: string }>({
      name: 'plain',
      table: { name: 'runner_test_plain', leased: false, onClaim: (at) => sql`started_at = ${at}::timestamptz` },
      run: async (claim) => {
        seen.push(claim.row.status);
        expect(
          await new JobRunner(h.database).queue({ name: 'plain', table: { name: 'runner_test_plain', leased: false }, run: async () => {} }).runOnce('plain'),
        ).toBeUndefined();
        await claim.finish(sql`status = 'done'`);
      },
    });
    expect(await runner.runOnce('plain')).toBe(Number(row!.id));
    expect(seen).toEqual(['running']);
    expect(await h.database.query(`select status, started_at is not null as started from runner_test_plain`)).toEqual([{ status: 'done', started: true }]);
  });
});
