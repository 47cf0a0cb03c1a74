import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type ImportCounts, type ImportKind, type Lang, type MessageKey, type Notice, type NoticeType } from '@field-portal/shared';
import { selectRows, type Database, type Db, type Tx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import type { FileStore } from '../../platform/storage.js';
import { kindOf, type WriteCounts } from './kinds/index.js';
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
  status: 'queued' | 'running' | 'ready' | 'done' | 'failed';
  mode: 'allOrNothing' | 'validOnly' | null;
  rows_done: number;
  rows_total: number | null;
  counts: ImportCounts | null;
  committed: Record<string, number> | null;
  header: string[] | null;
  claim_token: string | null;
  attempts: number;
  error_key: string | null;
  error_params: Record<string, string | number> | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export interface ImportWorkerOptions {
  now?: () => number;
  intervalMs?: number;
  leaseMs?: number;
  progressMs?: number;
  /** How long a finished job keeps its file and staged rows, ms. */
  keepMs?: number;
  maxAttempts?: number;
  onError?: (error: unknown) => void;
}

class LostClaim extends Error {}
/** The commit found refused rows in all-or-nothing mode: the transaction is rolled back. */
class Refused extends Error {
  constructor(readonly refused: number) {
    super('refused');
  }
}

const workers = new Set<ImportWorker>();

/** Tells this process's workers a job was queued. */
export function wakeImportWorkers(): void {
  for (const worker of workers) worker.wake();
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Clears what a check run wrote, keeping what the reader staged (the indications' list). */
const resetChecks = (job: number) => sql`
  update import_rows set errors = '[]'::jsonb, action = null, target_id = null,
         r = case when r ? 'ind' then jsonb_build_object('ind', r->'ind') else '{}'::jsonb end
   where job_id = ${job}`;

/**
 * Runs import jobs (docs/decisions/0042) with the download centre's mechanism (decision 0022): a
 * queued job — or a running one whose lease ran out, its instance gone — is claimed with FOR
 * UPDATE SKIP LOCKED under a new claim token; every later write names the token. The dry run
 * stages the file and checks it; the commit checks again and writes, in one transaction.
 */
export class ImportWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;
  private again = false;
  private lastSweep = 0;
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly progressMs: number;

  constructor(
    private readonly database: Pick<Database, 'db' | 'query'>,
    private readonly files: FileStore,
    private readonly options: ImportWorkerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.progressMs = options.progressMs ?? 1000;
  }

  private get db(): Db {
    return this.database.db;
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    workers.add(this);
    this.timer = setInterval(() => this.wake(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    workers.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    await this.running;
  }

  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.drain()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = undefined;
        if (this.again) this.wake();
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopping && (await this.runOnce()) !== undefined);
    if (this.now() - this.lastSweep >= 60_000) {
      this.lastSweep = this.now();
      await this.sweep();
    }
  }

  /** Claims and runs one job; its id, or undefined when nothing was waiting. */
  async runOnce(): Promise<number | undefined> {
    const job = await this.claim();
    if (!job) return undefined;
    if (job.status === 'failed') await this.notify(job, 'import.failed');
    else await this.run(job);
    return Number(job.id);
  }

  private async claim(): Promise<ImportJobRow | undefined> {
    const at = this.now();
    const token = crypto.randomUUID();
    return this.db.transaction(async (tx) => {
      const [row] = await selectRows<{ id: number; attempts: number }>(tx, sql`
        select id, attempts from import_jobs
         where status = 'queued' or (status = 'running' and lease_until < ${iso(at)}::timestamptz)
         order by id limit 1 for update skip locked`);
      if (!row) return undefined;
      if (row.attempts >= (this.options.maxAttempts ?? 3)) {
        const [failed] = await selectRows<ImportJobRow>(tx, sql`
          update import_jobs set status = 'failed', error_key = 'imports.job.interrupted', finished_at = ${iso(at)}::timestamptz, claim_token = null, lease_until = null
           where id = ${row.id} returning *`);
        return failed;
      }
      const [claimed] = await selectRows<ImportJobRow>(tx, sql`
        update import_jobs set status = 'running', claim_token = ${token}::uuid, lease_until = ${iso(at + this.leaseMs)}::timestamptz, attempts = attempts + 1, rows_done = 0
         where id = ${row.id} returning *`);
      return claimed;
    });
  }

  private async progress(job: ImportJobRow, rowsDone: number): Promise<void> {
    const rows = await selectRows<ImportJobRow>(this.db, sql`
      update import_jobs set rows_done = ${rowsDone}, lease_until = ${iso(this.now() + this.leaseMs)}::timestamptz
       where id = ${job.id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
    if (!rows[0]) throw new LostClaim();
    await this.notify(rows[0], 'import.progress');
  }

  private async notify(row: ImportJobRow, type: NoticeType): Promise<void> {
    const notice: Notice = { type, at: iso(this.now()), data: { id: Number(row.id), kind: row.kind, stage: row.stage, status: row.status, rowsDone: row.rows_done } };
    await publishNotice(this.database, [row.created_by], notice).catch((error: unknown) => this.options.onError?.(error));
  }

  private async run(job: ImportJobRow): Promise<void> {
    const id = Number(job.id);
    try {
      if (job.stage === 'dryRun') await this.dryRun(job);
      else await this.commit(job);
    } catch (error) {
      if (error instanceof LostClaim) return;
      let key: MessageKey = 'imports.job.failed';
      let params: Record<string, string | number> = {};
      if (error instanceof Refused) {
        key = 'imports.job.refused';
        params = { n: error.refused };
      } else if (error instanceof AppError) {
        key = error.key;
        params = error.params;
      } else {
        this.options.onError?.(error);
      }
      // A commit that failed leaves the dry run as it was: the user may commit again (valid rows only) or upload a fixed file.
      const status = job.stage === 'commit' && error instanceof Refused ? 'ready' : 'failed';
      const [failed] = await selectRows<ImportJobRow>(this.db, sql`
        update import_jobs set status = ${status}, error_key = ${key}, error_params = ${JSON.stringify(params)}::jsonb,
               finished_at = ${iso(this.now())}::timestamptz, claim_token = null, lease_until = null
         where id = ${id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
      if (failed) await this.notify(failed, 'import.failed');
    }
  }

  private async dryRun(job: ImportJobRow): Promise<void> {
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
    let last = this.now();
    let staged;
    try {
      staged = await stageRows(this.db, id, job.kind, lang, fileRows(type, open, Number(job.size)), async (rows) => {
        if (this.now() - last < this.progressMs) return;
        last = this.now();
        await this.progress(job, rows);
      });
    } catch (error) {
      if (error instanceof AppError || error instanceof LostClaim) throw error;
      // What the CSV or ZIP parser could not read is the file's fault, not the server's.
      this.options.onError?.(error);
      throw new AppError(400, 'imports.file.unreadable', {}, 'file');
    }
    await this.progress(job, staged.rows);
    const counts = await runChecks(this.db, job.kind, id);
    const [ready] = await selectRows<ImportJobRow>(this.db, sql`
      update import_jobs set status = 'ready', rows_done = ${staged.rows}, rows_total = ${staged.rows}, counts = ${JSON.stringify(counts)}::jsonb,
             header = ${JSON.stringify(staged.header)}::jsonb, error_key = null, error_params = null, finished_at = ${iso(this.now())}::timestamptz,
             claim_token = null, lease_until = null
       where id = ${id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
    if (ready) await this.notify(ready, 'import.done');
  }

  private async commit(job: ImportJobRow): Promise<void> {
    const id = Number(job.id);
    const done = await this.db.transaction(async (tx) => {
      // The database may have changed since the dry run (another import): the checks run again inside the transaction.
      await tx.execute(resetChecks(id));
      const counts = await runChecks(tx, job.kind, id);
      if (job.mode !== 'validOnly' && counts.refused > 0) throw new Refused(counts.refused);
      const kind = kindOf(job.kind);
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
      const [row] = await selectRows<ImportJobRow>(tx, sql`
        update import_jobs set status = 'done', counts = ${JSON.stringify(counts)}::jsonb, committed = ${JSON.stringify(committed)}::jsonb,
               finished_at = ${iso(this.now())}::timestamptz, claim_token = null, lease_until = null
         where id = ${id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
      if (!row) throw new LostClaim();
      return row;
    });
    await this.notify(done, 'import.done');
  }

  /** Finished jobs past their keeping time lose their file and staged rows (the job row stays as the record). */
  async sweep(): Promise<number> {
    const before = iso(this.now() - (this.options.keepMs ?? 72 * 3_600_000));
    const rows = await selectRows<{ id: number; file_key: string }>(this.db, sql`
      update import_jobs set file_key = '' where status in ('done', 'failed') and finished_at < ${before}::timestamptz and file_key <> '' returning id, file_key`);
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
