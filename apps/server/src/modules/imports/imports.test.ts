import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  API,
  DOCTOR_TITLES,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_LIMITS,
  type DoctorPage,
  type ImportBatchResult,
  type ImportColumn,
  type ImportJob,
  type QueuedDownload,
} from '@field-portal/shared';
import { DOWNLOAD_QUEUE, downloadJobs } from '../downloads/index.js';
import { JobRunner } from '../../platform/jobs/index.js';
import { expectError, ok } from '../../../test/api.js';
import { csv, importKit, msg } from './test-kit.js';

const kit = importKit(['admin', 'rep01']);
const { worker, headers, count, upload, settle, dryRun, commit, commitOk } = kit;

// A hospital list as a company keeps it: saved by Excel on Chinese Windows (GBK), a title row above
// the header, full-width digits, trailing spaces, a blank line in the middle, headers partly in English.
const HOSPITALS_GBK = csv([
  '2026年医院主数据,,,,,',
  '医院编码,医院名称,Grade,医院类型,所在地区,地址 ',
  'ＨＰ００１,测试导入医院甲 ,三级甲等,综合医院,310115,浦东新区张江路1号',
  'HP002,测试导入医院乙,2A,GENERAL,上海市 黄浦区,',
  ',,,,,',
  'HP003,测试导入医院丙,三级甲,综合医院,上海市浦东新区,',
  'HP004,测试导入医院丁,三级乙等,专科医院,,',
  'HP002,测试导入医院戊,一级甲等,综合医院,310101,',
]);

describe('import centre', () => {
  it('needs its own grant: a representative is refused every call', async () => {
    expectError(await upload('hospitals', Buffer.from('a'), 'a.csv', { user: 'rep01' }), 403, 'auth.forbidden');
    for (const url of [`${API.imports.template}?kind=hospitals`, API.imports.list]) {
      const res = await kit.h.app.inject({ method: 'GET', url, headers: headers('rep01') });
      expect(res.statusCode).toBe(403);
    }
    const res = await kit.h.app.inject({ method: 'POST', url: API.imports.upsertHospitals, headers: headers('rep01'), payload: { records: [{ code: 'X' }] } });
    expect(res.statusCode).toBe(403);
  });

  it("gives a template per kind: an .xlsx in the caller's language that says what each column takes, with the accepted values, and dry-runs as it is", async () => {
    const template = async (kind: string, lang: 'zh' | 'en') => {
      const res = await kit.h.app.inject({ method: 'GET', url: `${API.imports.template}?kind=${kind}`, headers: headers('admin', lang) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return { res, book };
    };
    // A sheet's rows as text, the first cell first; empty rows kept as [].
    const rowsOf = (sheet: ExcelJS.Worksheet) =>
      Array.from({ length: sheet.rowCount }, (_, i) => {
        const values = sheet.getRow(i + 1).values as unknown[];
        return Array.from({ length: Math.max(0, values.length - 1) }, (_, j) =>
          values[j + 1] === undefined || values[j + 1] === null ? '' : String(values[j + 1]),
        );
      });
    const headerOf = (c: ImportColumn, lang: 'zh' | 'en') => (c.required ? `${c[lang]}*` : c[lang]);

    for (const lang of ['zh', 'en'] as const) {
      for (const kind of IMPORT_KINDS) {
        const { res, book } = await template(kind, lang);
        const kindName = msg(`imports.kind.${kind}`, lang);
        expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${kindName}-${lang === 'zh' ? '模板' : 'template'}.xlsx`);
        // The file to fill in first (the reader takes the first sheet), then how to fill it in, then the accepted values.
        expect(book.worksheets.map((w) => w.name)).toEqual([kindName, msg('imports.template.notes', lang), msg('imports.template.values', lang)]);
        const [file, notes, values] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
        const header = IMPORT_COLUMNS[kind].map((c) => headerOf(c, lang));
        expect(rowsOf(file)).toEqual([header]);
        expect(file.getRow(1).font?.bold).toBe(true);
        expect(file.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        // Every header cell has a note saying what it takes; the notes sheet a row per column with an example.
        header.forEach((_, i) => expect(String(file.getRow(1).getCell(i + 1).note ?? ''), `${kind} ${header[i]}`).not.toBe(''));
        const noteRows = rowsOf(notes);
        expect(noteRows[0]).toEqual([
          msg('imports.template.column', lang),
          msg('imports.template.required', lang),
          msg('imports.template.accepts', lang),
          msg('imports.template.example', lang),
        ]);
        const perColumn = noteRows.slice(1, header.length + 1);
        expect(perColumn.map((r) => r[0])).toEqual(header);
        for (const row of perColumn) {
          expect(row[2], `${kind} ${row[0]}`).not.toBe('');
          expect(row[3], `${kind} ${row[0]}`).not.toBe('');
        }
        expect(rowsOf(values).length).toBeGreaterThan(2);
        // No formula anywhere (SECURITY.md, spreadsheets).
        for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
      }
    }

    // What is required, as the kind's column groups say: one of the doctor code and the ID.
    const doctors = (await template('doctors', 'zh')).book;
    const doctorNotes = rowsOf(doctors.worksheets[1]!);
    expect(doctorNotes.find((r) => r[0] === '医生编码')![1]).toBe('其一必填: 医生编码/编号');
    expect(doctorNotes.find((r) => r[0] === '编号')![1]).toBe('其一必填: 医生编码/编号');
    expect(doctorNotes.find((r) => r[0] === '姓名*')![1]).toBe('是');
    expect(doctorNotes.find((r) => r[0] === '性别')![1]).toBe('否');
    expect(String(doctors.worksheets[0]!.getCell('A1').note)).toContain('其一必填: 医生编码/编号');
    // The accepted values are the reference data: a sub-department with its department, titles, indications.
    const doctorValues = rowsOf(doctors.worksheets[2]!);
    expect(doctorValues).toContainEqual(['03.04', '心血管内科专业', 'Cardiology', '内科']);
    expect(doctorValues).toContainEqual(['CHIEF', '主任医师', 'Chief physician']);
    expect(doctorValues).toContainEqual(['高血压']);
    const visitValues = rowsOf((await template('visits', 'en')).book.worksheets[2]!);
    expect(visitValues).toContainEqual(['phone', '电话拜访', 'Phone']);
    expect(visitValues.flat()).not.toContain('电话');
    const roles = rowsOf((await template('users', 'zh')).book.worksheets[2]!);
    expect(roles.some((r) => r[1] === 'Sales' && r[3] === '销售代表')).toBe(true);

    // Hospitals: the grades and types as the database has them now, and the region's format in the notes.
    const { book: hospitals } = await template('hospitals', 'en');
    const hospitalValues = rowsOf(hospitals.worksheets[2]!);
    expect(hospitalValues).toContainEqual(['3A', '三级甲等', 'Grade 3A', '三甲']);
    expect(hospitalValues).toContainEqual(['GENERAL', '综合医院', 'General hospital']);
    expect(rowsOf(hospitals.worksheets[1]!).find((r) => r[0] === 'Region*')![2]).toContain('6-digit');

    // Uploaded back as it is: the file has no rows.
    const untouched = Buffer.from(await hospitals.xlsx.writeBuffer());
    const empty = await dryRun('hospitals', Buffer.from((await template('hospitals', 'en')).res.rawPayload), 'Hospitals-template.xlsx', { lang: 'en' });
    expect(empty).toMatchObject({ status: 'failed', message: msg('imports.file.empty', 'en'), counts: null });
    expect((await dryRun('hospitals', untouched, 'again.xlsx', { lang: 'en' })).message).toBe(msg('imports.file.empty', 'en'));
    // With one row filled in under the header: that row is dry-run.
    hospitals.worksheets[0]!.addRow(['TPL-H1', '模板测试医院', '三甲', 'General hospital', '上海市浦东新区', '张江路 1 号']);
    const filled = await dryRun('hospitals', Buffer.from(await hospitals.xlsx.writeBuffer()), 'filled.xlsx', { lang: 'en' });
    expect(filled.status, filled.message ?? '').toBe('ready');
    expect(filled.counts).toEqual({ rows: 1, new: 1, changed: 0, unchanged: 0, refused: 0 });

    expectError(
      await kit.h.app.inject({ method: 'GET', url: `${API.imports.template}?kind=patients`, headers: headers('admin', 'en') }),
      400,
      'imports.kind.unknown',
      'en',
    );
  });

  it('refuses what is not an import file, and says how large a file may be (413)', async () => {
    expectError(await upload('hospitals', Buffer.from('x'), 'list.txt'), 415, 'imports.file.type');
    // An Excel 97-2003 file: the message says how to bring it in.
    expectError(await upload('hospitals', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), '医院.xls', { lang: 'en' }), 415, 'imports.file.type', 'en');
    expect(msg('imports.file.type', 'zh')).toContain('另存为 .xlsx');
    expectError(await upload('patients', Buffer.from('x'), 'list.csv', { lang: 'en' }), 400, 'imports.kind.unknown', 'en');
    const big = Buffer.alloc(IMPORT_LIMITS.xlsxMaxBytes + 1, 0);
    big.writeUInt32LE(0x04034b50, 0);
    expectError(await upload('hospitals', big, 'big.xlsx', { lang: 'en' }), 413, 'imports.file.tooLarge', 'en', { csv: 200, xlsx: 30 });
    const noHeader = await dryRun('hospitals', Buffer.from(csv(['a,b', '1,2'])), 'x.csv');
    expect(noHeader.status).toBe('failed');
    expect(noHeader.message).toBe(msg('imports.file.noHeader', 'zh', { rows: 5, columns: '医院编码, 医院名称, 所在地区' }));
  });

  it('hospitals: a GBK file is dry-run in full, writes nothing, and every refusal names its column in zh and en', async () => {
    const before = await count('select count(*) as n from hospitals');
    const bytes = iconv.encode(HOSPITALS_GBK, 'gbk');
    const job = await dryRun('hospitals', bytes, '医院.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(await count('select count(*) as n from hospitals')).toBe(before);
    expect(job.refusedRows).toEqual([
      { row: 6, messages: [msg('imports.row.unknownSuggest', 'zh', { field: '医院等级', value: '三级甲', suggestion: '三级甲等' })] },
      { row: 7, messages: [msg('imports.row.required', 'zh', { field: '所在地区' })] },
      { row: 8, messages: [msg('imports.row.duplicateInFile', 'zh', { field: '医院编码', value: 'HP002', first: 4 })] },
    ]);
    expect(job.counts).toEqual({ rows: 5, new: 2, changed: 0, unchanged: 0, refused: 3 });
    const en = await settle(job.id, 'en');
    expect(en.refusedRows[1]!.messages).toEqual(['Region is required']);
    expect(en.refusedRows[2]!.messages).toEqual([msg('imports.row.duplicateInFile', 'en', { field: 'Hospital code', value: 'HP002', first: 4 })]);

    // The same file again once its dry run has finished: a new dry run, of this moment; the one before is superseded.
    const again = ok<ImportJob>(await upload('hospitals', bytes, '医院.csv'));
    expect(again.id).not.toBe(job.id);
    expect(again.reused).toBeUndefined();
    const earlier = await settle(job.id, 'en');
    expect(earlier).toMatchObject({ status: 'superseded', message: msg('imports.job.superseded', 'en') });
    expectError(await commit(job.id, 'validOnly', 'en'), 409, 'imports.job.superseded', 'en');
    expect((await settle(again.id)).counts).toEqual(job.counts);

    // All or nothing (the default) refuses while rows are refused; nothing is written.
    expectError(await commit(again.id, undefined, 'en'), 409, 'imports.job.refused', 'en', { n: 3 });
    expect(await count('select count(*) as n from hospitals')).toBe(before);

    // Valid rows only: the two good rows go in, with their region, grade, pinyin and the full-width code made plain.
    const done = await commitOk(again.id, 'validOnly');
    expect(done.status).toBe('done');
    expect(done.committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    const rows = await kit.h.database.query<Record<string, string>>(
      `select code, name, level, type, province, city, county, province_code, county_code, pinyin, address from hospitals where code like 'HP%' order by code`,
    );
    expect(rows).toEqual([
      {
        code: 'HP001',
        name: '测试导入医院甲',
        level: '3A',
        type: 'GENERAL',
        province: '上海市',
        city: '上海市',
        county: '浦东新区',
        province_code: '310000',
        county_code: '310115',
        pinyin: 'ceshidaoruyiyuanjia',
        address: '浦东新区张江路1号',
      },
      {
        code: 'HP002',
        name: '测试导入医院乙',
        level: '2A',
        type: 'GENERAL',
        province: '上海市',
        city: '上海市',
        county: '黄浦区',
        province_code: '310000',
        county_code: '310101',
        pinyin: 'ceshidaoruyiyuanyi',
        address: '',
      },
    ]);
    const audit = await kit.h.database.query<{ after: { digest: string; committed: { new: number } } }>(
      `select after from audit_log where action = 'import' and entity = 'hospitals' order by id desc limit 1`,
    );
    expect(audit[0]!.after.committed.new).toBe(2);
    expect(audit[0]!.after.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hospitals: the fixed file imports all or nothing; the same file again changes nothing and says so', async () => {
    const fixed = Buffer.from(
      '\uFEFF' +
        csv([
          '医院编码,医院名称,医院等级,医院类型,所在地区,地址',
          'HP001,测试导入医院甲,三级甲等,综合医院,310115,浦东新区张江路1号',
          'HP002,测试导入医院乙,2A,GENERAL,上海市 黄浦区,',
          'HP003,测试导入医院丙,三级甲等,综合医院,上海市浦东新区,',
          'HP004,测试导入医院丁,三级乙等,专科医院,310104,',
        ]),
      'utf8',
    );
    const job = await dryRun('hospitals', fixed, 'fixed.csv');
    expect(job.refusedRows).toEqual([]);
    expect(job.counts).toEqual({ rows: 4, new: 2, changed: 0, unchanged: 2, refused: 0 });
    const done = await commitOk(job.id);
    expect(done.committed).toEqual({ new: 2, changed: 0, unchanged: 2, deactivated: 0 });
    const stamp = await kit.h.database.query<{ t: string }>(`select max(updated_at)::text as t from hospitals where code like 'HP%'`);
    const again = await dryRun('hospitals', fixed, 'fixed.csv');
    expect(again.counts).toEqual({ rows: 4, new: 0, changed: 0, unchanged: 4, refused: 0 });
    expect((await commitOk(again.id)).committed).toEqual({ new: 0, changed: 0, unchanged: 4, deactivated: 0 });
    expect(await kit.h.database.query<{ t: string }>(`select max(updated_at)::text as t from hospitals where code like 'HP%'`)).toEqual(stamp);
  });

  it('all or nothing rolls back when the database changed between the dry run and the commit', async () => {
    const file = Buffer.from(csv(['医院编码,医院名称,所在地区', 'HP010,测试回滚医院,310101', 'HP011,测试回滚医院二,310101']));
    const job = await dryRun('hospitals', file, 'rollback.csv');
    expect(job.counts?.refused).toBe(0);
    // Meanwhile a hospital of that name arrives through the API under another code.
    const api = ok<ImportBatchResult>(
      await kit.h.app.inject({
        method: 'POST',
        url: API.imports.upsertHospitals,
        headers: headers('admin'),
        payload: { records: [{ code: 'HP099', name: '测试回滚医院二', region: '310101' }] },
      }),
    );
    expect(api.counts.new).toBe(1);
    const failed = await commitOk(job.id);
    expect(failed.status).toBe('ready');
    expect(failed.message).toBe(msg('imports.job.refused', 'zh', { n: 1 }));
    expect(await count(`select count(*) as n from hospitals where code = 'HP010'`)).toBe(0);
  });

  it('doctors: an .xlsx with unresolved codes, a suggestion from the taxonomy, unknown hospitals and a second primary hospital', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('医生');
    sheet.addRow(['医生编码', '姓名', '性别', '医院编码', '一级科室', '二级科室', '职称', '职务', '适应症', '电话', '第二执业医院编码']);
    sheet.addRow(['DR001', '王导入', '男', 'HP001', '内科', '心血管内科专业', '主任医师', '科主任', '高血压、冠心病', 13800000001, 'HP002']);
    sheet.addRow(['DR002', '李导入', '女', 'HP002', '03', '心内科', 'ATTENDING', '', '', '', '']);
    sheet.addRow(['DR003', '赵导入', '', 'HP404', '内科', '', '主任医师', '', '', '', '']);
    sheet.addRow(['DR001', '王导入', '男', 'HP003', '内科', '', '主任医师', '', '', '', '']);
    sheet.addRow(['DR004', '钱导入', '', 'HP003', '内科', '', '主任医师', '', '不存在的病', new Date(Date.UTC(2026, 0, 5)), '']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const job = await dryRun('doctors', bytes, 'doctors.xlsx', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    const en = await settle(job.id, 'en');
    expect(en.refusedRows).toEqual([
      { row: 3, messages: [msg('imports.row.unknownSuggest', 'en', { field: 'Sub-department', value: '心内科', suggestion: '心血管内科专业' })] },
      { row: 4, messages: [msg('imports.row.hospitalUnknown', 'en', { value: 'HP404' })] },
      { row: 5, messages: [msg('imports.row.secondPrimary', 'en', { value: 'DR001', first: 2 })] },
      { row: 6, messages: [msg('imports.row.indicationUnknown', 'en', { value: '不存在的病' })] },
    ]);
    expect(job.counts).toEqual({ rows: 5, new: 1, changed: 0, unchanged: 0, refused: 4 });
    const zh = await settle(job.id, 'zh');
    expect(zh.refusedRows[0]!.messages).toEqual(['二级科室"心内科"不存在,是否为"心血管内科专业"?']);
    expect(await count(`select count(*) as n from doctors where code like 'DR%'`)).toBe(0);

    // The error file: every uploaded row with its problems, in the download centre.
    const queued = ok<QueuedDownload>(
      await kit.h.app.inject({
        method: 'POST',
        url: `${API.downloads.asyncDownload}?templateName=importErrors`,
        headers: headers('admin'),
        payload: { id: job.id },
      }),
    );
    // Its name says which import and which file: the download list holds many.
    expect(queued.job.fileName).toMatch(new RegExp(`^导入错误明细_医生及执业机构_doctors_${job.id}_\\d{8}-\\d{6}\\.xlsx$`));
    await new JobRunner(kit.h.database, { now: kit.h.clock.now }).register(downloadJobs(kit.h.database, kit.h.app.ctx.files)).runOnce(DOWNLOAD_QUEUE);
    const file = await kit.h.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${queued.job.id}`, headers: headers('admin') });
    expect(file.statusCode).toBe(200);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = read.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.length).toBe(6);
    expect(rows[0]!.slice(1, 3)).toEqual(['行号', '医生编码']);
    // The line, the eleven uploaded columns, the problems.
    expect(rows[0]![13]).toBe('错误信息');
    expect(rows[3]![13]).toBe('医院"HP404"不存在,请先导入医院');
    expect(rows[1]![13] ?? '').toBe('');
    // Numbers and dates are kept as the text a person sees in the cell.
    expect(rows[1]![11]).toBe('13800000001');
    expect(rows[5]![11]).toBe('2026-01-05');

    // Valid rows only: the one good doctor with its primary and secondary affiliations, pinyin and indications.
    const done = await commitOk(job.id, 'validOnly');
    expect(done.committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 0 });
    const [doctor] = await kit.h.database.query<Record<string, unknown>>(`
      select d.id, d.name, d.pinyin, d.initials, d.gender, d.dept1_code, d.dept2_code, d.title_code, d.indications, d.phone, d.source, d.province_code, h.code as hospital
        from doctors d join hospitals h on h.id = d.hospital_id where d.code = 'DR001'`);
    expect(doctor).toMatchObject({
      name: '王导入',
      pinyin: 'wangdaoru',
      initials: 'wdr',
      gender: 1,
      dept1_code: '03',
      dept2_code: '03.04',
      title_code: 'CHIEF',
      indications: ['高血压', '冠心病'],
      phone: '13800000001',
      source: 'import',
      province_code: '310000',
      hospital: 'HP001',
    });
    const affiliations = await kit.h.database.query<{ code: string; is_primary: boolean; position_code: string | null; end_date: string | null }>(`
      select h.code, a.is_primary, a.position_code, a.end_date from doctor_affiliations a join hospitals h on h.id = a.hospital_id where a.doctor_id = ${Number(doctor!.id)} order by a.is_primary desc`);
    expect(affiliations).toEqual([
      { code: 'HP001', is_primary: true, position_code: 'DIRECTOR', end_date: null },
      { code: 'HP002', is_primary: false, position_code: null, end_date: null },
    ]);
    expect(await count(`select count(*) as n from intel_jobs where status = 'queued'`)).toBeGreaterThan(0);
  });

  it("doctors: a changed primary hospital ends the old affiliation and keeps the doctor's history; a full list deactivates the rest", async () => {
    const upsert = (records: Record<string, string>[]) =>
      kit.h.app.inject({ method: 'POST', url: API.imports.upsertDoctors, headers: headers('admin', 'en'), payload: { records } });
    const first = ok<ImportBatchResult>(
      await upsert([
        { code: 'DR010', name: '孙导入', hospitalCode: 'HP003', dept1: '内科', title: '主治医师' },
        { code: 'DR011', name: '周导入', hospitalCode: 'HP003', dept1: '外科', title: '住院医师' },
      ]),
    );
    expect(first.results.flatMap((r) => r.messages)).toEqual([]);
    expect(first.counts).toMatchObject({ new: 2, refused: 0 });
    const id = (await kit.h.database.query<{ id: number }>(`select id from doctors where code = 'DR010'`))[0]!.id;
    await kit.h.database.query(`insert into doctor_tags (tag_id, doctor_id, created_by) select id, ${id}, 1 from tags where owner_id is null limit 1`);
    const again = ok<ImportBatchResult>(await upsert([{ code: 'DR010', name: '孙导入', hospitalCode: 'HP003', dept1: '内科', title: '主治医师' }]));
    expect(again.results).toEqual([{ code: 'DR010', status: 'unchanged', messages: [] }]);

    const file = Buffer.from(csv(['医生编码,姓名,医院编码,一级科室,职称', 'DR010,孙导入,HP004,内科,主治医师', 'DR001,王导入,HP001,内科,主任医师']));
    const job = await dryRun('doctors', file, 'moved.csv', { fullList: true });
    // DR001 keeps its sub-department, indications and phone: the file has no such columns.
    expect(job.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1, refused: 0 });
    const done = await commitOk(job.id);
    expect(done.committed?.deactivated).toBe(1);
    const affiliations = await kit.h.database.query<{ code: string; end_date: string | null }>(`
      select h.code, a.end_date::text from doctor_affiliations a join hospitals h on h.id = a.hospital_id where a.doctor_id = ${id} and a.is_primary order by a.id`);
    expect(affiliations.map((a) => [a.code, a.end_date === null])).toEqual([
      ['HP003', false],
      ['HP004', true],
    ]);
    expect(await count(`select count(*) as n from doctor_tags where doctor_id = ${id}`)).toBe(1);
    expect(await kit.h.database.query(`select code, active from doctors where code in ('DR010', 'DR011') order by code`)).toEqual([
      { code: 'DR010', active: true },
      { code: 'DR011', active: false },
    ]);
  });

  it("the batch API: at most 1,000 records, each answered, refusals named in the caller's language", async () => {
    const records = Array.from({ length: IMPORT_LIMITS.batchMax + 1 }, (_, i) => ({ code: `B${i}` }));
    expect(
      (await kit.h.app.inject({ method: 'POST', url: API.imports.upsertHospitals, headers: headers('admin', 'en'), payload: { records } })).statusCode,
    ).toBe(400);
    const res = ok<ImportBatchResult>(
      await kit.h.app.inject({
        method: 'POST',
        url: API.imports.upsertHospitals,
        headers: headers('admin', 'en'),
        payload: {
          records: [
            { code: 'HP200', name: '接口医院', region: '朝阳区' },
            { code: 'HP201', name: '接口医院二', region: '110105', grade: '3A' },
            { code: 'HP202', name: '接口医院三', region: '110105', grade: '三乙' },
          ],
        },
      }),
    );
    expect(res.results).toEqual([
      { code: 'HP200', status: 'refused', messages: [msg('imports.row.regionAmbiguous', 'en', { value: '朝阳区' })] },
      { code: 'HP201', status: 'new', messages: [] },
      { code: 'HP202', status: 'new', messages: [] },
    ]);
    // A grade by its short form (三乙 for 三级乙等), as companies' files write it.
    expect(await kit.h.database.query(`select code, level from hospitals where code in ('HP201', 'HP202') order by code`)).toEqual([
      { code: 'HP201', level: '3A' },
      { code: 'HP202', level: '3B' },
    ]);
    const off = ok<ImportBatchResult>(
      await kit.h.app.inject({ method: 'POST', url: API.imports.deactivateHospitals, headers: headers('admin'), payload: { codes: ['HP201', 'NOPE'] } }),
    );
    expect(off.results.map((r) => r.status)).toEqual(['deactivated', 'notFound']);
    expect(await count(`select count(*) as n from hospitals where code = 'HP201' and not active`)).toBe(1);
  });

  it("doctors: the commit keeps the dry run's messages in their order and finds what the database changed in between", async () => {
    const hospital = ok<ImportBatchResult>(
      await kit.h.app.inject({
        method: 'POST',
        url: API.imports.upsertHospitals,
        headers: headers('admin'),
        payload: {
          records: [
            { code: 'HP050', name: '提交复查医院', region: '310101' },
            { code: 'HP052', name: '提交复查医院二', region: '310101' },
          ],
        },
      }),
    );
    expect(hospital.counts.new).toBe(2);
    const file = Buffer.from(
      csv([
        '医生编码,姓名,性别,医院编码,一级科室,职称,电话',
        'DR050,,x,HP052,不存在的科室,主任医师,',
        'DR051,孙复查,男,HP050,内科,主任医师,',
        'DR052,周复查,女,HP052,内科,主任医师,',
        'DR053,吴复查,,HP404,内科,主任医师,abc',
      ]),
    );
    const job = await dryRun('doctors', file, 'recheck.csv');
    expect(job.counts).toEqual({ rows: 4, new: 2, changed: 0, unchanged: 0, refused: 2 });
    const [first, last] = job.refusedRows;
    // A message of a check reading the database between two reading only the file: the commit keeps this order.
    expect(first!.row).toBe(2);
    expect(first!.messages).toHaveLength(3);
    expect(first!.messages[0]).toBe(msg('imports.row.required', 'zh', { field: '姓名' }));
    expect(first!.messages[2]).toBe(msg('imports.row.gender', 'zh', { field: '性别' }));
    expect(last).toEqual({
      row: 5,
      messages: [msg('imports.row.phone', 'zh', { field: '电话' }), msg('imports.row.hospitalUnknown', 'zh', { field: '医院编码', value: 'HP404' })],
    });
    // Meanwhile the hospital of a valid row gets another code.
    await kit.h.database.query(`update hospitals set code = 'HP051' where code = 'HP050'`);
    const done = await commitOk(job.id, 'validOnly');
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ rows: 4, new: 1, changed: 0, unchanged: 0, refused: 3 });
    expect(done.committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 0 });
    expect(done.refusedRows).toEqual([first, { row: 3, messages: [msg('imports.row.hospitalUnknown', 'zh', { field: '医院编码', value: 'HP050' })] }, last]);
    expect(await count(`select count(*) as n from doctors where code in ('DR050', 'DR051', 'DR052', 'DR053')`)).toBe(1);
  });

  it('the same file while its dry run is under way is that dry run', async () => {
    const file = Buffer.from(csv(['医院编码,医院名称,所在地区', 'HP060,排队中的医院,310101']));
    const first = ok<ImportJob>(await upload('hospitals', file, 'queued.csv'));
    expect(first.status).toBe('queued');
    const again = ok<ImportJob>(await upload('hospitals', file, 'queued-again.csv'));
    expect(again).toMatchObject({ id: first.id, reused: true, fileName: 'queued.csv' });
    expect((await settle(first.id)).status).toBe('ready');
  });

  it('valid rows only writes no row the dry run refused, even one the database now lets pass', async () => {
    const file = Buffer.from(
      csv(['医生编码,姓名,医院编码,一级科室,职称', 'DR070,钱预检,HP070,内科,主任医师', 'DR071,赵预检,HP071,内科,主任医师', 'DR072,孙预检,HP070,内科,主任医师']),
    );
    ok<ImportBatchResult>(await kit.batch(API.imports.upsertHospitals, { records: [{ code: 'HP070', name: '预检医院', region: '310101' }] }));
    const job = await dryRun('doctors', file, 'held.csv');
    expect(job.counts).toEqual({ rows: 3, new: 2, changed: 0, unchanged: 0, refused: 1 });
    expect(job.refusedRows).toEqual([{ row: 3, messages: [msg('imports.row.hospitalUnknown', 'zh', { field: '医院编码', value: 'HP071' })] }]);
    // Meanwhile the refused row's hospital comes in: the commit still leaves that row out, and says why.
    ok<ImportBatchResult>(await kit.batch(API.imports.upsertHospitals, { records: [{ code: 'HP071', name: '预检医院二', region: '310101' }] }));
    const done = await commitOk(job.id, 'validOnly');
    expect(done.status).toBe('done');
    expect(done.committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(done.counts).toEqual({ rows: 3, new: 2, changed: 0, unchanged: 0, refused: 1 });
    expect(done.refusedRows).toEqual([{ row: 3, messages: [msg('imports.row.refusedInDryRun', 'zh')] }]);
    expect(await count(`select count(*) as n from doctors where code in ('DR070', 'DR071', 'DR072')`)).toBe(2);
    expect(await count(`select count(*) as n from doctors where code = 'DR071'`)).toBe(0);
    // The same file again is a new dry run of this moment: now every row passes.
    const now = await dryRun('doctors', file, 'held.csv');
    expect(now.counts).toEqual({ rows: 3, new: 1, changed: 0, unchanged: 2, refused: 0 });
  });

  it("the doctor list's export is accepted as an import: export → edit → import", async () => {
    const exported = async (lang: 'zh' | 'en') => {
      const queued = ok<QueuedDownload>(
        await kit.h.app.inject({
          method: 'POST',
          url: `${API.downloads.asyncDownload}?templateName=doctorList`,
          headers: headers('admin', lang),
          payload: { doctorRange: 'internal', search: '测试导入医院' },
        }),
      );
      await new JobRunner(kit.h.database, { now: kit.h.clock.now }).register(downloadJobs(kit.h.database, kit.h.app.ctx.files)).runOnce(DOWNLOAD_QUEUE);
      const file = await kit.h.app.inject({ method: 'GET', url: `${API.downloads.file}?id=${queued.job.id}`, headers: headers('admin', lang) });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      return book;
    };
    // The English file names the titles, departments and doctor range in English, and goes back in as it is.
    const english = await exported('en');
    const englishSheet = english.worksheets[0]!;
    const englishHeader = (englishSheet.getRow(1).values as unknown[]).map(String);
    const values = (column: string) => englishSheet.getColumn(englishHeader.indexOf(column)).values.slice(2).map(String);
    expect(values('Title').every((v) => DOCTOR_TITLES.some((t) => t.nameEn === v))).toBe(true);
    expect(values('Doctor range')).toEqual(values('Doctor range').map(() => 'Company internal'));
    expect(values('Department').some((v) => /[\u4e00-\u9fff]/.test(v))).toBe(false);
    const englishBack = await dryRun('doctors', Buffer.from(await english.xlsx.writeBuffer()), 'export-en.xlsx');
    expect(englishBack.refusedRows).toEqual([]);
    expect(englishBack.counts).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });

    const book = await exported('zh');
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const titleColumn = header.indexOf('职称');
    const nameColumn = header.indexOf('姓名');
    // titles by name (主任医师), not by code
    expect(
      sheet
        .getColumn(titleColumn)
        .values.slice(2)
        .every((v) => DOCTOR_TITLES.some((t) => t.name === v)),
    ).toBe(true);
    // The doctor a full list deactivated is no longer a current customer, so not in the list's export (decision 0050).
    expect(sheet.rowCount).toBe(3);
    // The same file back: the two active doctors unchanged.
    const untouched = await dryRun('doctors', Buffer.from(await book.xlsx.writeBuffer()), 'export.xlsx');
    expect(untouched.refusedRows).toEqual([]);
    expect(untouched.counts).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });
    sheet.eachRow((row) => {
      if (row.getCell(nameColumn).value === '孙导入') row.getCell(titleColumn).value = 'CHIEF';
    });
    const edited = await dryRun('doctors', Buffer.from(await book.xlsx.writeBuffer()), 'export-edited.xlsx');
    expect(edited.counts).toEqual({ rows: 2, new: 0, changed: 1, unchanged: 1, refused: 0 });
    expect((await commitOk(edited.id)).committed).toEqual({ new: 0, changed: 1, unchanged: 1, deactivated: 0 });
    expect(await kit.h.database.query(`select title_code, active from doctors where code = 'DR010'`)).toEqual([{ title_code: 'CHIEF', active: true }]);
  });

  it('a representative whose data permission covers one imported hospital sees exactly its doctors', async () => {
    const rep = (await kit.h.database.query<{ id: number }>(`select id from users where username = 'rep01'`))[0]!.id;
    const hospital = (await kit.h.database.query<{ id: number }>(`select id from hospitals where code = 'HP001'`))[0]!.id;
    await kit.h.database.query(`delete from data_permissions where user_id = $1`, [rep]);
    await kit.h.database.query(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'hospital', $2)`, [
      rep,
      String(hospital),
    ]);
    await kit.h.app.ctx.authCache.invalidateAll();
    const res = await kit.h.app.inject({ method: 'GET', url: `${API.customers.doctor.list}?doctorRange=internal&size=100`, headers: headers('rep01') });
    const page = ok<DoctorPage>(res);
    const expected = await kit.h.database.query<{ id: number }>(`select id from doctors where hospital_id = $1 and doctor_range = 'internal' order by id`, [
      hospital,
    ]);
    expect(page.content.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(page.content.map((d) => d.name)).toContain('王导入');
  });

  it('survives a restart: a job whose worker died mid-run is taken over when its lease runs out, its staging started again', async () => {
    const file = Buffer.from(csv(['医院编码,医院名称,所在地区', 'HP300,测试重启医院,310101']));
    const job = ok<ImportJob>(await upload('hospitals', file, 'restart.csv'));
    // A worker claimed it, staged a row, and its process ended.
    await kit.h.database.query(`update import_jobs set status = 'running', attempts = 1, claim_token = gen_random_uuid(), lease_until = $2 where id = $1`, [
      job.id,
      new Date(kit.h.clock.now() + 60_000).toISOString(),
    ]);
    await kit.h.database.query(`insert into import_rows (job_id, line, cells, v) values ($1, 99, '[]', '{}')`, [job.id]);
    expect(await worker.runOnce()).toBeUndefined();
    kit.h.clock.advance(61_000);
    expect(await worker.runOnce()).toBe(job.id);
    const done = await settle(job.id);
    expect(done.status).toBe('ready');
    expect(done.counts).toEqual({ rows: 1, new: 1, changed: 0, unchanged: 0, refused: 0 });
  });

  it("stages every row as the file has it: a backslash, a tab and a quoted line break kept, rows past the first chunk's thousand", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `HS${String(i).padStart(4, '0')},分块医院${i},310101`);
    const odd = ['HS\\9001,"反斜\\杠\t制表\t医院",310101', 'HS9002,"换行\n医院",310101'];
    const job = await dryRun('hospitals', Buffer.from(csv(['医院编码,医院名称,所在地区', ...rows, ...odd])), 'staging.csv');
    expect(job.counts).toMatchObject({ rows: 2502, refused: 0 });
    const staged = await kit.h.database.query<{ line: number; cells: string[]; v: Record<string, string> }>(
      `select line, cells, v from import_rows where job_id = $1 and (line = 2 or line >= 2501) order by line`,
      [job.id],
    );
    expect(staged).toEqual([
      { line: 2, cells: ['HS0000', '分块医院0', '310101'], v: { code: 'HS0000', name: '分块医院0', region: '310101' } },
      { line: 2501, cells: ['HS2499', '分块医院2499', '310101'], v: { code: 'HS2499', name: '分块医院2499', region: '310101' } },
      { line: 2502, cells: ['HS\\9001', '反斜\\杠\t制表\t医院', '310101'], v: { code: 'HS\\9001', name: '反斜\\杠\t制表\t医院', region: '310101' } },
      { line: 2504, cells: ['HS9002', '换行\n医院', '310101'], v: { code: 'HS9002', name: '换行\n医院', region: '310101' } },
    ]);
  });

  it('doctors: a sub-department gives its department; one that several departments have (其他) is the one under the row’s department', async () => {
    ok<ImportBatchResult>(
      await kit.h.app.inject({
        method: 'POST',
        url: API.imports.upsertHospitals,
        headers: headers('admin'),
        payload: { records: [{ code: 'HP060', name: '科室导入医院', region: '310101' }] },
      }),
    );
    // A file with the sub-department only, as many companies keep a doctor's 科室.
    const only = await dryRun(
      'doctors',
      Buffer.from(
        csv(['医生编码,姓名,医院编码,二级科室,职称', 'DK1,科甲,HP060,心血管内科专业,主任医师', 'DK2,科乙,HP060,其他,主治医师', 'DK3,科丙,HP060,,主治医师']),
      ),
      'sub-departments.csv',
    );
    expect(only.status, only.message ?? '').toBe('ready');
    expect(only.refusedRows).toEqual([
      { row: 3, messages: [msg('imports.row.dept2Ambiguous', 'zh', { value: '其他' })] },
      { row: 4, messages: [msg('imports.row.required', 'zh', { field: '一级科室' })] },
    ]);
    expect((await settle(only.id, 'en')).refusedRows[0]!.messages).toEqual([
      'Sub-department "其他" is found under more than one department; give the department',
    ]);
    expect((await commitOk(only.id, 'validOnly')).committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 0 });
    // With the department: 其他 under 内科 and under 外科 are two entries; each row gets its own.
    const both = await dryRun(
      'doctors',
      Buffer.from(
        csv([
          '医生编码,姓名,医院编码,一级科室,二级科室,职称',
          'DK2,科乙,HP060,内科,其他,主治医师',
          'DK4,科丁,HP060,外科,其他,主治医师',
          'DK5,科戊,HP060,预防保健科,其他,主治医师',
        ]),
      ),
      'departments.csv',
    );
    // 预防保健科 has no sub-department named 其他.
    expect(both.refusedRows).toEqual([{ row: 4, messages: [msg('imports.row.dept2Mismatch', 'zh', { value: '其他' })] }]);
    expect((await commitOk(both.id, 'validOnly')).committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(await kit.h.database.query(`select code, dept1_code, dept2_code from doctors where code like 'DK%' order by code`)).toEqual([
      { code: 'DK1', dept1_code: '03', dept2_code: '03.04' },
      { code: 'DK2', dept1_code: '03', dept2_code: '03.11' },
      { code: 'DK4', dept1_code: '04', dept2_code: '04.09' },
    ]);
  });

  it('doctors: every check on a resolved value, several on one row, each in its place; a hospital by a name only one has', async () => {
    const file = csv([
      '医生编码,编号,姓名,性别,医院编码,医院,一级科室,二级科室,职称,职务,电话,第二执业医院编码',
      'DRM1,,多错甲,未知,HP001,,内科,普通外科专业,不存在职称,不存在职务,abc,HP001',
      'DRM2,,多错乙,,,测试导入医院丙,内科,,主任医师,,,',
      'DRM3,,多错丙,,,不存在的医院,内科,,主任医师,,,HP999',
      ',99999999,多错丁,,HP002,,内科,,主任医师,,,',
      'DRM5,,多错戊,男,HP003,,心内科,,主任医师,,,',
      ',,多错己,,,,,,主任医师,,,',
    ]);
    const job = await dryRun('doctors', Buffer.from(file), 'doctors-checks.csv', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    const en = (key: Parameters<typeof msg>[0], params: Record<string, string | number> = {}) => msg(key, 'en', params);
    const refused = [
      {
        row: 2,
        messages: [
          en('imports.row.dept2Mismatch', { value: '普通外科专业' }),
          en('imports.row.unknown', { field: 'Title', value: '不存在职称' }),
          en('imports.row.unknown', { field: 'Position', value: '不存在职务' }),
          en('imports.row.gender'),
          en('imports.row.phone'),
          en('imports.row.secondarySame'),
        ],
      },
      { row: 4, messages: [en('imports.row.hospitalUnknown', { value: '不存在的医院' }), en('imports.row.hospitalUnknown', { value: 'HP999' })] },
      { row: 5, messages: [en('imports.row.idUnknown', { value: '99999999' })] },
      { row: 6, messages: [en('imports.row.unknownSuggestUnder', { field: 'Department', value: '心内科', suggestion: '心血管内科专业', parent: '内科' })] },
      { row: 7, messages: [en('imports.row.required', { field: 'Department' }), en('imports.row.hospitalMissing'), en('imports.row.codeOrId')] },
    ];
    expect((await settle(job.id, 'en')).refusedRows).toEqual(refused);
    expect(job.counts).toEqual({ rows: 6, new: 1, changed: 0, unchanged: 0, refused: 5 });
    // The commit checks again and finds the same; the one valid row is written at the hospital its name gave.
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 0 });
    expect((await settle(job.id, 'en')).refusedRows).toEqual(refused);
    expect(await kit.h.database.query(`select h.code from doctors d join hospitals h on h.id = d.hospital_id where d.code like 'DRM%'`)).toEqual([
      { code: 'HP003' },
    ]);
  });

  it('doctors: two of one name in one department under two codes are two people, the second import too; one without a code is named by its ID', async () => {
    const twins = Buffer.from(csv(['医生编码,姓名,医院编码,一级科室,职称', 'DTW1,同名医生,HP004,内科,主任医师', 'DTW2,同名医生,HP004,内科,主治医师']));
    const first = await dryRun('doctors', twins, 'twins.csv');
    expect(first.counts).toEqual({ rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 });
    expect((await commitOk(first.id)).committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    // Before, each row found the other doctor the first import had written, and the whole file was refused.
    const again = await dryRun('doctors', twins, 'twins.csv');
    expect(again.refusedRows).toEqual([]);
    expect(again.counts).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });

    // A doctor added by hand has no code: a row of the same name, hospital and department is that doctor, named by its ID.
    const hospital = (await kit.h.database.query<{ id: number }>(`select id from hospitals where code = 'HP004'`))[0]!;
    const body = { name: '手工医生', gender: 1, hospitalId: Number(hospital.id), dept1Code: '03', titleCode: 'CHIEF', outpatientDays: 0 };
    const added = ok<{ id: number }>(await kit.h.app.inject({ method: 'POST', url: API.customers.add.addDoctor, headers: headers('admin'), payload: body }));
    const byCode = Buffer.from(csv(['医生编码,姓名,医院编码,一级科室,职称', 'DTW3,手工医生,HP004,内科,主任医师']));
    for (const lang of ['zh', 'en'] as const) {
      const refused = await dryRun('doctors', byCode, 'hand.csv', { lang });
      expect(refused.refusedRows).toEqual([{ row: 2, messages: [msg('imports.row.doctorTaken', lang, { value: '手工医生', id: added.id })] }]);
    }
    const byId = Buffer.from(csv(['医生编码,编号,姓名,医院编码,一级科室,职称', `DTW3,${added.id},手工医生,HP004,内科,主任医师`]));
    const linked = await dryRun('doctors', byId, 'hand-id.csv');
    expect(linked.counts).toEqual({ rows: 1, new: 0, changed: 1, unchanged: 0, refused: 0 });
    await commitOk(linked.id);
    expect(await kit.h.database.query(`select id, code from doctors where name = '手工医生'`)).toEqual([{ id: added.id, code: 'DTW3' }]);
  });
});
