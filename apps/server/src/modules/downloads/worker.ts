import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DOWNLOAD_LIMITS, message, type Lang, type MessageKey, type Notice, type NoticeType } from '@field-portal/shared';
import { selectRows, type Database, type Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import { newStorageKey, WRITE_BUFFER_BYTES, type FileStore } from '../../platform/storage.js';
import { safeCell } from '../../platform/excel.js';
import type { JobRow } from './service.js';
import { downloadTemplate } from './templates.js';

type ExcelModule = typeof import('exceljs');
let excel: Promise<ExcelModule> | undefined;
/** ExcelJS loads on the first export (a chunk of its own in the build). */
const loadExcel = async (): Promise<ExcelModule> => {
  const mod = await (excel ??= import('exceljs'));
  return (mod as ExcelModule & { default?: ExcelModule }).default ?? mod;
};

export interface DownloadWorkerOptions {
  now?: () => number;
  /** How often an idle worker looks for queued jobs, ms. */
  intervalMs?: number;
  /** How long a claim holds without a progress write; a job whose lease ran out is taken over (its instance died), ms. */
  leaseMs?: number;
  /** How often progress is written and sent, ms. */
  progressMs?: number;
  /** How long a finished file is kept, ms. */
  keepMs?: number;
  /** Claims of one job before it fails as interrupted. */
  maxAttempts?: number;
  /** Expired files removed per sweep. */
  sweepBatch?: number;
  onError?: (error: unknown) => void;
  /** Test hook: runs after every batch of rows is written. */
  afterBatch?: (jobId: number, rowsDone: number) => void | Promise<void>;
}

/** The worker lost the job: it was cancelled, or another instance took it over after the lease ran out. */
class LostClaim extends Error {}
/** The worker is stopping: the job goes back to the queue for the next worker. */
class Stopping extends Error {}

const workers = new Set<DownloadWorker>();

/** Tells this process's workers a job was queued, so it starts within the request's round trip. */
export function wakeDownloadWorkers(): void {
  for (const worker of workers) worker.wake();
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs the download centre's export jobs (docs/decisions/0022), one at a time per worker.
 *
 * Claim: one short transaction takes the oldest queued job — or a running one whose lease ran
 * out — with FOR UPDATE SKIP LOCKED and gives it a new claim token. Every later write of the
 * worker (progress, lease, finish, failure) is conditional on that token and on the job still
 * running, so when a worker's claim is lost (cancel, or a takeover after its instance stalled)
 * its writes change nothing and it stops; a job is finished exactly once. A crash leaves the job
 * running with a lease that runs out; the next claim writes the file again from the start.
 */
export class DownloadWorker {
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
    private readonly options: DownloadWorkerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.progressMs = options.progressMs ?? 1000;
  }

  private get db(): Db {
    return this.database.db;
  }

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    workers.add(this);
    this.timer = setInterval(() => this.wake(), this.options.intervalMs ?? 500);
    this.timer.unref();
  }

  /** Stops looking for work; a job in progress goes back to the queue, and this waits for that. */
  async stop(): Promise<void> {
    workers.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    await this.running;
  }

  /** A job (or the look for one) is under way in this process. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Runs queued jobs now; during a run, once more when it ends (the run may have looked before the job was queued). */
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
    const claimed = await this.claim();
    if (!claimed) return undefined;
    if (claimed.status === 'failed') {
      await this.notify(claimed, 'download.failed');
      return Number(claimed.id);
    }
    await this.run(claimed);
    return Number(claimed.id);
  }

  private async claim(): Promise<JobRow | undefined> {
    const at = this.now();
    const token = crypto.randomUUID();
    const maxAttempts = this.options.maxAttempts ?? 3;
    return this.db.transaction(async (tx) => {
      const [row] = await selectRows<{ id: number | string; attempts: number }>(tx, sql`
        select id, attempts from download_jobs
         where status = 'queued' or (status = 'running' and lease_until < ${iso(at)}::timestamptz)
         order by id limit 1
           for update skip locked`);
      if (!row) return undefined;
      if (row.attempts >= maxAttempts) {
        const [failed] = await selectRows<JobRow>(tx, sql`
          update download_jobs set status = 'failed', error_key = 'download.interrupted', error_params = null, finished_at = ${iso(at)}::timestamptz,
                 claim_token = null, lease_until = null
           where id = ${row.id} returning *`);
        return failed;
      }
      const [claimed] = await selectRows<JobRow>(tx, sql`
        update download_jobs set status = 'running', claim_token = ${token}::uuid, lease_until = ${iso(at + this.leaseMs)}::timestamptz,
               attempts = attempts + 1, started_at = ${iso(at)}::timestamptz, rows_done = 0
         where id = ${row.id} returning *`);
      return claimed;
    });
  }

  /** Writes progress and extends the lease; throws LostClaim when the job is no longer this claim's. */
  private async progress(job: JobRow, rowsDone: number, rowsTotal: number | null): Promise<void> {
    const rows = await selectRows<JobRow>(this.db, sql`
      update download_jobs set rows_done = ${rowsDone}, rows_total = ${rowsTotal}, lease_until = ${iso(this.now() + this.leaseMs)}::timestamptz
       where id = ${job.id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
    if (!rows[0]) throw new LostClaim();
    await this.notify(rows[0], 'download.progress');
  }

  private async notify(row: JobRow, type: NoticeType): Promise<void> {
    const total = row.rows_total;
    const notice: Notice = {
      type,
      at: iso(this.now()),
      data: {
        id: Number(row.id),
        templateName: row.template_name,
        status: row.status,
        rowsDone: row.rows_done,
        rowsTotal: total,
        progress: row.status === 'done' ? 100 : total ? Math.min(99, Math.floor((row.rows_done * 100) / total)) : 0,
      },
    };
    await publishNotice(this.database, [row.created_by], notice).catch((error: unknown) => this.options.onError?.(error));
  }

  private async run(job: JobRow): Promise<void> {
    const template = downloadTemplate(job.template_name);
    const key = newStorageKey();
    let stored: Promise<{ size: number }> | undefined;
    // As much of the file may wait for the store as the disk store buffers itself (4 MiB): with the
    // default 16 KiB every batch waited for the disk before the next was read, and the job ran at a
    // third of a bare write's rate (decision 0022).
    const out = new PassThrough({ highWaterMark: WRITE_BUFFER_BYTES });
    try {
      if (!template) throw new AppError(400, 'download.templateUnknown', { name: job.template_name });
      const parsed = template.params.safeParse(job.params);
      if (!parsed.success) throw new AppError(400, 'download.failed');
      const lang = (job.lang === 'en' ? 'en' : 'zh') as Lang;
      const ctx = { db: this.db, files: this.files, now: this.now, owner: { id: job.user_id, username: job.created_by }, params: parsed.data, lang };
      const total = await template.count(ctx);
      if (total > DOWNLOAD_LIMITS.sheetRowsMax) throw new AppError(400, 'download.tooManyRows', { rows: total, max: DOWNLOAD_LIMITS.sheetRowsMax });
      await this.progress(job, 0, total);
      const columns = typeof template.columns === 'function' ? await template.columns(ctx) : template.columns;

      const ExcelJS = await loadExcel();
      stored = this.files.put(key, out);
      // The store's failure surfaces where the rows are written; this keeps it from being unhandled meanwhile.
      stored.catch(() => undefined);
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(message(template.title, lang).slice(0, 31));
      sheet.addRow(columns.map((c) => c.header[lang])).commit();
      let done = 0;
      let lastProgress = this.now();
      for await (const batch of template.rows(ctx)) {
        for (const row of batch) sheet.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
        done += batch.length;
        // Memory stays flat: wait while the file store has not taken what was written.
        if (out.writableLength > out.writableHighWaterMark) await Promise.race([once(out, 'drain'), stored]);
        await this.options.afterBatch?.(Number(job.id), done);
        if (this.stopping) throw new Stopping();
        if (this.now() - lastProgress >= this.progressMs) {
          lastProgress = this.now();
          await this.progress(job, done, Math.max(total, done));
        }
      }
      sheet.commit();
      await workbook.commit();
      const { size } = await stored;
      const at = this.now();
      const [finished] = await selectRows<JobRow>(this.db, sql`
        update download_jobs set status = 'done', rows_done = ${done}, rows_total = ${Math.max(total, done)}, file_key = ${key}, size = ${size},
               finished_at = ${iso(at)}::timestamptz, expires_at = ${iso(at + (this.options.keepMs ?? DOWNLOAD_LIMITS.keepHoursDefault * 3_600_000))}::timestamptz,
               claim_token = null, lease_until = null
         where id = ${job.id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
      if (!finished) {
        await this.files.remove(key);
        return;
      }
      await this.notify(finished, 'download.done');
    } catch (error) {
      out.destroy();
      await stored?.catch(() => undefined);
      await this.files.remove(key).catch(() => undefined);
      if (error instanceof LostClaim) return;
      if (error instanceof Stopping) {
        // Back to the queue at once: another worker need not wait for the lease.
        await this.db.execute(sql`
          update download_jobs set status = 'queued', claim_token = null, lease_until = null, rows_done = 0
           where id = ${job.id} and claim_token = ${job.claim_token}::uuid and status = 'running'`);
        return;
      }
      let key2: MessageKey = 'download.failed';
      let params: Record<string, string | number> = {};
      if (error instanceof AppError) {
        key2 = error.key;
        params = error.params;
      } else {
        this.options.onError?.(error);
      }
      const [failed] = await selectRows<JobRow>(this.db, sql`
        update download_jobs set status = 'failed', error_key = ${key2}, error_params = ${JSON.stringify(params)}::jsonb,
               finished_at = ${iso(this.now())}::timestamptz, claim_token = null, lease_until = null
         where id = ${job.id} and claim_token = ${job.claim_token}::uuid and status = 'running' returning *`);
      if (failed) await this.notify(failed, 'download.failed');
    }
  }

  /** Deletes the files kept past their time; their jobs show as expired. Returns how many. */
  async sweep(): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.db.transaction(async (tx) => {
        const rows = await selectRows<{ id: number | string; file_key: string | null }>(tx, sql`
          select id, file_key from download_jobs where status = 'done' and expires_at <= ${iso(this.now())}::timestamptz
           order by expires_at limit ${this.options.sweepBatch ?? 100} for update skip locked`);
        if (rows.length === 0) return [];
        const ids = JSON.stringify(rows.map((r) => Number(r.id)));
        await tx.execute(sql`
          update download_jobs set status = 'expired', file_key = null
           where id in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))`);
        return rows.map((r) => r.file_key);
      });
      if (keys.length === 0) return removed;
      // The rows no longer point at the files: a crash here leaves an unreachable file, never a broken link.
      for (const key of keys) if (key) await this.files.remove(key);
      removed += keys.length;
    }
  }
}
