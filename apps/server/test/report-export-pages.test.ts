import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DOWNLOAD_LIMITS, PUSH_REPORT_COLUMNS, type DownloadJobPage, type QueuedDownload } from '@field-portal/shared';
import { REPORT_PAGE_ROWS } from '../src/modules/analytics/downloads.js';
import { exportFileName, fileNamePart } from '../src/modules/downloads/file-name.js';
import { DOWNLOAD_QUEUE, downloadJobs } from '../src/modules/downloads/index.js';
import { JobRunner } from '../src/platform/jobs/index.js';
import { createHarness, type Harness } from './harness.js';
import { dashboardData } from './dashboard.js';

/**
 * The report-table export read by keyset pages, and the names of export files (issue 18,
 * docs/decisions/0022). The data sits in a province code no demo row uses (990000), in March
 * 2020, so the reports filtered to it hold exactly these rows: more than one page of doctors,
 * hospitals and visits, many of them with the same time (the keyset's ties).
 */

let h: Harness;
const tokens: Record<string, string> = {};
const RANGE = { startDate: '2020-03-01', endDate: '2020-03-31' };
const PROVINCE = '990000';
const DOCTORS = 2 * REPORT_PAGE_ROWS + 101;
const HOSPITALS = REPORT_PAGE_ROWS + 57;
const VISITS = REPORT_PAGE_ROWS + 33;
/** Doctors with both test tags: 2 × TAGGED taggings, a page boundary between the two tags of one doctor. */
const TAGGED = REPORT_PAGE_ROWS / 2 + 50;
const CALLS = REPORT_PAGE_ROWS + 11;
type Lang = 'zh' | 'en';

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

beforeAll(async () => {
  h = await createHarness();
  // hospitals: the first holds every doctor; all were created at the same instant
  await q(
    `insert into hospitals (name, province, city, level, province_code, city_code, type, created_at)
     select '分页医院' || g, '分页省', '分页市', '3A', $1, '990100', 'GENERAL', '2020-03-01T09:00:00+08:00' from generate_series(1, $2::int) g`,
    [PROVINCE, HOSPITALS],
  );
  // doctors: half created at one instant (ties broken by id), the rest a minute apart
  await q(
    `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code, source, created_at)
     select '分页医生' || g, (select min(id) from hospitals where province_code = $1), $1, '990100', 'NEI', 'CHIEF', 'import',
            case when g % 2 = 0 then timestamptz '2020-03-02T10:00:00+08:00' else timestamptz '2020-03-02T10:00:00+08:00' + g * interval '1 minute' end
       from generate_series(1, $2::int) g`,
    [PROVINCE, DOCTORS],
  );
  const [admin] = await q<{ id: number }>(`select id from users where username = 'admin'`);
  // visits: all at the same instant, one per doctor
  await q(
    `insert into visit_records (user_id, doctor_id, visit_at, channel, status, duration_seconds, effective, submitted_at)
     select $1, d.id, '2020-03-05T10:00:00+08:00', 'phone', 1, 60, true, '2020-03-05T10:00:00+08:00'
       from doctors d where d.province_code = $2 order by d.id limit $3`,
    [admin!.id, PROVINCE, VISITS],
  );
  // taggings: two shared tags on the first TAGGED doctors, all at one instant (ties on time and doctor)
  await q(`insert into tags (name, color, owner_id, created_by) values ('分页标签甲', '#1677ff', null, $1), ('分页标签乙', '#52c41a', null, $1)`, [admin!.id]);
  await q(
    `insert into doctor_tags (tag_id, doctor_id, created_by, created_at)
     select t.id, d.id, $1, '2020-03-06T10:00:00+08:00' from (select id from doctors where province_code = $2 order by id limit $3) d
       cross join (select id from tags where name in ('分页标签甲', '分页标签乙')) t`,
    [admin!.id, PROVINCE, TAGGED],
  );
  // calls: all at the same instant
  await q(
    `insert into call_records (call_id, user_id, doctor_id, started_at, duration_seconds)
     select 'page-' || d.id, $1, d.id, '2020-03-07T10:00:00+08:00', 30 from doctors d where d.province_code = $2 order by d.id limit $3`,
    [admin!.id, PROVINCE, CALLS],
  );
  tokens.admin = (await h.login('admin')).access;
});
afterAll(async () => h?.close());

const headers = (lang: Lang = 'zh') => ({ ...h.auth(tokens.admin!), language: lang });
const queue = (templateName: string, body: object, lang: Lang = 'zh') =>
  h.app.inject({ method: 'POST', url: `${API.downloads.asyncDownload}?templateName=${templateName}`, headers: headers(lang), payload: body });

/** Queues an export, runs it, and reads the file back with the batches the worker wrote. */
async function exported(templateName: string, body: object, lang: Lang = 'zh'): Promise<{ rows: unknown[][]; batches: number[]; fileName: string }> {
  const res = await queue(templateName, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  const { job } = res.json().result as QueuedDownload;
  const batches: number[] = [];
  const worker = new JobRunner(h.database, { now: h.clock.now }).register(
    downloadJobs(h.database, h.app.ctx.files, { afterBatch: (_id, done) => void batches.push(done) }),
  );
  while ((await worker.runOnce(DOWNLOAD_QUEUE)) !== undefined);
  const list = await h.app.inject({ method: 'GET', url: `${API.downloads.findByCreateBy}?limitNum=100`, headers: headers(lang) });
  const done = (list.json().result as DownloadJobPage).result.find((j) => j.id === job.id)!;
  expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', message: null });
  const file = await h.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${job.id}`, headers: headers(lang) });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(done.fileName)}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(done.rowsTotal).toBe(rows.length - 1);
  return { rows, batches, fileName: done.fileName };
}

const dashboard = (router: string, extra: Record<string, string> = {}) => dashboardData(h, tokens.admin!, 'admin', router, { ...RANGE, ...extra });

const STAMP = /_\d{8}-\d{6}\.xlsx$/;

describe('reportTable: read by keyset pages', () => {
  it("writes every doctor of docMain, page by page, in the screen's order: as many rows as the report counts", async () => {
    const screen = await dashboard('docMain', { province: PROVINCE });
    expect(screen.table.total).toBe(DOCTORS);
    const { rows, batches, fileName } = await exported('reportTable', { report: 'docMain', ...RANGE, province: PROVINCE });
    expect(rows).toHaveLength(1 + DOCTORS);
    // the rows came in keyset pages, not in one read
    expect(batches).toEqual([REPORT_PAGE_ROWS, 2 * REPORT_PAGE_ROWS, DOCTORS]);
    const idAt = screen.table.columns.indexOf('doctorId');
    const ids = rows.slice(1).map((r) => Number(r[idAt]));
    expect(new Set(ids).size).toBe(DOCTORS);
    const expected = await q<{ id: string }>(`select id from doctors where province_code = $1 order by created_at desc, id desc`, [PROVINCE]);
    expect(ids).toEqual(expected.map((r) => Number(r.id)));
    // the screen's first rows are the file's first rows
    expect(ids.slice(0, screen.table.rows.length)).toEqual(screen.table.rows.map((r) => Number(r[idAt])));
    expect(fileName).toMatch(new RegExp(`^HCP 主数据_2020-03-01至2020-03-31_${PROVINCE}${STAMP.source}`));
  }, 120_000);

  it('pages the hospitals of masterData and the visits of a visit report, ties included', async () => {
    const hospitals = await dashboard('masterData', { province: PROVINCE });
    expect(hospitals.table.total).toBe(HOSPITALS);
    const master = await exported('reportTable', { report: 'masterData', ...RANGE, province: PROVINCE }, 'en');
    expect(master.rows).toHaveLength(1 + HOSPITALS);
    expect(master.batches).toEqual([REPORT_PAGE_ROWS, HOSPITALS]);
    const hospitalId = hospitals.table.columns.indexOf('hospitalId');
    const hospitalIds = master.rows.slice(1).map((r) => Number(r[hospitalId]));
    expect(new Set(hospitalIds).size).toBe(HOSPITALS);
    // the one hospital with doctors first, then by id
    expect(hospitalIds.slice(1)).toEqual([...hospitalIds.slice(1)].sort((a, b) => a - b));
    expect(master.fileName).toMatch(new RegExp(`^Multi-type customer master data_2020-03-01 to 2020-03-31_${PROVINCE}${STAMP.source}`));

    const visits = await dashboard('telephoneVisit', { province: PROVINCE });
    expect(visits.table.total).toBe(VISITS);
    const phone = await exported('reportTable', { report: 'telephoneVisit', ...RANGE, province: PROVINCE, bu: 'PC_All' }, 'en');
    // admin's visits count under every BU the representative holds; the BU names the file
    expect(phone.rows.length).toBeGreaterThan(0);
    const all = await exported('reportTable', { report: 'telephoneVisit', ...RANGE, province: PROVINCE }, 'en');
    expect(all.rows).toHaveLength(1 + VISITS);
    expect(all.batches).toEqual([REPORT_PAGE_ROWS, VISITS]);
    const name = visits.table.columns.indexOf('doctorName');
    expect(new Set(all.rows.slice(1).map((r) => r[name])).size).toBe(VISITS);
    expect(phone.fileName).toMatch(new RegExp(`^Phone visits_2020-03-01 to 2020-03-31_PC_All_${PROVINCE}${STAMP.source}`));
  }, 120_000);
});

describe('reportTable: keyset pages with ties on several keys', () => {
  it('pages the taggings of docTagDetail (time, doctor, tag) and the calls of callRecord', async () => {
    const tags = await dashboard('docTagDetail', { province: PROVINCE });
    expect(tags.table.total).toBe(2 * TAGGED);
    const tagged = await exported('reportTable', { report: 'docTagDetail', ...RANGE, province: PROVINCE });
    expect(tagged.rows).toHaveLength(1 + 2 * TAGGED);
    expect(tagged.batches).toEqual([REPORT_PAGE_ROWS, 2 * TAGGED]);
    const doctor = tags.table.columns.indexOf('doctorId');
    const tag = tags.table.columns.indexOf('tag');
    expect(new Set(tagged.rows.slice(1).map((r) => `${String(r[doctor])}:${String(r[tag])}`)).size).toBe(2 * TAGGED);

    const calls = await dashboard('callRecord', { province: PROVINCE });
    expect(calls.table.total).toBe(CALLS);
    const called = await exported('reportTable', { report: 'callRecord', ...RANGE, province: PROVINCE });
    expect(called.rows).toHaveLength(1 + CALLS);
    expect(called.batches).toEqual([REPORT_PAGE_ROWS, CALLS]);
    const callId = calls.table.columns.indexOf('callId');
    expect(new Set(called.rows.slice(1).map((r) => r[callId])).size).toBe(CALLS);
  }, 120_000);
});

describe('export file names', () => {
  it("names a report after the report, its period and its filters, in the caller's language", async () => {
    const zh = (
      await queue('reportTable', { report: 'effectiveVisit', startDate: '2020-02-01', endDate: '2020-02-29', province: '310000', bu: 'IM_IBD' })
    ).json().result as QueuedDownload;
    expect(zh.job.fileName).toMatch(new RegExp(`^有效拜访_2020-02-01至2020-02-29_IM_IBD_上海市${STAMP.source}`));
    // a filter the report does not take is not in the name (articleLists takes neither BU nor province)
    const en = (
      await queue('reportTable', { report: 'articleLists', startDate: '2020-02-01', endDate: '2020-02-29', province: '310000', bu: 'IM_IBD' }, 'en')
    ).json().result as QueuedDownload;
    expect(en.job.fileName).toMatch(new RegExp(`^Article lists_2020-02-01 to 2020-02-29${STAMP.source}`));
  });

  it('names a doctor list after its range, search, regions and the number of other filters', async () => {
    const zh = (
      await queue('doctorList', { doctorRange: 'internal', search: '张/李', provinceCodes: '310000,110000', titleCodes: 'CHIEF', hospitalLevels: '3A' })
    ).json().result as QueuedDownload;
    expect(zh.job.fileName).toMatch(new RegExp(`^医生列表_公司内部_张-李_上海市,北京市_另2项筛选${STAMP.source}`));
    const en = (await queue('doctorList', { doctorRange: 'internet' }, 'en')).json().result as QueuedDownload;
    expect(en.job.fileName).toMatch(new RegExp(`^Doctor list_Internet platform${STAMP.source}`));
  });

  it("names other exports after their title and parameters, and keeps the spec's column keys", async () => {
    const read = await queue('cardReadDetails', { cardId: '123' });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json().result as QueuedDownload).job.fileName).toMatch(new RegExp(`^卡片阅读明细_123${STAMP.source}`));
    const report = await exported('cardPushReport', { startTime: '2020-03-01', endTime: '2020-03-02' }, 'en');
    expect(report.rows[0]).toEqual([...PUSH_REPORT_COLUMNS]);
    expect(report.fileName).toMatch(/^Card push detail_2020-03-01_2020-03-02/);
  });

  it('keeps names safe for every file system', () => {
    expect(fileNamePart('a/b\\c:d*e?f"g<h>i|j\u0000k')).toBe('a-b-c-d-e-f-g-h-i-j-k');
    expect(fileNamePart('  two   spaces \n ')).toBe('two spaces');
    expect(fileNamePart('lone \ud800 surrogate')).toBe('lone surrogate');
    expect(exportFileName(['..', ' '], '20260101-000000')).toBe('export_20260101-000000.xlsx');
    expect(exportFileName(['CON'], '20260101-000000')).toBe('export-CON_20260101-000000.xlsx');
    const long = exportFileName(['报'.repeat(500)], '20260101-000000');
    expect(Array.from(long.replace(STAMP, ''))).toHaveLength(DOWNLOAD_LIMITS.fileNameMax);
    expect(exportFileName(['a', null, '', 'b'], '20260101-000000')).toBe('a_b_20260101-000000.xlsx');
  });
});
