import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import WebSocket from 'ws';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DOWNLOAD_LIMITS, message, STOMP, type DownloadJob, type DownloadJobPage, type Notice, type QueuedDownload } from '@field-portal/shared';
import { openDatabase, selectRows, type Database } from '../../db/client.js';
import { registerDownloadTemplate } from './templates.js';
import { DOWNLOAD_QUEUE, downloadJobs, sweepDownloads, type DownloadJobOptions } from './index.js';
import { JobRunner } from '../../platform/jobs/index.js';
import { PushScheduler } from '../push/index.js';
import { AppError } from '../../platform/errors.js';
import { wwidOf } from '../../seed/demo.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { expectError } from '../../../test/api.js';

/**
 * A template of generated rows for these tests: `rows` numbers in keyset pages of `page`, an
 * optional failure after `failAt` rows.
 */
const seriesParams = z.strictObject({
  rows: z.number().int().min(0).max(2_000_000),
  page: z.number().int().min(1).max(10_000).default(500),
  failAt: z.number().int().optional(),
  tag: z.string().max(20).optional(),
});
registerDownloadTemplate({
  name: 'testSeries',
  title: 'download.template.cardPushReport',
  params: seriesParams,
  columns: [
    { header: { zh: '编号', en: 'n' }, value: (r: { n: number }) => r.n },
    { header: { zh: '文本', en: 'text' }, value: (r: { n: number }) => (r.n === 2 ? '=1+2' : `row ${r.n}`) },
  ],
  count: async ({ params }) => params.rows,
  async *rows({ db, params }) {
    let after = 0;
    for (;;) {
      if (params.failAt !== undefined && after >= params.failAt) throw new AppError(400, 'download.paramsTooLarge');
      const rows = await selectRows<{ n: number }>(
        db,
        sql`select g::int as n from generate_series(${after + 1}::int, ${params.rows}::int) g limit ${params.page}`,
      );
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.n;
    }
  },
});

let h: Harness;
let scheduler: PushScheduler;
const tokens: Record<string, string> = {};
type Lang = 'zh' | 'en';
const headers = (user: string, lang: Lang = 'zh') => ({ ...h.auth(tokens[user]!), language: lang });

beforeAll(async () => {
  h = await createHarness();
  scheduler = new PushScheduler(h.database.db);
  for (const username of ['operator', 'operator2', 'rep01', 'admin']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => h?.close());

/** One instance's job runner with the download queue, on the test clock. */
const worker = (options: DownloadJobOptions = {}, database: Database = h.database) => {
  const runner = new JobRunner(database, { now: h.clock.now }).register(downloadJobs(database, h.app.ctx.files, options));
  return { runOnce: () => runner.runOnce(DOWNLOAD_QUEUE), sweep: () => sweepDownloads(database, h.app.ctx.files, h.clock.now()) };
};

async function queue(user: string, templateName: string, body: object, lang: Lang = 'zh') {
  return h.app.inject({
    method: 'POST',
    url: `${API.downloads.asyncDownload}?templateName=${encodeURIComponent(templateName)}`,
    headers: headers(user, lang),
    payload: body,
  });
}
async function queueOk(user: string, templateName: string, body: object): Promise<QueuedDownload> {
  const res = await queue(user, templateName, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as QueuedDownload;
}
async function list(user: string, lang: Lang = 'zh'): Promise<DownloadJobPage> {
  const res = await h.app.inject({ method: 'GET', url: `${API.downloads.findByCreateBy}?limitNum=100`, headers: headers(user, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as DownloadJobPage;
}
const jobOf = async (user: string, id: number, lang: Lang = 'zh'): Promise<DownloadJob> => (await list(user, lang)).result.find((j) => j.id === id)!;
const file = (user: string, id: number, lang: Lang = 'zh') =>
  h.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${id}`, headers: headers(user, lang) });
const update = (user: string, id: number, status: string, lang: Lang = 'zh') =>
  h.app.inject({ method: 'PUT', url: API.downloads.updateStatusById, headers: headers(user, lang), payload: { id, status } });

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Runs queued jobs until none is left. */
async function drain(w: ReturnType<typeof worker>): Promise<number[]> {
  const ids: number[] = [];
  for (let id = await w.runOnce(); id !== undefined; id = await w.runOnce()) ids.push(id);
  return ids;
}

/** A card pushed to the given people and fired; returns its id. */
async function publishedCard(wwids: string[]): Promise<number> {
  const [row] = await h.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time, source, template)
     values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now(), '', '') returning id`,
    [JSON.stringify({ type: 4, titleName: 'export card', BU: 'HEMA_MM' })],
  );
  const id = Number(row!.id);
  const res = await h.app.inject({
    method: 'POST',
    url: API.push.pushCard,
    headers: headers('operator'),
    payload: { pushDate: '0', pushInfo: [{ id }], receiver: wwids.map((w) => ({ receiverId: w, receiverName: '' })), remark: { scope: 2 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  await scheduler.runDue(h.clock.value);
  return id;
}

describe('asyncDownload: the card exports through the download centre', () => {
  it('queues the read details at once, writes them with safe cells, and lets only the owner download them', async () => {
    const cardId = await publishedCard([wwidOf(1), wwidOf(2), wwidOf(3), wwidOf(4)]);
    await h.database.query('update deliveries set name = \'=HYPERLINK("x")\' where card_id = $1 and wwid = $2', [cardId, wwidOf(2)]);
    const { job, reused } = await queueOk('operator', 'cardReadDetails', { cardId });
    expect(reused).toBe(false);
    expect(job).toMatchObject({
      status: 'queued',
      templateName: 'cardReadDetails',
      title: '卡片阅读明细',
      rowsDone: 0,
      progress: 0,
      downloaded: false,
      createBy: 'operator',
    });
    expect(job.fileName).toMatch(new RegExp(`^卡片阅读明细_${cardId}_\\d{8}-\\d{6}\\.xlsx$`));
    expectError(await file('operator', job.id), 409, 'download.notReady');

    expect(await drain(worker())).toEqual([job.id]);
    const done = await jobOf('operator', job.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: 4, rowsTotal: 4, progress: 100, message: null });
    expect((await list('operator')).pending).toBeGreaterThanOrEqual(1);

    // Someone else's job does not exist for them.
    expectError(await file('operator2', job.id), 404, 'request.notFound');
    expectError(await update('operator2', job.id, 'downloaded'), 404, 'request.notFound');
    // …exactly as an id that does not exist, so ids cannot be confirmed (issue 30).
    expect((await file('operator2', job.id)).json()).toEqual((await file('operator2', 2_000_000_000)).json());
    expect((await update('operator2', job.id, 'downloaded')).json()).toEqual((await update('operator2', 2_000_000_000, 'downloaded')).json());

    const res = await file('operator', job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).values).toEqual([undefined, 'receiverId', 'receiverName', 'event', 'firstOpenTime']);
    expect(sheet.getRow(3).getCell(2).value).toBe('\'=HYPERLINK("x")');
    expect((await jobOf('operator', job.id)).downloaded).toBe(true);
  });

  it('exports the card-push report with its twelve columns and filters', async () => {
    const cardId = await publishedCard([wwidOf(5), wwidOf(6)]);
    const { job } = await queueOk('operator', 'cardPushReport', { cardId, bu: 'HEMA_MM' });
    await drain(worker());
    const sheet = await sheetOf((await file('operator', job.id)).rawPayload);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['CardId', 'CardType', 'CardTitle']);
    expect(sheet.getRow(2).getCell(1).value).toBe(cardId);
    expect(sheet.getRow(2).getCell(9).value).toBe(wwidOf(5));
  });

  it('exports the doctor list in the data scope of the user who asked, with formula cells made safe', async () => {
    const listed = async (user: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `${API.customers.doctor.list}?doctorRange=internal&titleCodes=CHIEF&size=10`,
        headers: headers(user),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { total: number; content: { id: number }[] };
    };
    const mine = await listed('rep01');
    const everyone = await listed('admin');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(everyone.total);
    const inScope = mine.content[0]!.id;
    await h.database.query(`update doctors set name = '=1+1' where id = $1`, [inScope]);

    const { job } = await queueOk('rep01', 'doctorList', { doctorRange: 'internal', titleCodes: 'CHIEF' });
    await drain(worker());
    expect(await jobOf('rep01', job.id)).toMatchObject({ message: null, status: 'done', rowsTotal: mine.total, rowsDone: mine.total });
    const sheet = await sheetOf((await file('rep01', job.id)).rawPayload);
    expect(sheet.rowCount).toBe(mine.total + 1);
    const ids = new Set<number>();
    sheet.eachRow((row, n) => {
      if (n > 1) ids.add(Number(row.getCell(1).value));
    });
    expect(ids.size).toBe(mine.total);
    const outside = await selectRows<{ id: number }>(h.database.db, sql`select id from doctors where doctor_range = 'internal' order by id`);
    expect(outside.filter((d) => !ids.has(d.id)).length).toBe(outside.length - mine.total);
    let safe: unknown;
    sheet.eachRow((row) => {
      if (Number(row.getCell(1).value) === inScope) safe = row.getCell(2).value;
    });
    expect(safe).toBe("'=1+1");
  });

  it('refuses an unknown template by name, bad parameters by field, and a template the caller may not use', async () => {
    expectError(await queue('operator', 'noSuchTemplate', {}), 400, 'download.templateUnknown', 'zh', { name: 'noSuchTemplate' });
    expectError(await queue('operator', 'noSuchTemplate', {}, 'en'), 400, 'download.templateUnknown', 'en', { name: 'noSuchTemplate' });
    expect((await queue('operator', 'cardReadDetails', { cardId: 1, extra: 1 })).json().msg).toContain('extra');
    expect((await queue('operator', 'cardReadDetails', {})).statusCode).toBe(400);
    expectError(await queue('rep01', 'cardPushReport', {}), 403, 'auth.forbidden');
    const before = await h.database.query<{ n: number }>('select count(*)::int as n from download_jobs');
    expect((await queue('operator', 'cardReadDetails', { cardId: 'x' })).statusCode).toBe(400);
    expect(await h.database.query<{ n: number }>('select count(*)::int as n from download_jobs')).toEqual(before);
    expectError(await update('operator', 1, 'deleted'), 400, 'download.statusInvalid');
  });
});

describe('jobs', () => {
  it('answers the same request while it is unfinished with the running job, and a new one after', async () => {
    const first = await queueOk('rep01', 'testSeries', { rows: 10, tag: 'dedupe' });
    const second = await queueOk('rep01', 'testSeries', { tag: 'dedupe', rows: 10 });
    expect(second).toEqual({ job: first.job, reused: true });
    const other = await queueOk('rep01', 'testSeries', { rows: 11, tag: 'dedupe' });
    expect(other.reused).toBe(false);
    // Another user's identical request is their own job.
    expect((await queueOk('admin', 'testSeries', { rows: 10, tag: 'dedupe' })).job.id).not.toBe(first.job.id);
    await drain(worker());
    const again = await queueOk('rep01', 'testSeries', { rows: 10, tag: 'dedupe' });
    expect(again.reused).toBe(false);
    expect(again.job.id).not.toBe(first.job.id);
    await drain(worker());
  });

  it('stores progress while it runs and sends it to the owner over the STOMP channel', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}${STOMP.endpoint}`, ['v12.stomp']);
    const frames: string[] = [];
    ws.on('message', (data) =>
      frames.push(
        ...data
          .toString()
          .split('\0')
          .filter((f) => f.trim()),
      ),
    );
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(`CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer ${tokens.rep01}\n\n\0`);
    ws.send(`SUBSCRIBE\nid:s\ndestination:${STOMP.userTopic('rep01')}\nreceipt:r\n\n\0`);
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out; frames: ${frames.join(' | ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => frames.some((f) => f.startsWith('RECEIPT')));

    const { job } = await queueOk('rep01', 'testSeries', { rows: 2000, page: 500, tag: 'progress' });
    const seen: number[] = [];
    await drain(
      worker({
        progressMs: 0,
        afterBatch: async (id) => {
          if (id === job.id)
            seen.push((await selectRows<{ rows_done: number }>(h.database.db, sql`select rows_done from download_jobs where id = ${id}`))[0]!.rows_done);
        },
      }),
    );
    // Each batch's progress was stored before the next batch was written.
    expect(seen).toEqual([0, 500, 1000, 1500]);
    const notices = () =>
      frames
        .filter((f) => f.startsWith('MESSAGE'))
        .map((f) => JSON.parse(f.slice(f.indexOf('\n\n') + 2)) as Notice)
        .filter((n) => n.type.startsWith('download.') && n.data.id === job.id);
    await until(() => notices().some((n) => n.type === 'download.done'));
    const progress = notices()
      .filter((n) => n.type === 'download.progress')
      .map((n) => n.data.rowsDone);
    expect(progress).toEqual([0, 500, 1000, 1500, 2000]);
    expect(notices().at(-1)!.data).toMatchObject({ status: 'done', progress: 100, rowsTotal: 2000 });
    ws.terminate();
    const sheet = await sheetOf((await file('rep01', job.id)).rawPayload);
    expect(sheet.rowCount).toBe(2001);
    expect(sheet.getRow(3).getCell(2).value).toBe("'=1+2");
  });

  it('keeps a failure with a message the owner can read, and leaves no file', async () => {
    const { job } = await queueOk('rep01', 'testSeries', { rows: 2000, page: 500, failAt: 1000 });
    const tooMany = await queueOk('rep01', 'testSeries', { rows: DOWNLOAD_LIMITS.sheetRowsMax + 1 });
    await drain(worker());
    const failed = await jobOf('rep01', job.id, 'en');
    expect(failed).toMatchObject({ status: 'failed', message: message('download.paramsTooLarge', 'en'), size: null });
    expect((await jobOf('rep01', tooMany.job.id)).message).toBe(
      message('download.tooManyRows', 'zh', { rows: DOWNLOAD_LIMITS.sheetRowsMax + 1, max: DOWNLOAD_LIMITS.sheetRowsMax }),
    );
    expectError(await file('rep01', job.id), 409, 'download.notReady');
    const [row] = await h.database.query<{ file_key: string | null }>('select file_key from download_jobs where id = $1', [job.id]);
    expect(row!.file_key).toBeNull();
    const parts = fs.readdirSync(path.join(h.dataDir, 'files'), { recursive: true }).filter((f) => String(f).endsWith('.part'));
    expect(parts).toEqual([]);
  });

  it('cancels an unfinished job (a running one stops at its next progress write) and refuses to cancel a finished one', async () => {
    const queued = await queueOk('rep01', 'testSeries', { rows: 5, tag: 'cancel-queued' });
    const cancelled = await update('rep01', queued.job.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result.status).toBe('cancelled');
    expectError(await update('rep01', queued.job.id, 'cancel'), 409, 'download.notCancellable');

    const running = await queueOk('rep01', 'testSeries', { rows: 3000, page: 500, tag: 'cancel-running' });
    await drain(
      worker({
        progressMs: 0,
        afterBatch: async (id, done) => {
          if (id === running.job.id && done === 1000) expect((await update('rep01', id, 'cancel')).statusCode).toBe(200);
        },
      }),
    );
    const job = await jobOf('rep01', running.job.id);
    expect(job.status).toBe('cancelled');
    expect(job.rowsDone).toBeLessThan(3000);
    expectError(await update('rep01', running.job.id, 'downloaded'), 409, 'download.notReady');
  });

  it('deletes files after their time; the job then says so', async () => {
    const { job } = await queueOk('rep01', 'testSeries', { rows: 3, tag: 'expiry' });
    const w = worker({ keepMs: 60_000 });
    await drain(w);
    const done = await jobOf('rep01', job.id);
    expect(done.status).toBe('done');
    expect(new Date(done.expireTime!).getTime()).toBe(new Date(done.finishTime!).getTime() + 60_000);
    const [{ file_key: key }] = (await h.database.query<{ file_key: string }>('select file_key from download_jobs where id = $1', [job.id])) as [
      { file_key: string },
    ];
    expect(await w.sweep()).toBe(0);
    h.clock.advance(60_001);
    expect(await w.sweep()).toBeGreaterThanOrEqual(1);
    expect(await h.app.ctx.files.open(key)).toBeUndefined();
    expect((await jobOf('rep01', job.id, 'en')).status).toBe('expired');
    expectError(await file('rep01', job.id, 'en'), 410, 'download.expired', 'en');
    expectError(await update('rep01', job.id, 'downloaded'), 409, 'download.expired');
  });

  it('badge: counts unfinished and undownloaded jobs, at most one past the badge maximum', async () => {
    const before = (await list('admin')).pending;
    for (let i = 0; i < 3; i++) await queueOk('admin', 'testSeries', { rows: 1, tag: `badge${i}` });
    expect((await list('admin')).pending).toBe(before + 3);
    await h.database.query(
      `insert into download_jobs (user_id, created_by, template_name, params, dedupe_key, lang, file_name, created_at, status)
       select id, username, 'testSeries', '{}', 'bulk' || g, 'zh', 'x.xlsx', now(), 'done' from users, generate_series(1, 120) g where username = 'admin'`,
    );
    expect((await list('admin')).pending).toBe(DOWNLOAD_LIMITS.badgeMax + 1);
    await drain(worker());
  });
});

describe('several instances', () => {
  it('never run one job twice: two workers share the queue, each job is written once', async () => {
    // On PostgreSQL the second worker has a pool of its own, as another instance would.
    const second: Database = h.databaseUrl ? await openDatabase({ databaseUrl: h.databaseUrl, poolSize: 3 }) : h.database;
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push((await queueOk('operator', 'testSeries', { rows: 600, page: 200, tag: `pair${i}` })).job.id);
      const a = worker();
      const b = worker({}, second);
      const [ranA, ranB] = await Promise.all([drain(a), drain(b)]);
      expect([...ranA, ...ranB].sort((x, y) => x - y)).toEqual(ids);
      expect(new Set([...ranA, ...ranB]).size).toBe(ids.length);
      const rows = await h.database.query<{ status: string; attempts: number }>(`select status, attempts from download_jobs where id = any($1::bigint[])`, [
        ids,
      ]);
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      if (second !== h.database) await second.close();
    }
  });

  it('takes over a job whose worker stopped answering; the stalled worker then changes nothing', async () => {
    const { job } = await queueOk('operator', 'testSeries', { rows: 1500, page: 500, tag: 'takeover' });
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atStall = new Promise<void>((resolve) => (reached = resolve));
    const a = worker({
      leaseMs: 5_000,
      progressMs: 0,
      afterBatch: async (id, done) => {
        if (id === job.id && done === 500) {
          reached();
          await stalled;
        }
      },
    });
    const runA = a.runOnce();
    await atStall;
    const b = worker({ leaseMs: 5_000 });
    expect(await b.runOnce()).toBeUndefined();
    h.clock.advance(5_001);
    expect(await b.runOnce()).toBe(job.id);
    release();
    expect(await runA).toBe(job.id);
    const done = await jobOf('operator', job.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: 1500 });
    const [row] = await h.database.query<{ attempts: number }>('select attempts from download_jobs where id = $1', [job.id]);
    expect(row!.attempts).toBe(2);
    expect((await sheetOf((await file('operator', job.id)).rawPayload)).rowCount).toBe(1501);
  });

  it('fails a job interrupted too often with its message', async () => {
    const { job } = await queueOk('operator', 'testSeries', { rows: 1, tag: 'interrupted' });
    await h.database.query(`update download_jobs set status = 'running', attempts = 3, lease_until = now() - interval '1 hour' where id = $1`, [job.id]);
    await drain(worker());
    expect(await jobOf('operator', job.id)).toMatchObject({ status: 'failed', message: message('download.interrupted', 'zh') });
  });
});

describe('OpenAPI', () => {
  it('documents every download-centre path', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(Object.values(API.downloads)));
  });
});
