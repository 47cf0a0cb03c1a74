import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DOCTOR_TITLES,
  INTELLIGENCE_PATHS,
  analyticsColumnLabel,
  roundKolScore,
  tierOf,
  type DownloadJobPage,
  type KolPage,
  type QueuedDownload,
} from '@field-portal/shared';
import { DOWNLOAD_QUEUE, downloadJobs } from '../src/modules/downloads/index.js';
import { JobRunner } from '../src/platform/jobs/index.js';
import { createHarness, type Harness } from './harness.js';
import { dashboardData } from './dashboard.js';
import { expectError } from './api.js';

/**
 * The report tables and the KOL list exported through the download centre (issue 18,
 * docs/decisions/0022): a small dataset in March 2020, before any demo data. The viewer xrp01
 * sees hospital H1 only (doctors D1, D2); D3 at H2 is outside that scope.
 */

let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const RANGE = { startDate: '2020-03-01', endDate: '2020-03-31' };
type Lang = 'zh' | 'en';

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const one = async (text: string, params: unknown[] = []) => Number(Object.values((await q(text, params))[0]!)[0]);

beforeAll(async () => {
  h = await createHarness();
  const root = await one(`select id from organisations where parent_id is null order by id limit 1`);
  const team = await one(
    `insert into organisations (parent_id, name, name_en, code, type, grade) values ($1, '导出测试团队', 'Export test team', 'FP-XTEST', 'department', 2) returning id`,
    [root],
  );
  const xrp = await one(
    `insert into users (username, password_hash, first_name, real_name, org_id, bu_list) select 'xrp01', password_hash, '导出', '导出', $1, array['PC_All'] from users where username = 'admin' returning id`,
    [team],
  );
  const role = await one(`insert into roles (name, name_en, data_scope) values ('export viewer', 'export viewer', 'custom') returning id`);
  // every report screen but readData, and the KOL page
  await q(
    `insert into role_menus (role_id, menu_id) select $1, m.id from menus m left join menus p on p.id = m.parent_id
      where (p.router = 'reportDownload' and m.router <> 'readData') or m.router in ('reportDownload', 'KOLmapping', 'doctor')`,
    [role],
  );
  await q(`insert into user_roles (user_id, role_id) values ($1, $2)`, [xrp, role]);
  const at = (day: number, hour = 10) => `2020-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+08:00`;
  const h1 = await one(
    `insert into hospitals (name, province, city, level, province_code, city_code, type, covered, created_at) values ('导出医院一', '上海市', '上海市', '3A', '310000', '310100', 'GENERAL', true, $1) returning id`,
    [at(1)],
  );
  const h2 = await one(
    `insert into hospitals (name, province, city, level, province_code, city_code, type, created_at) values ('导出医院二', '北京市', '北京市', '3B', '110000', '110100', 'TCM', $1) returning id`,
    [at(1)],
  );
  ids.h1 = h1;
  await q(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'hospital', $2)`, [xrp, String(h1)]);
  const doctor = (name: string, hospital: number, province: string) =>
    one(
      `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, title_code, source, created_at) values ($1, $2, $3, $4, 'NEI', 'CHIEF', 'import', $5) returning id`,
      [name, hospital, province, province.slice(0, 3) + '100', at(1)],
    );
  ids.d1 = await doctor('导甲', h1, '310000');
  ids.d2 = await doctor('=HYPERLINK("x")', h1, '310000');
  ids.d3 = await doctor('导丙', h2, '110000');
  const visit = (doctorId: number, channel: string, day: number, seconds: number, effective: boolean) =>
    q(
      `insert into visit_records (user_id, doctor_id, visit_at, channel, status, duration_seconds, effective, submitted_at) values ($1, $2, $3, $4, 1, $5, $6, $3)`,
      [xrp, doctorId, at(day), channel, seconds, effective],
    );
  await visit(ids.d1, 'phone', 2, 120, true);
  await visit(ids.d1, 'face', 3, 600, true);
  await visit(ids.d2, 'video', 4, 30, false);
  await visit(ids.d3, 'phone', 5, 300, true); // outside xrp01's scope
  for (const username of ['admin', 'xrp01', 'rep01']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => h?.close());

const headers = (user: string, lang: Lang = 'zh') => ({ ...h.auth(tokens[user]!), language: lang });
const queue = (user: string, templateName: string, body: object, lang: Lang = 'zh') =>
  h.app.inject({ method: 'POST', url: `${API.downloads.asyncDownload}?templateName=${templateName}`, headers: headers(user, lang), payload: body });

/** Queues an export, runs the worker until the queue is empty, and reads the finished file's rows back. */
async function exported(user: string, templateName: string, body: object, lang: Lang = 'zh'): Promise<unknown[][]> {
  return rowsOf(await exportedSheet(user, templateName, body, lang));
}

function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The export's one sheet, once the download centre's worker has written it. */
async function exportedSheet(user: string, templateName: string, body: object, lang: Lang = 'zh'): Promise<ExcelJS.Worksheet> {
  const res = await queue(user, templateName, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  const { job } = res.json().result as QueuedDownload;
  const worker = new JobRunner(h.database, { now: h.clock.now }).register(downloadJobs(h.database, h.app.ctx.files));
  while ((await worker.runOnce(DOWNLOAD_QUEUE)) !== undefined);
  const list = await h.app.inject({ method: 'GET', url: `${API.downloads.findByCreateBy}?limitNum=100`, headers: headers(user, lang) });
  const done = (list.json().result as DownloadJobPage).result.find((j) => j.id === job.id)!;
  expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', message: null });
  const file = await h.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${job.id}`, headers: headers(user, lang) });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(done.rowsTotal).toBe(rowsOf(sheet).length - 1);
  return sheet;
}

const dashboard = (user: string, router: string, extra: Record<string, string> = {}) => dashboardData(h, tokens[user]!, user, router, { ...RANGE, ...extra });

describe("reportTable: a report screen's table through the download centre", () => {
  it("writes the rows the screen shows, in the caller's scope and language, with formula cells made safe", async () => {
    const screen = await dashboard('xrp01', 'effectiveVisit');
    expect(screen.table.rows).toHaveLength(3);
    const rows = await exported('xrp01', 'reportTable', { report: 'effectiveVisit', ...RANGE });
    expect(rows[0]).toEqual(screen.table.columns.map((c) => analyticsColumnLabel(c, 'zh')));
    expect(rows).toHaveLength(1 + screen.table.rows.length);
    const name = screen.table.columns.indexOf('doctorName');
    expect(
      rows
        .slice(1)
        .map((r) => r[name])
        .sort(),
    ).toEqual(['\'=HYPERLINK("x")', '导甲', '导甲']);
    // times in portal time, coded values by their label
    const time = screen.table.columns.indexOf('visitTime');
    expect(
      rows
        .slice(1)
        .map((r) => r[time])
        .sort(),
    ).toEqual(['2020-03-02 10:00', '2020-03-03 10:00', '2020-03-04 10:00']);
    const channel = screen.table.columns.indexOf('channel');
    expect(
      rows
        .slice(1)
        .map((r) => r[channel])
        .sort(),
    ).toEqual([...new Set(rows.slice(1).map((r) => r[channel]))].sort());
    expect(rows.slice(1).every((r) => !['phone', 'face', 'video'].includes(String(r[channel])))).toBe(true);
  });

  it('gives an all-scope user every row, with the filters of the screen and headers in English', async () => {
    const all = await exported('admin', 'reportTable', { report: 'telephoneVisit', ...RANGE }, 'en');
    expect(all[0]).toContain('Visit time');
    expect(all).toHaveLength(3);
    const beijing = await exported('admin', 'reportTable', { report: 'telephoneVisit', ...RANGE, province: '110000' }, 'en');
    expect(beijing).toHaveLength(2);
    const scoped = await exported('xrp01', 'reportTable', { report: 'telephoneVisit', ...RANGE });
    expect(scoped).toHaveLength(2);
  });

  it('refuses an unknown report, bad filters, a report without a source and a report the caller does not hold', async () => {
    expectError(await queue('xrp01', 'reportTable', { report: 'noSuchReport' }), 400, 'analytics.reportUnknown', 'zh', { name: 'noSuchReport' });
    expectError(await queue('xrp01', 'reportTable', { report: 'noSuchReport' }, 'en'), 400, 'analytics.reportUnknown', 'en', { name: 'noSuchReport' });
    expect((await queue('xrp01', 'reportTable', { report: 'callRecord', startDate: '2020-13-01' })).statusCode).toBe(400);
    expectError(await queue('xrp01', 'reportTable', { report: 'callRecord', startDate: '2020-03-02', endDate: '2020-03-01' }), 400, 'analytics.rangeOrder');
    expect((await queue('xrp01', 'reportTable', { report: 'callRecord', province: 'x' })).statusCode).toBe(400);
    expect((await queue('xrp01', 'reportTable', { report: 'callRecord', share: 'x' })).statusCode).toBe(400);
    expect((await queue('xrp01', 'reportTable', {})).statusCode).toBe(400);
    expectError(await queue('xrp01', 'reportTable', { report: 'jvisaSystemPoint' }), 400, 'analytics.noSource.jvisaSystemPoint');
    expectError(await queue('xrp01', 'reportTable', { report: 'readData' }), 403, 'analytics.noAccess');
    expect((await queue('rep01', 'reportTable', { report: 'readData' })).statusCode).toBe(403);
  });
});

describe('kolList: the KOL ranking through the download centre', () => {
  it('writes every ranked doctor of the scope with the score and tier, as the ranking shows them', async () => {
    const [row] = await q<{ indication: string }>(`select indication from intel_kol_scores group by indication order by count(*) desc, indication limit 1`);
    const indication = row!.indication;
    // xrp01 sees hospital H1 only: give its two doctors a score, one of them just under T1's 75
    const score = (doctorId: number, value: number, tier: string) =>
      q(
        `insert into intel_kol_scores (doctor_id, hospital_id, indication, province_code, score, tier, pct, raw, computed_at)
         select $1, $3, indication, '310000', $4, $5, pct, raw, computed_at from intel_kol_scores where indication = $2 limit 1`,
        [doctorId, indication, ids.h1, value, tier],
      );
    await score(ids.d1!, 88.26, 'T1');
    await score(ids.d2!, 74.96, 'T2');
    const ranking = await h.app.inject({
      method: 'GET',
      url: `${INTELLIGENCE_PATHS.ranking}?indication=${encodeURIComponent(indication)}&size=100`,
      headers: headers('xrp01'),
    });
    expect(ranking.statusCode, ranking.body).toBe(200);
    const page = ranking.json().result as KolPage;
    expect(page.list.map((r) => [r.doctor.id, r.score, r.tier])).toEqual([
      [ids.d1, 88.26, 'T1'],
      [ids.d2, 74.96, 'T2'],
    ]);
    const sheet = await exportedSheet('xrp01', 'kolList', { indication });
    const rows = rowsOf(sheet);
    // the score as every screen writes it (roundKolScore): one decimal, and 74.96 (T2) is 74.9, not 75.0
    expect(page.list.map((r) => roundKolScore(r.score))).toEqual([88.3, 74.9]);
    // and shown with its decimal in Excel (a score of 40 reads 40.0, as on the screen); the header is text
    expect([2, 3].map((n) => sheet.getRow(n).getCell(8).numFmt)).toEqual(['0.0', '0.0']);
    expect(sheet.getRow(1).getCell(8).numFmt).toBeUndefined();
    expect(rows).toEqual([
      ['排名', '医生编号', '医生', '医院', '科室', '职称', '省份', 'KOL 得分', '分层'],
      [1, ids.d1, '导甲', '导出医院一', expect.any(String), expect.any(String), '上海市', 88.3, 'T1'],
      [2, ids.d2, '\'=HYPERLINK("x")', '导出医院一', expect.any(String), expect.any(String), '上海市', 74.9, 'T2'],
    ]);
    // an all-scope user gets the whole ranking, in the ranking's order
    const all = await exported('admin', 'kolList', { indication }, 'en');
    const n = await one(`select count(*)::int as n from intel_kol_scores where indication = $1`, [indication]);
    expect(all).toHaveLength(n + 1);
    expect(all.slice(1).map((r) => r[0])).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    const scores = all.slice(1).map((r) => Number(r[7]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // every score at one decimal, in its row's tier
    expect(all.slice(1).filter((r) => roundKolScore(Number(r[7])) !== r[7] || tierOf(Number(r[7])) !== r[8])).toEqual([]);
    // the department and the title by their names in the reader's language, not the database's Chinese or a code
    const titles = (lang: 'zh' | 'en') => new Set<unknown>(DOCTOR_TITLES.map((t) => (lang === 'en' ? t.nameEn : t.name)));
    expect(rows.slice(1).filter((r) => !titles('zh').has(r[5]))).toEqual([]);
    expect(all.slice(1).filter((r) => !titles('en').has(r[5]) || /[\u4e00-\u9fff]/.test(String(r[4])))).toEqual([]);
  });

  it('refuses a missing indication, unknown filters and a caller without the KOL page', async () => {
    expectError(await queue('xrp01', 'kolList', {}), 400, 'intel.indication.required');
    expect((await queue('xrp01', 'kolList', { indication: 'x', tier: 'T9' })).statusCode).toBe(400);
    expect((await queue('xrp01', 'kolList', { indication: 'x', cursor: 'abc' })).statusCode).toBe(400);
    expectError(await queue('rep01', 'kolList', { indication: 'x' }), 403, 'auth.forbidden');
  });
});
