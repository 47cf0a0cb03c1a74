import ExcelJS from 'exceljs';
import { afterAll, beforeAll } from 'vitest';
import { API, message, type ImportJob, type Lang, type MessageKey } from '@field-portal/shared';
import { JobRunner } from '../../platform/jobs/index.js';
import { IMPORT_QUEUE, importJobs } from './index.js';
import { multipartPost, ok, type Answer, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

type Reply = Promise<Answer>;

/**
 * What the import centre's API tests share: a harness with the import queue on one instance's
 * runner (the test clock), the named users signed in, and the upload → dry run → commit calls.
 */
export interface ImportKit {
  /** The harness, there once the suite's beforeAll has run. */
  readonly h: Harness;
  /** One instance's runner with the import queue. */
  readonly worker: { runOnce(): Promise<number | undefined> };
  readonly tokens: Record<string, string>;
  headers(user: string, lang?: Lang): Record<string, string>;
  count(query: string, params?: unknown[]): Promise<number>;
  upload(kind: string, bytes: Buffer, filename: string, options?: { user?: string; fullList?: boolean; lang?: Lang }): Reply;
  /** Runs the worker until no job is queued or running, and answers the job. */
  settle(id: number, lang?: Lang): Promise<ImportJob>;
  /** Uploads and settles: the dry run's job. */
  dryRun(kind: string, bytes: Buffer, filename: string, options?: { fullList?: boolean; lang?: Lang }): Promise<ImportJob>;
  commit(id: number, mode?: 'allOrNothing' | 'validOnly', lang?: Lang): Reply;
  commitOk(id: number, mode?: 'allOrNothing' | 'validOnly'): Promise<ImportJob>;
  /** A batch API call. */
  batch(path: string, body: Record<string, unknown>, lang?: Lang, user?: string): Reply;
  /** The header row of a kind's template (the first sheet of its workbook), as the administrator downloads it. */
  templateHeader(kind: string, lang: Lang): Promise<string[]>;
}

/** A CSV file's text from its lines, as Excel writes it (CRLF). */
export const csv = (lines: string[]) => lines.join('\r\n') + '\r\n';
export const msg = (key: MessageKey, lang: Lang, params: Record<string, string | number> = {}) => message(key, lang, params);

/** Registers the suite's beforeAll and afterAll; `users` are signed in (their tokens by username). */
export function importKit(users: readonly string[]): ImportKit {
  let harness: Harness | undefined;
  let runner: JobRunner | undefined;
  const tokens: Record<string, string> = {};
  const h = () => {
    if (!harness) throw new Error('the import kit is used before its beforeAll');
    return harness;
  };
  beforeAll(async () => {
    harness = await createHarness();
    runner = new JobRunner(harness.database, { now: harness.clock.now }).register(
      importJobs(harness.database, harness.app.ctx.files, {
        authCache: harness.app.ctx.authCache,
        // What a job met that it reports only as "the file cannot be read": in the log, so a failure names its cause.
        onError: (error) => process.stderr.write(`import job error: ${error instanceof Error ? error.stack : String(error)}\n`),
      }),
    );
    for (const username of users) tokens[username] = (await harness.login(username)).access;
  });
  afterAll(async () => harness?.close());

  const headers = (user: string, lang: Lang = 'zh') => ({ ...h().auth(tokens[user]!), language: lang });
  const worker = { runOnce: () => runner!.runOnce(IMPORT_QUEUE) };
  const upload: ImportKit['upload'] = (kind, bytes, filename, options = {}) => {
    const parts: Part[] = [{ name: 'kind', value: kind }];
    if (options.fullList !== undefined) parts.push({ name: 'fullList', value: String(options.fullList) });
    parts.push({ name: 'file', bytes, filename });
    return h().app.inject(multipartPost(API.imports.upload, parts, headers(options.user ?? 'admin', options.lang)));
  };
  const settle = async (id: number, lang: Lang = 'zh') => {
    while ((await worker.runOnce()) !== undefined);
    return ok<ImportJob>(await h().app.inject({ method: 'GET', url: `${API.imports.job}?id=${id}`, headers: headers('admin', lang) }));
  };
  const commit: ImportKit['commit'] = (id, mode, lang = 'zh') =>
    h().app.inject({ method: 'POST', url: API.imports.commit, headers: headers('admin', lang), payload: mode ? { id, mode } : { id } });
  return {
    get h() {
      return h();
    },
    worker,
    tokens,
    headers,
    count: async (query, params = []) => Number((await h().database.query<{ n: number }>(query, params))[0]!.n),
    upload,
    settle,
    dryRun: async (kind, bytes, filename, options = {}) => settle(ok<ImportJob>(await upload(kind, bytes, filename, options)).id, options.lang),
    commit,
    commitOk: async (id, mode) => {
      ok<ImportJob>(await commit(id, mode));
      return settle(id);
    },
    batch: (path, body, lang = 'zh', user = 'admin') => h().app.inject({ method: 'POST', url: path, headers: headers(user, lang), payload: body }),
    templateHeader: async (kind, lang) => {
      const res = await h().app.inject({ method: 'GET', url: `${API.imports.template}?kind=${kind}`, headers: headers('admin', lang) });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    },
  };
}
