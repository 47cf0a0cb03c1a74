import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DOWNLOAD_LIMITS, message, type Lang, type MessageKey, type MessageParam, type Notice, type NoticeType } from '@field-portal/shared';
import { selectRows, type Database, type Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { LostClaim, Stopping, type Claim, type JobSet, type QueueDefinition } from '../../platform/jobs/index.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import { newStorageKey, WRITE_BUFFER_BYTES, type FileStore } from '../../platform/storage.js';
import { loadExcel, safeCell } from '../../platform/excel.js';
import type { JobRow } from './job-row.js';
import { downloadTemplate } from './templates.js';

export interface DownloadJobOptions {
  /** How often an idle runner looks for queued jobs, ms. */
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
  /** An error that is not the job's own (a notice not sent, a failure not foreseen). */
  onError?: (error: unknown) => void;
  /** Test hook: runs after every batch of rows is written. */
  afterBatch?: (jobId: number, rowsDone: number) => void | Promise<void>;
}

/** The download centre's queue, and the periodic sweep of expired files (docs/decisions/0022, 0047). */
export const DOWNLOAD_QUEUE = 'download';
export const DOWNLOAD_SWEEP = 'download-sweep';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The download centre's export jobs, run by the job runner (platform/jobs). Claim: the runner takes
 * the oldest queued job — or a running one whose lease ran out — with FOR UPDATE SKIP LOCKED and
 * gives it a new claim token. Every later write (progress, lease, finish, failure) holds only while
 * that claim does, so when it is lost (cancel, or a takeover after its instance stalled) the writes
 * change nothing and the job stops; a job is finished exactly once. A crash leaves the job running
 * with a lease that runs out; the next claim writes the file again from the start.
 */
export function downloadJobs(database: Pick<Database, 'db' | 'query'>, files: FileStore, options: DownloadJobOptions = {}): JobSet {
  const exports = new DownloadExports(database, files, options);
  const queue: QueueDefinition<JobRow> = {
    name: DOWNLOAD_QUEUE,
    table: {
      name: 'download_jobs',
      leased: true,
      onClaim: (at) => sql`started_at = ${at}::timestamptz, rows_done = 0`,
      onGiveBack: sql`rows_done = 0`,
      onGiveUp: (at) => sql`error_key = 'download.interrupted', error_params = null, finished_at = ${at}::timestamptz`,
    },
    leaseMs: options.leaseMs ?? 30_000,
    maxAttempts: options.maxAttempts,
    intervalMs: options.intervalMs ?? 500,
    run: (claim) => exports.run(claim),
    gaveUp: (row, now) => exports.notify(row, 'download.failed', now),
  };
  return {
    queues: [queue as QueueDefinition<never>],
    periodic: [{ name: DOWNLOAD_SWEEP, intervalMs: 60_000, work: (now) => exports.sweep(now) }],
  };
}

/** Deletes the files kept past their time (at `now`); their jobs show as expired. Returns how many. */
export function sweepDownloads(
  database: Pick<Database, 'db' | 'query'>,
  files: FileStore,
  now: number,
  options: Pick<DownloadJobOptions, 'sweepBatch'> = {},
): Promise<number> {
  return new DownloadExports(database, files, options).sweep(now);
}

class DownloadExports {
  constructor(
    private readonly database: Pick<Database, 'db' | 'query'>,
    private readonly files: FileStore,
    private readonly options: DownloadJobOptions,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Writes progress and extends the lease; throws LostClaim when the job is no longer this claim's. */
  private async progress(claim: Claim<JobRow>, rowsDone: number, rowsTotal: number | null): Promise<void> {
    const row = await claim.progress(sql`rows_done = ${rowsDone}, rows_total = ${rowsTotal}`);
    await this.notify(row, 'download.progress', claim.now());
  }

  async notify(row: JobRow, type: NoticeType, at: number): Promise<void> {
    const total = row.rows_total;
    const notice: Notice = {
      type,
      at: iso(at),
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

  async run(claim: Claim<JobRow>): Promise<void> {
    const job = claim.row;
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
      const ctx = { db: this.db, files: this.files, now: claim.now, owner: { id: job.user_id, username: job.created_by }, params: parsed.data, lang };
      const total = await template.count(ctx);
      if (total > DOWNLOAD_LIMITS.sheetRowsMax) throw new AppError(400, 'download.tooManyRows', { rows: total, max: DOWNLOAD_LIMITS.sheetRowsMax });
      await this.progress(claim, 0, total);
      const columns = typeof template.columns === 'function' ? await template.columns(ctx) : template.columns;

      const ExcelJS = await loadExcel();
      stored = this.files.put(key, out);
      // The store's failure surfaces where the rows are written; this keeps it from being unhandled meanwhile.
      stored.catch(() => undefined);
      // Styles are written only for a file with a number format (a style sheet costs every cell a lookup).
      const formatted = columns.flatMap((c, i) => (c.numFmt ? [{ at: i + 1, numFmt: c.numFmt }] : []));
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: formatted.length > 0, useSharedStrings: false });
      const sheet = workbook.addWorksheet(message(template.title, lang).slice(0, 31));
      sheet.addRow(columns.map((c) => c.header[lang])).commit();
      let done = 0;
      let lastProgress = claim.now();
      for await (const batch of template.rows(ctx)) {
        for (const row of batch) {
          const line = sheet.addRow(columns.map((c) => safeCell(c.value(row))));
          for (const { at, numFmt } of formatted) line.getCell(at).numFmt = numFmt;
          line.commit();
        }
        done += batch.length;
        // Memory stays flat: wait while the file store has not taken what was written.
        if (out.writableLength > out.writableHighWaterMark) await Promise.race([once(out, 'drain'), stored]);
        await this.options.afterBatch?.(Number(job.id), done);
        claim.checkStopping();
        if (claim.now() - lastProgress >= (this.options.progressMs ?? 1000)) {
          lastProgress = claim.now();
          await this.progress(claim, done, Math.max(total, done));
        }
      }
      sheet.commit();
      await workbook.commit();
      const { size } = await stored;
      const at = claim.now();
      const finished = await claim.finish(sql`
        status = 'done', rows_done = ${done}, rows_total = ${Math.max(total, done)}, file_key = ${key}, size = ${size},
        finished_at = ${iso(at)}::timestamptz, expires_at = ${iso(at + (this.options.keepMs ?? DOWNLOAD_LIMITS.keepHoursDefault * 3_600_000))}::timestamptz`);
      if (!finished) {
        await this.files.remove(key);
        return;
      }
      await this.notify(finished, 'download.done', at);
    } catch (error) {
      out.destroy();
      await stored?.catch(() => undefined);
      await this.files.remove(key).catch(() => undefined);
      // The runner gives a stopped job back to the queue; a lost one is no longer this claim's to write.
      if (error instanceof LostClaim || error instanceof Stopping) throw error;
      let key2: MessageKey = 'download.failed';
      let params: Record<string, MessageParam> = {};
      if (error instanceof AppError) {
        key2 = error.key;
        params = error.params;
      } else {
        this.options.onError?.(error);
      }
      const failed = await claim.finish(sql`
        status = 'failed', error_key = ${key2}, error_params = ${JSON.stringify(params)}::jsonb, finished_at = ${iso(claim.now())}::timestamptz`);
      if (failed) await this.notify(failed, 'download.failed', claim.now());
    }
  }

  /** Deletes the files kept past their time; their jobs show as expired. Returns how many. */
  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.db.transaction(async (tx) => {
        const rows = await selectRows<{ id: number | string; file_key: string | null }>(
          tx,
          sql`
          select id, file_key from download_jobs where status = 'done' and expires_at <= ${iso(now)}::timestamptz
           order by expires_at limit ${this.options.sweepBatch ?? 100} for update skip locked`,
        );
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
