import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DOWNLOAD_LIMITS,
  INPUT_LIMITS,
  inputShapeProblem,
  isMessageKey,
  message,
  type DownloadJob,
  type DownloadJobPage,
  type findByCreateByQuery,
  type Lang,
  type QueuedDownload,
  type updateDownloadStatusRequest,
} from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { holdsAuthority } from '../../platform/auth.js';
import { inputShapeError } from '../../platform/input-guard.js';
import { AppError, badRequest, conflict, forbidden, issueError, notFound } from '../../platform/errors.js';
import { wakeQueue } from '../../platform/jobs/index.js';
import type { FileStore } from '../../platform/storage.js';
import { exportFileName, paramParts } from './file-name.js';
import { downloadTemplate } from './templates.js';
import type { JobRow } from './job-row.js';
import { DOWNLOAD_QUEUE } from './worker.js';

export interface DownloadDeps {
  db: Db;
  files: FileStore;
  now: () => number;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The template's title in a language; the name itself when the template is gone. */
export function templateTitle(name: string, lang: Lang): string {
  const template = downloadTemplate(name);
  return template ? message(template.title, lang) : name;
}

export function toJob(row: JobRow, lang: Lang): DownloadJob {
  const total = row.rows_total;
  const progress = row.status === 'done' ? 100 : total ? Math.min(99, Math.floor((row.rows_done * 100) / total)) : 0;
  return {
    id: Number(row.id),
    templateName: row.template_name,
    title: templateTitle(row.template_name, lang),
    fileName: row.file_name,
    status: row.status,
    rowsDone: row.rows_done,
    rowsTotal: total,
    progress,
    message: row.error_key && isMessageKey(row.error_key) ? message(row.error_key, lang, row.error_params ?? {}) : null,
    size: row.size === null ? null : Number(row.size),
    downloaded: row.downloaded_at !== null,
    createBy: row.created_by,
    createTime: iso(row.created_at)!,
    startTime: iso(row.started_at),
    finishTime: iso(row.finished_at),
    expireTime: iso(row.expires_at),
  };
}

/** JSON with sorted keys: the same parameters in any order make the same key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** yyyyMMdd-HHmmss of a time, in UTC+8 (the portal's business time zone). */
function stamp(at: number): string {
  const d = new Date(at + 8 * 3_600_000).toISOString();
  return `${d.slice(0, 10).replace(/-/g, '')}-${d.slice(11, 19).replace(/:/g, '')}`;
}

/**
 * asyncDownload: checks the template, the caller's right to it and its parameters, then queues
 * the job and answers at once. The same request while an identical one is unfinished gets that job.
 */
export async function queueDownload(deps: DownloadDeps, user: CurrentUser, lang: Lang, templateName: string, body: unknown): Promise<QueuedDownload> {
  const template = downloadTemplate(templateName);
  if (!template) throw badRequest('download.templateUnknown', 'templateName', { name: templateName });
  if (template.authority && !holdsAuthority(user.authorities, template.authority)) throw forbidden();
  const input = body ?? {};
  // Measured without recursion before anything walks or stringifies them: the parameters are
  // stored, keyed and read back by the worker, whichever way they reached this call.
  const shape = inputShapeProblem(input);
  if (shape) throw inputShapeError(shape, 'body', INPUT_LIMITS.valuesMax);
  if (Buffer.byteLength(JSON.stringify(input)) > DOWNLOAD_LIMITS.paramsMaxBytes) throw badRequest('download.paramsTooLarge', 'body');
  const parsed = template.params.safeParse(input);
  if (!parsed.success) throw issueError(parsed.error.issues[0]!);
  await template.check?.(parsed.data, user.authorities);
  // The request as it came is what the job keeps (the worker parses it again when it runs: a
  // schema's output, such as a list a comma-separated field became, is not valid input for it);
  // two requests that mean the same are one job.
  const params = parsed.data as Record<string, unknown>;
  const dedupeKey = `${templateName}:${canonicalJson(params)}`;
  const at = new Date(deps.now()).toISOString();
  const parts = template.fileName
    ? await template.fileName(parsed.data, { db: deps.db, lang, now: deps.now(), owner: { id: user.id, username: user.username } })
    : [message(template.title, lang), ...paramParts(params)];
  const fileName = exportFileName(parts, stamp(deps.now()));
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await selectRows<JobRow>(
      deps.db,
      sql`
      insert into download_jobs (user_id, created_by, template_name, params, dedupe_key, lang, file_name, created_at)
      values (${user.id}, ${user.username}, ${templateName}, ${JSON.stringify(input)}::jsonb, ${dedupeKey}, ${lang}, ${fileName}, ${at}::timestamptz)
      on conflict (user_id, dedupe_key) where status in ('queued', 'running') do nothing
      returning *`,
    );
    if (inserted[0]) {
      await wakeQueue(deps.db, DOWNLOAD_QUEUE);
      return { job: toJob(inserted[0], lang), reused: false };
    }
    const [running] = await selectRows<JobRow>(
      deps.db,
      sql`
      select * from download_jobs where user_id = ${user.id} and dedupe_key = ${dedupeKey} and status in ('queued', 'running')`,
    );
    // It may have finished between the two statements: then the insert is tried again.
    if (running) return { job: toJob(running, lang), reused: true };
  }
  throw conflict();
}

/** findByCreateBy: the caller's jobs, newest first, and the badge count. */
export async function listDownloads(deps: DownloadDeps, user: CurrentUser, lang: Lang, input: z.output<typeof findByCreateByQuery>): Promise<DownloadJobPage> {
  const rows = await selectRows<JobRow>(
    deps.db,
    sql`
    select * from download_jobs where user_id = ${user.id} order by id desc
     limit ${input.limitNum} offset ${(input.pageNum - 1) * input.limitNum}`,
  );
  const [counts] = await selectRows<{ total: number; pending: number }>(
    deps.db,
    sql`
    select (select count(*)::int from download_jobs where user_id = ${user.id}) as total,
           (select count(*)::int from (
              select 1 from download_jobs
               where user_id = ${user.id} and (status in ('queued', 'running') or (status = 'done' and downloaded_at is null))
               limit ${DOWNLOAD_LIMITS.badgeMax + 1}) p) as pending`,
  );
  return { total: counts?.total ?? 0, pending: counts?.pending ?? 0, result: rows.map((r) => toJob(r, lang)) };
}

/** One of the caller's jobs; anybody else's is "not found" (never "forbidden": its existence is not told). */
async function ownJob(db: Db, user: CurrentUser, id: number): Promise<JobRow> {
  const [row] = await selectRows<JobRow>(db, sql`select * from download_jobs where id = ${id} and user_id = ${user.id}`);
  if (!row) throw notFound();
  return row;
}

/** updateStatusById: marks a finished job downloaded, or cancels an unfinished one. */
export async function updateDownloadStatus(
  deps: DownloadDeps,
  user: CurrentUser,
  lang: Lang,
  input: z.output<typeof updateDownloadStatusRequest>,
): Promise<DownloadJob> {
  const row = await ownJob(deps.db, user, input.id);
  const at = new Date(deps.now()).toISOString();
  if (input.status === 'downloaded') {
    if (row.status !== 'done') throw new AppError(409, row.status === 'expired' ? 'download.expired' : 'download.notReady');
    const [updated] = await selectRows<JobRow>(
      deps.db,
      sql`
      update download_jobs set downloaded_at = coalesce(downloaded_at, ${at}::timestamptz) where id = ${input.id} returning *`,
    );
    return toJob(updated!, lang);
  }
  // A running job's worker sees the status at its next progress write and stops.
  const [updated] = await selectRows<JobRow>(
    deps.db,
    sql`
    update download_jobs set status = 'cancelled', finished_at = ${at}::timestamptz, claim_token = null, lease_until = null
     where id = ${input.id} and status in ('queued', 'running') returning *`,
  );
  if (!updated) throw new AppError(409, 'download.notCancellable');
  return toJob(updated, lang);
}

/** The finished file of one of the caller's jobs; marks it downloaded. */
export async function openDownload(deps: DownloadDeps, user: CurrentUser, id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = await ownJob(deps.db, user, id);
  if (row.status === 'expired') throw new AppError(410, 'download.expired');
  if (row.status !== 'done' || !row.file_key) throw new AppError(409, 'download.notReady');
  const file = await deps.files.open(row.file_key);
  if (!file) throw new AppError(410, 'download.expired');
  await deps.db.execute(
    sql`update download_jobs set downloaded_at = coalesce(downloaded_at, ${new Date(deps.now()).toISOString()}::timestamptz) where id = ${id}`,
  );
  return { ...file, fileName: row.file_name };
}
