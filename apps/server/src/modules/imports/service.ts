import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  IMPORT_KINDS_WITHOUT_FULL_LIST,
  IMPORT_LIMITS,
  importKind,
  isMessageKey,
  message,
  type ImportBatchResult,
  type ImportCounts,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportRecordStatus,
  type ImportRefusedRow,
  type Lang,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import type { CurrentUser } from '../../platform/auth.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError, badRequest, conflict, issueError, notFound } from '../../platform/errors.js';
import { wakeQueue } from '../../platform/jobs/index.js';
import { cleanFileName, extensionOf } from '../../platform/file-types.js';
import { guardedBytes, multipartError, takeField } from '../../platform/multipart.js';
import { newStorageKey, type FileStore } from '../../platform/storage.js';
import { loadPinyin } from '../customers/index.js';
import { columnLabel, columnsOf } from './columns.js';
import { forgetAccounts, kindOf } from './kinds/index.js';
import { splitList } from './load.js';
import { cleanCell, sizeParams } from './reader.js';
import { rowActions, sourceOf } from './staging.js';
import { IMPORT_QUEUE, writeRows, type ImportJobRow } from './worker.js';

export interface ImportDeps {
  db: Db;
  files: FileStore;
  now: () => number;
  /** Cleared after a write of a kind that changes accounts (organisations, users, territories). */
  authCache?: Pick<AuthCache, 'invalidateAll'>;
}

type StoredError = { k: string; f?: string; p?: Record<string, string | number> };

/** One staged problem in a language: the column named by its header. */
export function errorText(kind: ImportKind, e: StoredError, lang: Lang): string {
  if (!isMessageKey(e.k)) return e.k;
  return message(e.k, lang, { ...(e.p ?? {}), field: e.f ? columnLabel(kind, e.f, lang) : '' });
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export async function toImportJob(db: Db, row: ImportJobRow, lang: Lang, withRows = true): Promise<ImportJob> {
  const id = Number(row.id);
  const refused =
    withRows && row.counts && row.counts.refused > 0
      ? await selectRows<{ line: number; errors: StoredError[] }>(
          db,
          sql`
        select line, errors from import_rows where job_id = ${id} and errors <> '[]'::jsonb order by line limit ${IMPORT_LIMITS.refusedShown}`,
        )
      : [];
  const refusedRows: ImportRefusedRow[] = refused.map((r) => ({ row: r.line, messages: r.errors.map((e) => errorText(row.kind, e, lang)) }));
  const committed = row.committed as ImportJob['committed'];
  return {
    id,
    kind: row.kind,
    fileName: row.file_name,
    stage: row.stage,
    status: row.status,
    fullList: row.full_list,
    mode: row.mode,
    rowsDone: row.rows_done,
    rowsTotal: row.rows_total,
    counts: row.counts,
    committed: committed ?? null,
    refusedRows,
    notes: row.notes ?? [],
    message: row.error_key && isMessageKey(row.error_key) ? message(row.error_key, lang, row.error_params ?? {}) : null,
    createTime: iso(row.created_at)!,
    finishTime: iso(row.finished_at),
  };
}

const tooLarge = () => new AppError(413, 'imports.file.tooLarge', sizeParams(), 'file');

/**
 * The upload: the fields (kind, fullList) first, then one .csv or .xlsx file streamed to the file
 * store while its digest is computed; a dry run is queued. The same file while its job is open
 * gives that job (one job per file).
 */
export async function uploadImport(deps: ImportDeps, request: FastifyRequest, user: CurrentUser, lang: Lang): Promise<ImportJob> {
  const raw: Record<string, string> = {};
  let stored: { key: string; name: string; size: number; digest: string } | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: IMPORT_LIMITS.csvMaxBytes + 1, files: 1, fields: 4, parts: 6, fieldSize: 64, fieldNameSize: 32 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        takeField(raw, part, stored !== undefined);
        continue;
      }
      const kind = importKind.safeParse(raw.kind);
      if (!kind.success) throw badRequest('imports.kind.unknown', 'kind');
      if (raw.fullList !== undefined && raw.fullList !== 'true' && raw.fullList !== 'false') throw badRequest('imports.fullList.invalid', 'fullList');
      if (raw.fullList === 'true' && (IMPORT_KINDS_WITHOUT_FULL_LIST.includes(kind.data) || !kindOf(kind.data).deactivateMissing))
        throw badRequest('imports.fullList.unsupported', 'fullList');
      const name = cleanFileName(part.filename ?? '') || 'import.csv';
      const extension = extensionOf(name);
      if (extension !== 'csv' && extension !== 'xlsx') throw new AppError(415, 'imports.file.type', {}, 'file');
      const max = extension === 'xlsx' ? IMPORT_LIMITS.xlsxMaxBytes : IMPORT_LIMITS.csvMaxBytes;
      const hash = crypto.createHash('sha256');
      const key = newStorageKey();
      const counted = guardedBytes(part.file, {
        max,
        tooLarge,
        // An .xlsx is a ZIP container: its first bytes say so.
        sniff:
          extension === 'xlsx'
            ? (head) => {
                if (head.readUInt32LE(0) !== 0x04034b50) throw new AppError(415, 'imports.file.type', {}, 'file');
              }
            : undefined,
      });
      const { size } = await deps.files.put(
        key,
        (async function* () {
          for await (const chunk of counted) {
            hash.update(chunk);
            yield chunk;
          }
        })(),
      );
      stored = { key, name, size, digest: hash.digest('hex') };
    }
  } catch (error) {
    if (stored) await deps.files.remove(stored.key);
    throw multipartError(error, { tooLarge, tooManyFiles: () => badRequest('request.invalid') });
  }
  if (!stored) throw badRequest('file.required', 'file');
  const kind = raw.kind as ImportKind;
  const fullList = raw.fullList === 'true';
  const at = new Date(deps.now()).toISOString();
  const [row] = await selectRows<ImportJobRow>(
    deps.db,
    sql`
    insert into import_jobs (user_id, created_by, kind, file_name, file_key, digest, size, lang, full_list, created_at)
    values (${user.id}, ${user.username}, ${kind}, ${stored.name}, ${stored.key}, ${stored.digest}, ${stored.size}, ${lang}, ${fullList}, ${at}::timestamptz)
    on conflict (user_id, kind, digest, full_list) where status in ('queued', 'running') and stage = 'dryRun' do nothing
    returning *`,
  );
  if (!row) {
    // The same file while its dry run is under way is that dry run.
    await deps.files.remove(stored.key);
    const [open] = await selectRows<ImportJobRow>(
      deps.db,
      sql`
      select * from import_jobs where user_id = ${user.id} and kind = ${kind} and digest = ${stored.digest} and full_list = ${fullList}
         and status in ('queued', 'running') and stage = 'dryRun' order by id desc limit 1`,
    );
    if (!open) throw conflict('imports.job.notReady');
    return { ...(await toImportJob(deps.db, open, lang)), reused: true };
  }
  // A finished dry run is of its moment: the user's newer upload of the kind supersedes those not committed, so that
  // a commit never writes from a check the data has since moved past (docs/decisions/0042).
  await deps.db.execute(sql`
    update import_jobs set status = 'superseded', error_key = 'imports.job.superseded', finished_at = ${at}::timestamptz
     where user_id = ${user.id} and kind = ${kind} and status = 'ready' and id < ${row.id}`);
  await wakeQueue(deps.db, IMPORT_QUEUE);
  return toImportJob(deps.db, row, lang);
}

async function ownJob(db: Db, user: CurrentUser, id: number): Promise<ImportJobRow> {
  const [row] = await selectRows<ImportJobRow>(db, sql`select * from import_jobs where id = ${id} and user_id = ${user.id}`);
  if (!row) throw notFound('imports.job.notFound');
  return row;
}

export async function getImport(deps: ImportDeps, user: CurrentUser, lang: Lang, id: number): Promise<ImportJob> {
  return toImportJob(deps.db, await ownJob(deps.db, user, id), lang);
}

export async function listImports(deps: ImportDeps, user: CurrentUser, lang: Lang): Promise<ImportJob[]> {
  const rows = await selectRows<ImportJobRow>(deps.db, sql`select * from import_jobs where user_id = ${user.id} and file_key <> '-' order by id desc limit 20`);
  return Promise.all(rows.map((r) => toImportJob(deps.db, r, lang, false)));
}

/** Queues the commit of a finished dry run. All or nothing refuses at once when the dry run refused rows. */
export async function commitImport(deps: ImportDeps, user: CurrentUser, lang: Lang, id: number, mode: ImportMode): Promise<ImportJob> {
  const job = await ownJob(deps.db, user, id);
  if (job.status === 'superseded') throw conflict('imports.job.superseded');
  if (job.status !== 'ready') throw conflict('imports.job.notReady');
  if (mode === 'allOrNothing' && (job.counts?.refused ?? 0) > 0) throw new AppError(409, 'imports.job.refused', { n: job.counts!.refused });
  const [row] = await selectRows<ImportJobRow>(
    deps.db,
    sql`
    update import_jobs set stage = 'commit', status = 'queued', mode = ${mode}, attempts = 0, error_key = null, error_params = null, finished_at = null
     where id = ${id} and status = 'ready' returning *`,
  );
  if (!row) throw conflict('imports.job.notReady');
  await wakeQueue(deps.db, IMPORT_QUEUE);
  return toImportJob(deps.db, row, lang);
}

/**
 * The batch call of a master-data system: the records go through the same staging and the same
 * checks as a file, in one transaction; the valid ones are written, each record answers for itself.
 */
export async function batchUpsert(
  deps: ImportDeps,
  user: CurrentUser,
  lang: Lang,
  kind: ImportKind,
  records: Record<string, string | number | undefined>[],
): Promise<ImportBatchResult> {
  const keys = new Set(columnsOf(kind).map((c) => c.key));
  for (const [i, record] of records.entries()) {
    for (const key of Object.keys(record))
      if (!keys.has(key)) throw issueError({ code: 'unrecognized_keys', path: ['records', i, key], message: 'field.invalid' });
  }
  const pinyinOf = await loadPinyin();
  const at = new Date(deps.now()).toISOString();
  const digest = crypto.createHash('sha256').update(JSON.stringify(records)).digest('hex');
  const result = await deps.db.transaction(async (tx) => {
    const [job] = await selectRows<{ id: number }>(
      tx,
      sql`
      insert into import_jobs (user_id, created_by, kind, file_name, file_key, digest, size, lang, stage, status, mode, created_at, finished_at)
      values (${user.id}, ${user.username}, ${kind}, 'API', '-', ${digest}, ${records.length}, ${lang}, 'commit', 'done', 'validOnly', ${at}::timestamptz, ${at}::timestamptz)
      returning id`,
    );
    const id = Number(job!.id);
    const staged = records.map((record, i) => {
      const v: Record<string, string> = {};
      for (const [key, value] of Object.entries(record)) if (value !== undefined) v[key] = cleanCell(String(value));
      const r: Record<string, unknown> = v.indications ? { ind: splitList(v.indications) } : {};
      const [pinyin, initials] = v.name ? pinyinOf(v.name) : ['', ''];
      return { line: i + 1, cells: [], v, r, pinyin, initials };
    });
    await tx.execute(sql`
      insert into import_rows (job_id, line, cells, v, r, pinyin, initials)
      select ${id}, x.line, x.cells, x.v, x.r, x.pinyin, x.initials
        from jsonb_to_recordset(${JSON.stringify(staged)}::jsonb) as x(line int, cells jsonb, v jsonb, r jsonb, pinyin text, initials text)`);
    await kindOf(kind).check(tx, id);
    // What each record will be, read before the write makes every one of them unchanged.
    const rows = await selectRows<{ line: number; action: ImportRecordStatus; errors: StoredError[]; code: string | null }>(
      tx,
      sql`select s.line, case when s.errors <> '[]'::jsonb then 'refused' else a.action end as action, s.errors, s.v->>${kindOf(kind).codeKey}::text as code
            from import_rows s left join ${rowActions(kind, id)} a on a.line = s.line where s.job_id = ${id} order by s.line`,
    );
    const counts: ImportCounts = { rows: rows.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
    for (const r of rows) if (r.action === 'new' || r.action === 'changed' || r.action === 'unchanged' || r.action === 'refused') counts[r.action]++;
    const written = await writeRows(tx, kind, sourceOf(kind, id), user.id);
    await tx.execute(
      sql`update import_jobs set counts = ${JSON.stringify(counts)}::jsonb, committed = ${JSON.stringify({ ...written, deactivated: 0 })}::jsonb where id = ${id}`,
    );
    await recordAudit(tx as Tx, {
      actorId: user.id,
      actorName: user.username,
      action: 'import',
      entity: kind,
      entityId: String(id),
      before: null,
      after: { api: true, digest, counts, committed: written },
    });
    await kindOf(kind).afterWrite?.(tx, written, user.id);
    const tally: Record<ImportRecordStatus, number> = { new: 0, changed: 0, unchanged: 0, refused: 0, deactivated: 0, notFound: 0 };
    const results = rows.map((r) => {
      tally[r.action]++;
      return { code: r.code ?? '', status: r.action, messages: r.errors.map((e) => errorText(kind, e, lang)) };
    });
    return { results, counts: tally };
  });
  await forgetAccounts(kind, deps.authCache);
  return result;
}

export async function batchDeactivate(deps: ImportDeps, user: CurrentUser, kind: ImportKind, codes: readonly string[]): Promise<ImportBatchResult> {
  const deactivateCodes = kindOf(kind).deactivateCodes;
  if (!deactivateCodes) throw badRequest('imports.deactivate.unsupported', 'codes');
  const result = await deps.db.transaction(async (tx) => {
    const { deactivated, unknown } = await deactivateCodes(tx, codes, user.id);
    await recordAudit(tx as Tx, {
      actorId: user.id,
      actorName: user.username,
      action: 'deactivate',
      entity: kind,
      entityId: 'API',
      before: null,
      after: { deactivated, unknown },
    });
    const missing = new Set(unknown);
    const results = codes.map((code) => ({ code, status: (missing.has(code) ? 'notFound' : 'deactivated') as ImportRecordStatus, messages: [] }));
    return { results, counts: { new: 0, changed: 0, unchanged: 0, refused: 0, deactivated: deactivated.length, notFound: unknown.length } };
  });
  await forgetAccounts(kind, deps.authCache);
  return result;
}
