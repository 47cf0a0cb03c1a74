import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type ImportBatchResult } from '@field-portal/shared';
import { expectError, ok } from '../../../test/api.js';
import { dashboardData } from '../../../test/dashboard.js';
import { csv, importKit, msg } from './test-kit.js';

// Products with their competitors and indications, and visit history, through the import centre (docs/decisions/0053).

const kit = importKit(['admin', 'rep01']);
const { tokens, count, upload, settle, dryRun, commit, commitOk, batch } = kit;

describe('import centre: products and competitors', () => {
  it("needs the import grant, and gives the template in the caller's language", async () => {
    expect((await batch(API.imports.upsertProducts, { records: [{ code: 'X', name: 'X' }] }, 'zh', 'rep01')).statusCode).toBe(403);
    expect((await batch(API.imports.upsertVisits, { records: [{ rep: 'rep01' }] }, 'zh', 'rep01')).statusCode).toBe(403);
    expect(await kit.templateHeader('products', 'en')).toEqual(['Product code*', 'Product name*', 'Alias', 'Company', 'Indications', 'Competitors']);
    expect(await kit.templateHeader('visits', 'zh')).toEqual(['代表*', '医生编码*', '拜访日期*', '拜访方式*', '拜访目的', '备注']);
  });

  it('a GBK file with a title row: every refusal named in zh and en; the dry run and an all-or-nothing commit write nothing; valid rows only keeps the rest', async () => {
    const before = await count('select count(*) as n from medicines');
    const file = iconv.encode(
      csv([
        '2026年产品目录,,,,,',
        '产品编码,产品名称,别名,公司,适应症,竞品',
        'IM-P1,导入降压片,Jiangya,FP,高血压、心力衰竭,康瑞宁(Kangruining);安立泰',
        'IM-P2,导入降脂片,,FP,高脂血症,',
        'IM-P1,导入重复片,,,,',
        'IM P3,导入坏编码片,,,,',
        'IM-P4,导入未知适应症片,,,心衰,',
        'IM-P5,导入竞品重复片,,,,甲药、甲药',
        'IM-P6,,,,,',
      ]),
      'gbk',
    );
    const job = await dryRun('products', file, '产品.csv', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    expect(await count('select count(*) as n from medicines')).toBe(before);
    expect(job.counts).toEqual({ rows: 7, new: 2, changed: 0, unchanged: 0, refused: 5 });
    expect(job.refusedRows).toEqual([
      { row: 5, messages: [msg('imports.row.duplicateInFile', 'en', { field: 'Product code', value: 'IM-P1', first: 3 })] },
      { row: 6, messages: [msg('data.medicine.codeInvalid', 'en')] },
      { row: 7, messages: [msg('imports.row.unknownSuggest', 'en', { field: 'Indications', value: '心衰', suggestion: '心力衰竭' })] },
      { row: 8, messages: [msg('data.medicine.competitorDuplicate', 'en', { name: '甲药' })] },
      { row: 9, messages: [msg('imports.row.required', 'en', { field: 'Product name' })] },
    ]);
    const zh = await settle(job.id, 'zh');
    expect(zh.refusedRows.map((r) => r.messages[0])).toEqual([
      '产品编码"IM-P1"在文件中重复(第 3 行)',
      '药品编码只能包含字母、数字、- 和 _',
      '适应症"心衰"不存在,是否为"心力衰竭"?',
      '竞品重复: 甲药',
      '产品名称不能为空',
    ]);

    expectError(await commit(job.id, 'allOrNothing', 'en'), 409, 'imports.job.refused', 'en', { n: 5 });
    expect(await count('select count(*) as n from medicines')).toBe(before);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(await count('select count(*) as n from medicines')).toBe(before + 2);
    expect(
      await kit.h.database.query(`
        select m.code, m.name, m.alias, m.company_id,
               (select array_agg(i.indication order by i.sort) from medicine_indications i where i.medicine_id = m.id) as indications,
               (select array_agg(c.name || '/' || c.alias order by c.sort) from medicine_competitors c where c.medicine_id = m.id) as competitors
          from medicines m where m.code like 'IM-P%' order by m.code`),
    ).toEqual([
      {
        code: 'IM-P1',
        name: '导入降压片',
        alias: 'Jiangya',
        company_id: 'FP',
        indications: ['高血压', '心力衰竭'],
        competitors: ['康瑞宁/Kangruining', '安立泰/'],
      },
      { code: 'IM-P2', name: '导入降脂片', alias: '', company_id: 'FP', indications: ['高脂血症'], competitors: null },
    ]);
  });

  it('the same products again change nothing; a changed one is updated and keeps what the call does not give', async () => {
    const stamp = () => kit.h.database.query(`select code, updated_at from medicines where code like 'IM-P%' order by code`);
    const was = await stamp();
    const file = Buffer.from(
      csv([
        'Product code,Product name,Alias,Company,Indications,Competitors',
        'IM-P1,导入降压片,Jiangya,FP,高血压;心力衰竭,康瑞宁（Kangruining）、安立泰',
        'IM-P2,导入降脂片,,FP,高脂血症,',
      ]),
    );
    const job = await dryRun('products', file, 'products.csv');
    expect(job.counts).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });
    expect((await commitOk(job.id)).committed).toEqual({ new: 0, changed: 0, unchanged: 2, deactivated: 0 });
    expect(await stamp()).toEqual(was);

    // The batch call: indications by name with the case ignored, stored as the list spells them; the alias and competitors kept.
    const changed = ok<ImportBatchResult>(
      await batch(
        API.imports.upsertProducts,
        {
          records: [
            { code: 'IM-P1', name: '导入降压片', indications: 'iga肾病' },
            { code: 'IM-P2', name: '导入降脂片' },
            { code: 'IM-P7', name: '导入新片', indications: '不存在的病' },
          ],
        },
        'en',
      ),
    );
    expect(changed.results).toEqual([
      { code: 'IM-P1', status: 'changed', messages: [] },
      { code: 'IM-P2', status: 'unchanged', messages: [] },
      { code: 'IM-P7', status: 'refused', messages: [msg('imports.row.unknown', 'en', { field: 'Indications', value: '不存在的病' })] },
    ]);
    expect(
      await kit.h.database.query(`
        select m.alias, (select array_agg(i.indication order by i.sort) from medicine_indications i where i.medicine_id = m.id) as indications,
               (select count(*)::int from medicine_competitors c where c.medicine_id = m.id) as competitors
          from medicines m where m.code = 'IM-P1'`),
    ).toEqual([{ alias: 'Jiangya', indications: ['IgA肾病'], competitors: 2 }]);
    expect(await count(`select count(*) as n from medicines where code = 'IM-P7'`)).toBe(0);
  });

  it('products have no inactive state: no full list, no deactivation', async () => {
    expectError(
      await upload('products', Buffer.from(csv(['产品编码,产品名称', 'IM-P1,导入降压片'])), 'p.csv', { fullList: true, lang: 'en' }),
      400,
      'imports.fullList.unsupported',
      'en',
    );
    expectError(await batch(API.imports.deactivateProducts, { codes: ['IM-P1'] }, 'en'), 400, 'imports.deactivate.unsupported', 'en');
  });
});

const dashboard = (router: string, range: { startDate: string; endDate: string }) => dashboardData(kit.h, tokens.admin!, 'admin', router, range);

describe('import centre: visit history', () => {
  let rep02No = '';
  beforeAll(async () => {
    ok<ImportBatchResult>(await batch(API.imports.upsertHospitals, { records: [{ code: 'VH1', name: '拜访导入医院', region: '310101' }] }));
    const doctors = ok<ImportBatchResult>(
      await batch(API.imports.upsertDoctors, {
        records: [
          { code: 'VD1', name: '拜访医生甲', hospitalCode: 'VH1', dept1: '内科', title: '主治医师' },
          { code: 'VD2', name: '拜访医生乙', hospitalCode: 'VH1', dept1: '外科', title: '主治医师' },
          { code: 'VD3', name: '拜访医生丙', hospitalCode: 'VH1', dept1: '内科', title: '主任医师' },
        ],
      }),
    );
    expect(doctors.counts.new).toBe(3);
    expect(ok<ImportBatchResult>(await batch(API.imports.deactivateDoctors, { codes: ['VD3'] })).counts.deactivated).toBe(1);
    rep02No = (await kit.h.database.query<{ employee_no: string }>(`select employee_no from users where username = 'rep02'`))[0]!.employee_no;
  });
  const imported = () => count(`select count(*) as n from visit_records v join doctors d on d.id = v.doctor_id where d.code like 'VD%'`);

  it('an .xlsx with a title row: every refusal named in zh and en; nothing written until valid rows only; imported submitted and locked', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('拜访');
    sheet.addRow(['2019年5月拜访记录']);
    sheet.addRow(['代表', '医生编码', '拜访日期', '拜访方式', '拜访目的', '备注']);
    sheet.addRow(['rep01', 'VD1', new Date(Date.UTC(2019, 4, 6)), '面对面拜访', '产品介绍', '首次拜访']);
    sheet.addRow([rep02No, 'VD2', '2019/5/7 14:30', 'phone', 'Academic exchange', '']);
    sheet.addRow(['rep01', 'VD1', '2019-05-06', 'face', 'academic', '']);
    sheet.addRow(['nobody', 'VD1', '2019-05-08', 'face', '', '']);
    sheet.addRow(['rep01', 'VD404', '2019-05-08', 'face', '', '']);
    sheet.addRow(['rep01', 'VD3', '2019-05-08', 'face', '', '']);
    sheet.addRow(['rep01', 'VD1', '2019-02-30', 'face', '', '']);
    sheet.addRow(['rep01', 'VD1', '2099-01-01', 'face', '', '']);
    sheet.addRow(['rep01', 'VD2', '2019-05-09', '电话', '', '']);
    sheet.addRow(['rep01', 'VD2', '2019-05-10', 'face', '闲聊天', '']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await count('select count(*) as n from visit_records');
    const job = await dryRun('visits', bytes, 'visits.xlsx', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    expect(await count('select count(*) as n from visit_records')).toBe(before);
    expect(job.counts).toEqual({ rows: 10, new: 2, changed: 0, unchanged: 0, refused: 8 });
    expect(job.refusedRows).toEqual([
      { row: 5, messages: [msg('imports.row.visitDuplicate', 'en', { first: 3 })] },
      { row: 6, messages: [msg('imports.row.userUnknown', 'en', { value: 'nobody' })] },
      { row: 7, messages: [msg('imports.row.doctorUnknown', 'en', { value: 'VD404' })] },
      { row: 8, messages: [msg('imports.row.doctorInactive', 'en', { value: 'VD3' })] },
      { row: 9, messages: [msg('imports.row.date', 'en', { field: 'Visit date', value: '2019-02-30' })] },
      { row: 10, messages: [msg('imports.row.dateFuture', 'en', { field: 'Visit date', value: '2099-01-01' })] },
      { row: 11, messages: [msg('imports.row.unknownSuggest', 'en', { field: 'Channel', value: '电话', suggestion: '电话拜访' })] },
      { row: 12, messages: [msg('imports.row.unknown', 'en', { field: 'Purpose', value: '闲聊天' })] },
    ]);
    const zh = await settle(job.id, 'zh');
    expect(zh.refusedRows.map((r) => r.messages[0])).toEqual([
      '同一代表、医生、日期和拜访方式的拜访在文件中重复(第 3 行)',
      '用户"nobody"不存在(按用户名或员工编号查找),请先导入用户',
      '医生编码"VD404"不存在,请先导入医生',
      '医生"VD3"已停用',
      '拜访日期"2019-02-30"不是有效日期(如 2026-03-15 或 2026-03-15 14:30)',
      '拜访日期"2099-01-01"晚于今天',
      '拜访方式"电话"不存在,是否为"电话拜访"?',
      '拜访目的"闲聊天"不存在',
    ]);

    expectError(await commit(job.id, 'allOrNothing', 'en'), 409, 'imports.job.refused', 'en', { n: 8 });
    expect(await count('select count(*) as n from visit_records')).toBe(before);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(
      await kit.h.database.query(`
        select u.username, d.code, to_char(v.visit_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at, v.channel, v.status, v.type, v.effective, v.purpose, v.feedback
          from visit_records v join users u on u.id = v.user_id join doctors d on d.id = v.doctor_id where d.code like 'VD%' order by v.visit_at`),
    ).toEqual([
      {
        username: 'rep01',
        code: 'VD1',
        at: '2019-05-05 16:00:00',
        channel: 'face',
        status: 1,
        type: 0,
        effective: false,
        purpose: '产品介绍',
        feedback: '首次拜访',
      },
      { username: 'rep02', code: 'VD2', at: '2019-05-07 06:30:00', channel: 'phone', status: 1, type: 0, effective: false, purpose: '学术交流', feedback: '' },
    ]);
  });

  it('the visit report counts the imported visits (the kept counts follow)', async () => {
    const report = await dashboard('effectiveVisit', { startDate: '2019-05-01', endDate: '2019-05-31' });
    const kpis = Object.fromEntries(report.kpis.map((k) => [k.key, k.value]));
    const inMay = await count(`select count(*) as n from visit_records where visit_at >= '2019-04-30T16:00:00Z' and visit_at < '2019-05-31T16:00:00Z'`);
    expect(inMay).toBeGreaterThanOrEqual(2);
    expect(kpis.visits).toBe(inMay);
    const doctors = report.table.rows.map((r) => r[report.table.columns.indexOf('doctorName')]);
    expect(doctors).toEqual(expect.arrayContaining(['拜访医生甲', '拜访医生乙']));
  });

  it('the same visits again add nothing; other content for a recorded visit is refused, as it is locked', async () => {
    const was = await imported();
    const again = ok<ImportBatchResult>(
      await batch(
        API.imports.upsertVisits,
        {
          records: [
            { rep: 'rep01', doctorCode: 'VD1', date: '2019-05-06', channel: '面对面拜访', purpose: 'product', notes: '首次拜访' },
            { rep: 'rep02', doctorCode: 'VD2', date: '2019-05-07 09:00', channel: '电话拜访', purpose: '学术交流' },
          ],
        },
        'en',
      ),
    );
    expect(again.results).toEqual([
      { code: 'VD1', status: 'unchanged', messages: [] },
      { code: 'VD2', status: 'unchanged', messages: [] },
    ]);
    const edited = ok<ImportBatchResult>(
      await batch(
        API.imports.upsertVisits,
        { records: [{ rep: 'rep01', doctorCode: 'VD1', date: '2019-05-06', channel: 'face', purpose: 'product', notes: '改过的备注' }] },
        'en',
      ),
    );
    expect(edited.results).toEqual([{ code: 'VD1', status: 'refused', messages: [msg('imports.row.visitLocked', 'en', { value: '2019-05-06' })] }]);
    expect(await imported()).toBe(was);
  });

  it('all or nothing rolls back when a row became bad after the dry run; valid rows only then keeps the rest', async () => {
    const file = iconv.encode(
      csv(['拜访记录导入,,,', '代表,医生编码,拜访日期,拜访方式', 'rep01,VD2,2019-05-12,视频拜访', 'rep01,VD1,2019-05-13,video']),
      'gbk',
    );
    const job = await dryRun('visits', file, '拜访.csv');
    expect(job.counts).toEqual({ rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 });
    const was = await imported();
    // The doctor leaves the company's list between the dry run and the commit.
    expect(ok<ImportBatchResult>(await batch(API.imports.deactivateDoctors, { codes: ['VD1'] })).counts.deactivated).toBe(1);
    const refused = await commitOk(job.id);
    expect(refused.status).toBe('ready');
    expect(refused.message).toBe(msg('imports.job.refused', 'zh', { n: 1 }));
    expect(await imported()).toBe(was);
    const done = await commitOk(job.id, 'validOnly');
    expect(done.committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 0 });
    // The commit found what the database changed since the dry run, in the row's own words.
    expect(done.refusedRows).toEqual([{ row: 4, messages: [msg('imports.row.doctorInactive', 'zh', { field: '医生编码', value: 'VD1' })] }]);
    expect(await imported()).toBe(was + 1);
  });

  it('visits have no full list and no deactivation', async () => {
    expectError(
      await upload('visits', Buffer.from(csv(['代表,医生编码,拜访日期,拜访方式', 'rep01,VD2,2019-05-12,face'])), 'v.csv', { fullList: true, lang: 'en' }),
      400,
      'imports.fullList.unsupported',
      'en',
    );
    expectError(await batch(API.imports.deactivateVisits, { codes: ['VD2'] }, 'en'), 400, 'imports.deactivate.unsupported', 'en');
  });

  it("dates as companies' files have them: a date cell with its time, 20190512, and an Excel date that lost its format (its serial number)", async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('拜访');
    sheet.addRow(['代表', '医生编码', '拜访日期', '拜访方式']);
    sheet.addRow(['rep01', 'VD2', new Date(Date.UTC(2019, 4, 11, 9, 15)), 'face']);
    sheet.addRow(['rep01', 'VD2', '20190512', 'face']);
    sheet.addRow(['rep01', 'VD2', 43598, 'face']);
    sheet.addRow(['rep01', 'VD2', 43599.6041666667, 'face']);
    sheet.addRow(['rep01', 'VD2', '20191332', 'face']);
    const job = await dryRun('visits', Buffer.from(await wb.xlsx.writeBuffer()), 'visit-dates.xlsx', { lang: 'en' });
    expect(job.refusedRows).toEqual([{ row: 6, messages: [msg('imports.row.date', 'en', { field: 'Visit date', value: '20191332' })] }]);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 4, changed: 0, unchanged: 0, deactivated: 0 });
    // Portal time is UTC+8: 09:15 on 11 May is 01:15 UTC; a date without a time is the day's start.
    expect(
      await kit.h.database.query(`
        select to_char(v.visit_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at
          from visit_records v join doctors d on d.id = v.doctor_id join users u on u.id = v.user_id
         where d.code = 'VD2' and u.username = 'rep01' and v.channel = 'face' and v.visit_at >= '2019-05-10T16:00:00Z' and v.visit_at < '2019-05-15T16:00:00Z' order by v.visit_at`),
    ).toEqual([{ at: '2019-05-11 01:15' }, { at: '2019-05-11 16:00' }, { at: '2019-05-12 16:00' }, { at: '2019-05-14 06:30' }]);
  });
});
