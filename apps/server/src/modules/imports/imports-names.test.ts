import { describe, expect, it } from 'vitest';
import { API, type ImportBatchResult } from '@field-portal/shared';
import { ok } from '../../../test/api.js';
import { csv, importKit, msg } from './test-kit.js';

// Names as a company's files write them (roles as the screens show them, departments without 专业 or a
// sub-department in the department's cell, regions without their suffixes), and the territories' duplicate
// named by its pair: what an IT person importing the company's own files met (docs/decisions/0049, 0042).

const kit = importKit(['admin']);
const { settle, dryRun, commitOk, batch } = kit;

const hospitals = async (records: { code: string; name: string; region: string }[]) =>
  expect(ok<ImportBatchResult>(await batch(API.imports.upsertHospitals, { records })).counts.refused).toBe(0);

describe('import centre: roles by the names the screens show', () => {
  it('takes a role by its Chinese and English names as shown, its code or id, in any case and spacing; an unknown name is still refused', async () => {
    const sales = (await kit.h.database.query<{ id: number }>(`select id from roles where name = 'Sales'`))[0]!.id;
    const file = Buffer.from(
      csv([
        '用户名,姓名,角色',
        'nm.rep1,名代表一,销售代表',
        'nm.mgr1,名经理一,团队经理',
        'nm.rep2,名代表二,销售 代表、医学联络官',
        'nm.mgr2,名经理二,TEAM  manager',
        `nm.rep3,名代表三,sales;${sales}`,
        'nm.rep4,名代表四,销售员',
      ]),
    );
    const job = await dryRun('users', file, 'roles.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 6, new: 5, changed: 0, unchanged: 0, refused: 1 });
    expect(job.refusedRows).toEqual([{ row: 7, messages: ['角色"销售员"不存在'] }]);
    expect((await settle(job.id, 'en')).refusedRows).toEqual([{ row: 7, messages: ['Role "销售员" does not exist'] }]);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 5, changed: 0, unchanged: 0, deactivated: 0 });
    expect(
      await kit.h.database.query(`
        select u.username, array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.name) as roles
          from users u where u.username like 'nm.%' order by u.username`),
    ).toEqual([
      { username: 'nm.mgr1', roles: ['MANGA'] },
      { username: 'nm.mgr2', roles: ['MANGA'] },
      { username: 'nm.rep1', roles: ['Sales'] },
      { username: 'nm.rep2', roles: ['MSL', 'Sales'] },
      { username: 'nm.rep3', roles: ['Sales'] },
    ]);
  });

  it('a role an administrator named as a built-in role is shown is that role, not the built-in one', async () => {
    await kit.h.database.query(`insert into roles (name, name_en, data_scope) values ('团队经理', 'Field team lead', 'all')`);
    const job = await dryRun('users', Buffer.from(csv(['用户名,姓名,角色', 'nm.mgr3,名经理三,团队经理'])), 'own-role.csv');
    expect(job.counts).toEqual({ rows: 1, new: 1, changed: 0, unchanged: 0, refused: 0 });
    await commitOk(job.id);
    expect(
      await kit.h.database.query(
        `select r.name from user_roles ur join roles r on r.id = ur.role_id join users u on u.id = ur.user_id where u.username = 'nm.mgr3'`,
      ),
    ).toEqual([{ name: '团队经理' }]);
  });
});

describe('import centre: departments as company files write them', () => {
  it('a sub-department without 专业, or in the department’s cell, is taken; a near one is answered with the sub-department and its department', async () => {
    await hospitals([{ code: 'NMH1', name: '名称测试医院', region: '310101' }]);
    const file = Buffer.from(
      csv([
        '医生编码,姓名,医院编码,一级科室,二级科室,职称',
        'ND1,名医甲,NMH1,内科,心血管内科,主治医师',
        'ND2,名医乙,NMH1,心内科,,主治医师',
        'ND3,名医丙,NMH1,呼吸科,,主治医师',
        'ND4,名医丁,NMH1,神经内科,,主治医师',
        'ND5,名医戊,NMH1,神经内科专业,,主治医师',
        'ND6,名医己,NMH1,神经内科,心血管内科专业,主治医师',
        'ND7,名医庚,NMH1,外科,骨科,主治医师',
        'ND8,名医辛,NMH1,,外科,主治医师',
        'ND9,名医壬,NMH1,不存在科,,主治医师',
      ]),
    );
    const job = await dryRun('doctors', file, 'departments.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 9, new: 4, changed: 0, unchanged: 0, refused: 5 });
    const under = (value: string, suggestion: string, parent: string) =>
      msg('imports.row.unknownSuggestUnder', 'zh', { field: '一级科室', value, suggestion, parent });
    expect(job.refusedRows).toEqual([
      { row: 3, messages: [under('心内科', '心血管内科专业', '内科')] },
      { row: 4, messages: [under('呼吸科', '呼吸内科专业', '内科')] },
      // With another sub-department in its own cell, the department's cell must name a department.
      { row: 7, messages: [under('神经内科', '神经内科专业', '内科')] },
      // 外科 is a department, not 中医科's 外科专业 without its suffix.
      { row: 9, messages: [msg('imports.row.unknownSuggest', 'zh', { field: '二级科室', value: '外科', suggestion: '外科专业' })] },
      { row: 10, messages: [msg('imports.row.unknown', 'zh', { field: '一级科室', value: '不存在科' })] },
    ]);
    // The wording, in both languages.
    expect(job.refusedRows[0]!.messages).toEqual(['一级科室"心内科"不存在,是否为"心血管内科专业"(内科)?']);
    expect((await settle(job.id, 'en')).refusedRows[0]!.messages).toEqual([
      'Department "心内科" does not exist; did you mean "心血管内科专业" (under "内科")?',
    ]);

    // The commit checks again and writes each doctor in its department and sub-department.
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 4, changed: 0, unchanged: 0, deactivated: 0 });
    expect(await kit.h.database.query(`select code, dept1_code, dept2_code from doctors where code like 'ND%' order by code`)).toEqual([
      { code: 'ND1', dept1_code: '03', dept2_code: '03.04' },
      { code: 'ND4', dept1_code: '03', dept2_code: '03.03' },
      { code: 'ND5', dept1_code: '03', dept2_code: '03.03' },
      { code: 'ND7', dept1_code: '04', dept2_code: '04.03' },
    ]);

    // A file with one 科室 column, the department's, holding the sub-department: both are written.
    const one = await dryRun('doctors', Buffer.from(csv(['医生编码,姓名,医院编码,一级科室,职称', 'ND7,名医庚,NMH1,心血管内科,主治医师'])), 'one-column.csv');
    expect(one.refusedRows).toEqual([]);
    expect(one.counts).toEqual({ rows: 1, new: 0, changed: 1, unchanged: 0, refused: 0 });
    expect((await commitOk(one.id)).committed).toEqual({ new: 0, changed: 1, unchanged: 0, deactivated: 0 });
    expect(await kit.h.database.query(`select dept1_code, dept2_code from doctors where code = 'ND7'`)).toEqual([{ dept1_code: '03', dept2_code: '03.04' }]);
  });
});

describe('import centre: regions as people write them', () => {
  it('hospitals: a region without its suffixes or separators is taken when one region has it; an ambiguous one is refused as such, an unknown one with the forms to use', async () => {
    const file = Buffer.from(
      csv([
        '医院编码,医院名称,所在地区',
        'NMR1,地区测试医院一,广东深圳罗湖',
        'NMR2,地区测试医院二,广东省 深圳市 罗湖区',
        'NMR3,地区测试医院三,上海黄浦',
        'NMR4,地区测试医院四,深圳',
        'NMR5,地区测试医院五,上海',
        'NMR6,地区测试医院六,延边',
        'NMR7,地区测试医院七,朝阳',
        'NMR8,地区测试医院八,朝阳区',
        'NMR9,地区测试医院九,广东深圳罗胡',
      ]),
    );
    const job = await dryRun('hospitals', file, 'regions.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 9, new: 6, changed: 0, unchanged: 0, refused: 3 });
    expect(job.refusedRows).toEqual([
      { row: 8, messages: [msg('imports.row.regionAmbiguous', 'zh', { value: '朝阳' })] },
      { row: 9, messages: [msg('imports.row.regionAmbiguous', 'zh', { value: '朝阳区' })] },
      { row: 10, messages: [msg('imports.row.regionUnknown', 'zh', { field: '所在地区', value: '广东深圳罗胡' })] },
    ]);
    expect(job.refusedRows[2]!.messages).toEqual(['所在地区"广东深圳罗胡"不存在,请填写6位地区编码,或省、市、区县名称(如 440303 或 广东省深圳市罗湖区)']);
    expect((await settle(job.id, 'en')).refusedRows[2]!.messages).toEqual([
      'Region "广东深圳罗胡" does not exist; give its 6-digit code, or the names of its province, city and county (such as 440303 or 广东省深圳市罗湖区)',
    ]);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 6, changed: 0, unchanged: 0, deactivated: 0 });
    expect(
      await kit.h.database.query(`select code, province_code, city_code, county_code, county from hospitals where code like 'NMR%' order by code`),
    ).toEqual([
      { code: 'NMR1', province_code: '440000', city_code: '440300', county_code: '440303', county: '罗湖区' },
      { code: 'NMR2', province_code: '440000', city_code: '440300', county_code: '440303', county: '罗湖区' },
      { code: 'NMR3', province_code: '310000', city_code: '310100', county_code: '310101', county: '黄浦区' },
      { code: 'NMR4', province_code: '440000', city_code: '440300', county_code: '', county: '' },
      // A municipality is its city (which holds the province).
      { code: 'NMR5', province_code: '310000', city_code: '310100', county_code: '', county: '' },
      { code: 'NMR6', province_code: '220000', city_code: '222400', county_code: '', county: '' },
    ]);
  });
});

describe('import centre: territories', () => {
  it('a province by its short name; the same permission twice is named by its user and hospital or province', async () => {
    await hospitals([
      { code: 'NMT1', name: '辖区名称医院一', region: '310101' },
      { code: 'NMT2', name: '辖区名称医院二', region: '310104' },
    ]);
    ok<ImportBatchResult>(await batch(API.imports.upsertUsers, { records: [{ username: 'nm.terr', realName: '名辖区', roles: '销售代表' }] }));
    const file = Buffer.from(
      csv(['用户,医院编码,省份', 'nm.terr,NMT1,', 'nm.terr,NMT2,', 'nm.terr,NMT1,', 'nm.terr,,上海', 'nm.terr,,上海市', 'nm.terr,,广西', 'nm.terr,,上海滩']),
    );
    const job = await dryRun('territories', file, 'territories.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 7, new: 4, changed: 0, unchanged: 0, refused: 3 });
    expect(job.refusedRows).toEqual([
      { row: 4, messages: ['用户"nm.terr"与医院"NMT1"在文件中重复(第 2 行)'] },
      { row: 6, messages: ['用户"nm.terr"与省份"上海市"在文件中重复(第 5 行)'] },
      { row: 8, messages: [msg('imports.row.unknownSuggest', 'zh', { field: '省份', value: '上海滩', suggestion: '上海市' })] },
    ]);
    expect((await settle(job.id, 'en')).refusedRows.slice(0, 2)).toEqual([
      { row: 4, messages: ['User "nm.terr" with hospital "NMT1" appears twice in the file (line 2)'] },
      { row: 6, messages: ['User "nm.terr" with province "上海市" appears twice in the file (line 5)'] },
    ]);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 4, changed: 0, unchanged: 0, deactivated: 0 });
    expect(
      await kit.h.database.query(`
        select dp.permission_type, coalesce(h.code, dp.permission_value) as value
          from data_permissions dp join users u on u.id = dp.user_id
          left join hospitals h on dp.permission_type = 'hospital' and h.id::text = dp.permission_value
         where u.username = 'nm.terr' order by 1, 2`),
    ).toEqual([
      { permission_type: 'hospital', value: 'NMT1' },
      { permission_type: 'hospital', value: 'NMT2' },
      { permission_type: 'province', value: '上海市' },
      { permission_type: 'province', value: '广西壮族自治区' },
    ]);
  });
});
