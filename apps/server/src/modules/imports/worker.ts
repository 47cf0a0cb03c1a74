import { sql } from 'drizzle-orm';
import {
  type ImportCounts,
  type ImportKind,
  type ImportNote,
  type ImportStatus,
  type Lang,
  type MessageKey,
  type MessageParam,
  type Notice,
  type NoticeType,
} from '@field-portal/shared';
import { selectRows, type Database, type Db, type Tx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { LostClaim, type Claim, type JobSet, type QueueDefinition } from '../../platform/jobs/index.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import type { FileStore } from '../../platform/storage.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { forgetAccounts, kindOf, type WriteCounts } from './kinds/index.js';
import { stageRows } from './load.js';
import { fileRows } from './reader.js';
import { runChecks, sourceOf } from './staging.js';

/** An import job as the queries read it. */
export interface ImportJobRow {
  id: number | string;
  user_id: number;
  created_by: string;
  kind: ImportKind;
  file_name: string;
  file_key: string;
  digest: string;
  size: number | string;
  lang: string;
  full_list: boolean;
  stage: 'dryRun' | 'commit';
  status: ImportStatus;
  mode: 'allOrNothing' | 'validOnly' | null;
  rows_done: number;
  rows_total: number | null;
  counts: ImportCounts | null;
  committed: Record<string, number> | null;
  header: string[] | null;
  notes: ImportNote[] | null;
  claim_token: string | null;
  attempts: number;
  error_key: string | null;
  error_params: Record<string, string | number> | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export interface ImportJobOptions {
  intervalMs?: number;
  leaseMs?: number;
  progressMs?: number;
  /** How long a finished job keeps its file and staged rows, ms. */
  keepMs?: number;
  maxAttempts?: number;
  /** An error that is not the job's own (a notice not sent, a parser's failure). */
  onError?: (error: unknown) => void;
  /** Cleared after a commit of a kind that changes accounts (organisations, users, territories). */
  authCache?: Pick<AuthCache, 'invalidateAll'>;
}

/** The commit found refused rows in all-or-nothing mode: the transaction is rolled back. */
class Refused extends Error {
  constructor(readonly refused: number) {
    super('refused');
  }
}

/** The import centre's queue, and the periodic sweep of finished jobs' files (docs/decisions/0042, 0047). */
export const IMPORT_QUEUE = 'import';
export const IMPORT_SWEEP = 'import-sweep';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The checks and writes are few large statements over the staged rows, whose estimated cost passes
 * PostgreSQL's JIT thresholds: compiling one took longer than running it (1.6 of 3.4 s at 50,000
 * doctors, docs/decisions/0056). Off for the transaction only.
 */
const NO_JIT = sql`set local jit = off`;

/** The rows the dry run refused (marked `held` before the commit's checks) refused again if the checks now pass them. */
const holdRows = (job: number) => sql`
  update import_rows set errors = '[{"k": "imports.row.refusedInDryRun"}]'::jsonb
   where job_id = ${job} and action = 'held' and errors = '[]'::jsonb`;

/**
 * Whether the job's user has uploaded a file of its kind since (which supersedes the job's dry run).
 * A batch API call is recorded as a job too, done at once and with no file ('-'): it supersedes nothing.
 */
const newerUpload = (job: Pick<ImportJobRow, 'id' | 'user_id' | 'kind'>) => sql`
  exists (select 1 from import_jobs n where n.user_id = ${job.user_id} and n.kind = ${job.kind} and n.id > ${job.id} and n.file_key <> '-')`;

/** Clears what a check run wrote, keeping what the reader staged (the indications' list). */
const resetChecks = (job: number) => sql`
  update import_rows set errors = '[]'::jsonb, target_id = null,
         r = case when r ? 'ind' then jsonb_build_object('ind', r->'ind') else '{}'::jsonb end
   where job_id = ${job}`;

/**
 * Import jobs (docs/decisions/0042), run by the job runner (platform/jobs) as the download centre's
 * are: a queued job — or a running one whose lease ran out, its instance gone — is claimed with FOR
 * UPDATE SKIP LOCKED under a new claim token; every later write holds only while that claim does.
 * The dry run stages the file and checks it; the commit checks again and writes, in one transaction.
 */
export function importJobs(database: Pick<Database, 'db' | 'query' | 'copyIn'>, files: FileStore, options: ImportJobOptions = {}): JobSet {
  const imports = new ImportRuns(database, files, options);
  const queue: QueueDefinition<ImportJobRow> = {
    name: IMPORT_QUEUE,
    table: {
      name: 'import_jobs',
      leased: true,
      onClaim: () => sql`rows_done = 0`,
      onGiveUp: (at) => sql`error_key = 'imports.job.interrupted', finished_at = ${at}::timestamptz`,
    },
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: options.maxAttempts,
    intervalMs: options.intervalMs ?? 1000,
    run: (claim) => imports.run(claim),
    gaveUp: (row, now) => imports.notify(row, 'import.failed', now),
  };
  return { queues: [queue as QueueDefinition<never>], periodic: [{ name: IMPORT_SWEEP, intervalMs: 60_000, work: (now) => imports.sweep(now) }] };
}

/** Finished jobs past their keeping time (at `now`) lose their file and staged rows (the job row stays as the record). */
export function sweepImports(
  database: Pick<Database, 'db' | 'query' | 'copyIn'>,
  files: FileStore,
  now: number,
  options: Pick<ImportJobOptions, 'keepMs'> = {},
): Promise<number> {
  return new ImportRuns(database, files, options).sweep(now);
}

class ImportRuns {
  constructor(
    private readonly database: Pick<Database, 'db' | 'query' | 'copyIn'>,
    private readonly files: FileStore,
    private readonly options: ImportJobOptions,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  private async progress(claim: Claim<ImportJobRow>, rowsDone: number): Promise<void> {
    const row = await claim.progress(sql`rows_done = ${rowsDone}`);
    await this.notify(row, 'import.progress', claim.now());
  }

  async notify(row: ImportJobRow, type: NoticeType, at: number): Promise<void> {
    const notice: Notice = { type, at: iso(at), data: { id: Number(row.id), kind: row.kind, stage: row.stage, status: row.status, rowsDone: row.rows_done } };
    await publishNotice(this.database, [row.created_by], notice).catch((error: unknown) => this.options.onError?.(error));
  }

  async run(claim: Claim<ImportJobRow>): Promise<void> {
    const job = claim.row;
    try {
      if (job.stage === 'dryRun') await this.dryRun(claim);
      else await this.commit(claim);
    } catch (error) {
      if (error instanceof LostClaim) throw error;
      let key: MessageKey = 'imports.job.failed';
      let params: Record<string, MessageParam> = {};
      if (error instanceof Refused) {
        key = 'imports.job.refused';
        params = { n: error.refused };
      } else if (error instanceof AppError) {
        key = error.key;
        params = error.params;
      } else {
        this.options.onError?.(error);
      }
      // A commit refused as a whole leaves the dry run as it was: the user may commit again (valid rows only) or upload
      // a fixed file. Unless a newer upload of the kind came while it ran: then the dry run is past its moment.
      const failed =
        job.stage === 'commit' && error instanceof Refused
          ? await claim.finish(sql`
        status = case when ${newerUpload(job)} then 'superseded' else 'ready' end,
        error_key = case when ${newerUpload(job)} then 'imports.job.superseded' else ${key} end,
        error_params = ${JSON.stringify(params)}::jsonb, finished_at = ${iso(claim.now())}::timestamptz`)
          : await claim.finish(sql`
        status = 'failed', error_key = ${key}, error_params = ${JSON.stringify(params)}::jsonb, finished_at = ${iso(claim.now())}::timestamptz`);
      if (failed) await this.notify(failed, 'import.failed', claim.now());
    }
  }

  private async dryRun(claim: Claim<ImportJobRow>): Promise<void> {
    const job = claim.row;
    const id = Number(job.id);
    const lang: Lang = job.lang === 'en' ? 'en' : 'zh';
    // A job taken over after a crash starts its staging again.
    await this.db.execute(sql`delete from import_rows where job_id = ${id}`);
    const open = async () => {
      const file = await this.files.open(job.file_key);
      if (!file) throw new AppError(400, 'imports.file.unreadable', {}, 'file');
      return file.stream;
    };
    const type = job.file_name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
    let last = claim.now();
    let staged;
    try {
      staged = await stageRows(this.database, id, job.kind, lang, fileRows(type, open, Number(job.size)), async (rows) => {
        if (claim.now() - last < (this.options.progressMs ?? 1000)) return;
        last = claim.now();
        await this.progress(claim, rows);
      });
    } catch (error) {
      if (error instanceof AppError || error instanceof LostClaim) throw error;
      // What the CSV or ZIP parser could not read is the file's fault, not the server's.
      this.options.onError?.(error);
      throw new AppError(400, 'imports.file.unreadable', {}, 'file');
    }
    await this.progress(claim, staged.rows);
    // The checks join the staged rows with the reference tables: the planner needs their size to choose hash joins.
    await this.db.execute(sql`analyze import_rows`);
    const counts = await this.db.transaction(async (tx) => {
      await tx.execute(NO_JIT);
      return runChecks(tx, job.kind, id);
    });
    const ready = await claim.finish(sql`
      status = 'ready', rows_done = ${staged.rows}, rows_total = ${staged.rows}, counts = ${JSON.stringify(counts)}::jsonb,
             header = ${JSON.stringify(staged.header)}::jsonb, notes = ${JSON.stringify(staged.notes)}::jsonb, error_key = null, error_params = null, finished_at = ${iso(claim.now())}::timestamptz`);
    if (ready) await this.notify(ready, 'import.done', claim.now());
  }

  private async commit(claim: Claim<ImportJobRow>): Promise<void> {
    const job = claim.row;
    const id = Number(job.id);
    const done = await this.db.transaction(async (tx) => {
      await tx.execute(NO_JIT);
      // The database may have changed since the dry run (another import): the checks run again inside the transaction.
      // The staged rows have not: a kind that keeps the dry run's result of the checks reading only the file clears the rest itself.
      const kind = kindOf(job.kind);
      // Valid rows only writes no row the dry run showed as refused, even one the database now lets pass.
      const held = job.mode === 'validOnly' && (job.counts?.refused ?? 0) > 0;
      if (held) await tx.execute(sql`update import_rows set action = 'held' where job_id = ${id} and errors <> '[]'::jsonb`);
      if (!kind.keepsFileChecks) await tx.execute(resetChecks(id));
      const counts = await runChecks(tx, job.kind, id, kind.keepsFileChecks === true, held ? holdRows(id) : undefined);
      if (job.mode !== 'validOnly' && counts.refused > 0) throw new Refused(counts.refused);
      const written = await writeRows(tx, job.kind, sourceOf(job.kind, id), job.user_id);
      const deactivated = job.full_list && kind.deactivateMissing ? await kind.deactivateMissing(tx, id, job.user_id) : 0;
      const committed = { ...written, deactivated };
      await recordAudit(tx as Tx, {
        actorId: job.user_id,
        actorName: job.created_by,
        action: 'import',
        entity: job.kind,
        entityId: String(id),
        before: null,
        after: { file: job.file_name, digest: job.digest, mode: job.mode, fullList: job.full_list, counts, committed },
      });
      await kind.afterWrite?.(tx, written, job.user_id);
      const row = await claim.finish(
        sql`status = 'done', counts = ${JSON.stringify(counts)}::jsonb, committed = ${JSON.stringify(committed)}::jsonb, finished_at = ${iso(claim.now())}::timestamptz`,
        tx,
      );
      if (!row) throw new LostClaim();
      return row;
    });
    await forgetAccounts(job.kind, this.options.authCache).catch((error: unknown) => this.options.onError?.(error));
    await this.notify(done, 'import.done', claim.now());
  }

  /** Finished jobs past their keeping time lose their file and staged rows (the job row stays as the record). */
  async sweep(now: number): Promise<number> {
    const before = iso(now - (this.options.keepMs ?? 72 * 3_600_000));
    const rows = await selectRows<{ id: number; file_key: string }>(
      this.db,
      sql`
      update import_jobs set file_key = '' where status in ('done', 'failed', 'superseded') and finished_at < ${before}::timestamptz and file_key <> '' returning id, file_key`,
    );
    for (const row of rows) {
      await this.db.execute(sql`delete from import_rows where job_id = ${row.id}`);
      await this.files.remove(row.file_key);
    }
    return rows.length;
  }
}

/** Writes the valid rows of a source with the kind's writer (its owning module's face). */
export function writeRows(tx: Tx, kind: ImportKind, source: ReturnType<typeof sourceOf>, userId: number): Promise<WriteCounts> {
  return kindOf(kind).write(tx, source, userId);
}
