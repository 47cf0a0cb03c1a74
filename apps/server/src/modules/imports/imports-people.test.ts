import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { API, type DoctorPage, type ImportBatchResult } from '@field-portal/shared';
import { expectError, ok } from '../../../test/api.js';
import { csv, importKit, msg } from './test-kit.js';

// Organisations, users and territories through the import centre (docs/decisions/0049).

const kit = importKit(['admin']);
const { tokens, headers, count, upload, settle, dryRun, commit, commitOk, batch } = kit;

describe('import centre: organisations', () => {
  it('checks every row first, writes nothing on a dry run, and names each refusal in zh and en', async () => {
    const before = await count('select count(*) as n from organisations');
    const file = Buffer.from(
      csv([
        '2026 组织架构,,,',
        '组织编码,组织名称,English name,上级组织编码',
        'IM-EAST,导入华东大区,Import East,FP',
        'IM-SH,导入上海区,Import Shanghai,IM-EAST',
        'IM-SH,导入上海区二,,IM-EAST',
        'IM-X,导入无上级,,NOPE',
        'IM-A,导入环甲,,IM-B',
        'IM-B,导入环乙,,IM-A',
        'IM-N,,,FP',
      ]),
    );
    const job = await dryRun('organisations', file, 'orgs.csv', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    expect(await count('select count(*) as n from organisations')).toBe(before);
    expect(job.counts).toEqual({ rows: 7, new: 2, changed: 0, unchanged: 0, refused: 5 });
    expect(job.refusedRows).toEqual([
      { row: 5, messages: [msg('imports.row.duplicateInFile', 'en', { field: 'Organisation code', value: 'IM-SH', first: 4 })] },
      { row: 6, messages: [msg('imports.row.parentUnknown', 'en', { value: 'NOPE' })] },
      { row: 7, messages: [msg('imports.row.parentLoop', 'en', { value: 'IM-B' })] },
      { row: 8, messages: [msg('imports.row.parentLoop', 'en', { value: 'IM-A' })] },
      { row: 9, messages: [msg('imports.row.required', 'en', { field: 'Organisation name' })] },
    ]);
    const zh = await settle(job.id, 'zh');
    expect(zh.refusedRows[1]!.messages).toEqual(['上级组织"NOPE"不存在(不在文件中,也不在系统中)']);

    // All or nothing refuses; valid rows only keeps the rest, the parent new in the same file.
    expectError(await commit(job.id, 'allOrNothing', 'en'), 409, 'imports.job.refused', 'en', { n: 5 });
    expect(await count('select count(*) as n from organisations')).toBe(before);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    expect(
      await kit.h.database.query(
        `select o.code, o.name_en, p.code as parent from organisations o left join organisations p on p.id = o.parent_id where o.code like 'IM-%' order by o.code`,
      ),
    ).toEqual([
      { code: 'IM-EAST', name_en: 'Import East', parent: 'FP' },
      { code: 'IM-SH', name_en: 'Import Shanghai', parent: 'IM-EAST' },
    ]);
  });

  it('the same file again changes nothing; organisations have no full list and no deactivation', async () => {
    const file = Buffer.from(
      csv(['组织编码,组织名称,English name,上级组织编码', 'IM-EAST,导入华东大区,Import East,FP', 'IM-SH,导入上海区,Import Shanghai,IM-EAST']),
    );
    const job = await dryRun('organisations', file, 'orgs-fixed.csv');
    expect(job.counts).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });
    expect((await commitOk(job.id)).committed).toEqual({ new: 0, changed: 0, unchanged: 2, deactivated: 0 });
    expectError(await upload('organisations', file, 'orgs-fixed.csv', { fullList: true, lang: 'en' }), 400, 'imports.fullList.unsupported', 'en');
    expectError(await batch(API.imports.deactivateOrganisations, { codes: ['IM-SH'] }, 'en'), 400, 'imports.deactivate.unsupported', 'en');
    const moved = ok<ImportBatchResult>(await batch(API.imports.upsertOrganisations, { records: [{ code: 'IM-SH', name: '导入上海区', parentCode: 'FP' }] }));
    expect(moved.results).toEqual([{ code: 'IM-SH', status: 'changed', messages: [] }]);
    // The English name is kept: the call did not give it.
    expect(
      await kit.h.database.query(`select o.name_en, p.code as parent from organisations o join organisations p on p.id = o.parent_id where o.code = 'IM-SH'`),
    ).toEqual([{ name_en: 'Import Shanghai', parent: 'FP' }]);
  });
});

describe('import centre: cached accounts', () => {
  it('a committed import of organisations, users or territories clears the cached menus and authorities; one of products does not', async () => {
    // Counted at the call that clears: on PostgreSQL the cache also hears each clearing back over
    // LISTEN a moment later, which would clear a probe entry set in between (the cache's own tests
    // cover what a clearing removes, on this instance and on the others).
    const clearing = vi.spyOn(kit.h.app.ctx.authCache, 'invalidateAll');
    try {
      // The batch call (written in the request) ...
      ok<ImportBatchResult>(await batch(API.imports.upsertOrganisations, { records: [{ code: 'IM-CACHE', name: '导入缓存区', parentCode: 'FP' }] }));
      expect(clearing).toHaveBeenCalledTimes(1);
      // ... and a file's commit (written by the job runner), not its dry run.
      const job = await dryRun('organisations', Buffer.from(csv(['组织编码,组织名称,上级组织编码', 'IM-CACHE2,导入缓存区二,FP'])), 'orgs-cache.csv');
      expect(clearing).toHaveBeenCalledTimes(1);
      await commitOk(job.id);
      expect(clearing).toHaveBeenCalledTimes(2);
      // Products name no account: the cache stays.
      ok<ImportBatchResult>(await batch(API.imports.upsertProducts, { records: [{ code: 'IM-CACHE-P', name: '导入缓存片' }] }));
      expect(clearing).toHaveBeenCalledTimes(2);
    } finally {
      clearing.mockRestore();
    }
  });
});

// A user list as HR keeps it: GBK from Excel on Chinese Windows, a title row above the header.
const USERS_GBK = csv([
  '销售团队名单(2026年11月),,,,,,,',
  '用户名,姓名,工号,邮箱,手机,组织,角色,上级',
  'imp.mgr,导入经理,IMP900,imp.mgr@example.com,13900000001,IM-EAST,Team manager,',
  'imp.rep1,导入代表一,IMP901,imp.rep1@example.com,13900000002,导入上海区,Sales,IMP900',
  'imp rep2,导入代表二,IMP902,,,IM-SH,Sales,imp.mgr',
  'root,根,IMP903,,,IM-SH,Sales,',
  'imp.rep4,导入代表四,10000001,,,IM-SH,Sales,',
  'imp.rep5,导入代表五,IMP905,not-an-address,,IM-SH,销售员、Sales,',
  'imp.rep6,导入代表六,IMP906,,,IM-SH,Sales,nobody',
  'imp.rep7,导入代表七,IMP907,,,导入上海,Sales,',
]);

describe('import centre: users', () => {
  it("gives the users' template with the header in the caller's language", async () => {
    expect(await kit.templateHeader('users', 'en')).toEqual(['Username*', 'Name*', 'Employee number', 'E-mail', 'Mobile', 'Organisation', 'Roles*', 'Manager']);
    expect(await kit.templateHeader('territories', 'zh')).toEqual(['用户*', '医院编码', '省份']);
  });

  it('a GBK file with a title row: every refusal named in zh and en, nothing written by the dry run or an all-or-nothing commit', async () => {
    const before = await count('select count(*) as n from users');
    const job = await dryRun('users', iconv.encode(USERS_GBK, 'gbk'), '用户.csv');
    expect(job.status, job.message ?? '').toBe('ready');
    expect(job.counts).toEqual({ rows: 8, new: 2, changed: 0, unchanged: 0, refused: 6 });
    expect(job.refusedRows).toEqual([
      { row: 5, messages: [msg('imports.row.usernameFormat', 'zh')] },
      { row: 6, messages: [msg('imports.row.usernameReserved', 'zh', { value: 'root' })] },
      { row: 7, messages: [msg('imports.row.employeeNoTaken', 'zh', { value: '10000001', username: 'admin' })] },
      { row: 8, messages: [msg('imports.row.email', 'zh'), msg('imports.row.roleUnknown', 'zh', { value: '销售员' })] },
      { row: 9, messages: [msg('imports.row.managerUnknown', 'zh', { value: 'nobody' })] },
      { row: 10, messages: [msg('imports.row.unknownSuggest', 'zh', { field: '组织', value: '导入上海', suggestion: '导入上海区' })] },
    ]);
    const en = await settle(job.id, 'en');
    expect(en.refusedRows[3]!.messages).toEqual(['The e-mail address is not valid', 'Role "销售员" does not exist']);
    expect(en.refusedRows[5]!.messages).toEqual([
      msg('imports.row.unknownSuggest', 'en', { field: 'Organisation', value: '导入上海', suggestion: '导入上海区' }),
    ]);
    expectError(await commit(job.id, undefined, 'en'), 409, 'imports.job.refused', 'en', { n: 6 });
    expect(await count('select count(*) as n from users')).toBe(before);

    // Valid rows only: the manager and the representative who reports to them (named by employee number).
    const done = await commitOk(job.id, 'validOnly');
    expect(done.committed).toEqual({ new: 2, changed: 0, unchanged: 0, deactivated: 0 });
    const rows = await kit.h.database.query<Record<string, unknown>>(`
      select u.username, u.real_name, u.employee_no, u.mobile, u.password_hash, o.code as org, m.username as manager,
             array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.name) as roles
        from users u left join organisations o on o.id = u.org_id left join users m on m.id = u.manager_id where u.username like 'imp.%' order by u.username`);
    expect(rows).toEqual([
      {
        username: 'imp.mgr',
        real_name: '导入经理',
        employee_no: 'IMP900',
        mobile: '13900000001',
        password_hash: '',
        org: 'IM-EAST',
        manager: null,
        roles: ['MANGA'],
      },
      {
        username: 'imp.rep1',
        real_name: '导入代表一',
        employee_no: 'IMP901',
        mobile: '13900000002',
        password_hash: '',
        org: 'IM-SH',
        manager: 'imp.mgr',
        roles: ['Sales'],
      },
    ]);
    // A new user has no password: signing in with one fails until an administrator sets it.
    const res = await kit.h.app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: { username: 'imp.rep1', password: 'Any-password-2026' } });
    expect(res.statusCode).toBe(401);
  });

  it('all or nothing writes every row of a clean file; the same file again changes nothing', async () => {
    const file = Buffer.from(
      '\uFEFF' +
        csv([
          'Username,Name,Employee number,Organisation,Roles,Manager',
          'imp.mgr,导入经理,IMP900,IM-EAST,Team manager,',
          'imp.rep1,导入代表一,IMP901,IM-SH,Sales,imp.mgr',
          'imp.rep2,导入代表二,IMP902,IM-SH,Sales|MSL,IMP900',
        ]),
    );
    const job = await dryRun('users', file, 'users.csv');
    expect(job.refusedRows).toEqual([]);
    expect(job.counts).toEqual({ rows: 3, new: 1, changed: 0, unchanged: 2, refused: 0 });
    expect((await commitOk(job.id)).committed).toEqual({ new: 1, changed: 0, unchanged: 2, deactivated: 0 });
    const stamp = await kit.h.database.query(`select max(updated_at)::text as t from users where username like 'imp.%'`);
    const again = await dryRun('users', file, 'users.csv');
    expect(again.counts).toEqual({ rows: 3, new: 0, changed: 0, unchanged: 3, refused: 0 });
    expect((await commitOk(again.id)).committed).toEqual({ new: 0, changed: 0, unchanged: 3, deactivated: 0 });
    expect(await kit.h.database.query(`select max(updated_at)::text as t from users where username like 'imp.%'`)).toEqual(stamp);
    // The e-mail and mobile columns were not in the file: kept.
    expect(await kit.h.database.query(`select email, mobile from users where username = 'imp.rep1'`)).toEqual([
      { email: 'imp.rep1@example.com', mobile: '13900000002' },
    ]);
  });

  it('the batch API answers every record; deactivation disables (never deletes) and ends the sessions', async () => {
    const res = ok<ImportBatchResult>(
      await batch(
        API.imports.upsertUsers,
        {
          records: [
            { username: 'imp.rep3', realName: '导入代表三', roles: 'Sales', org: 'IM-SH' },
            { username: 'imp.rep9', realName: '九', roles: 'Nobody' },
          ],
        },
        'en',
      ),
    );
    expect(res.results).toEqual([
      { code: 'imp.rep3', status: 'new', messages: [] },
      { code: 'imp.rep9', status: 'refused', messages: [msg('imports.row.roleUnknown', 'en', { value: 'Nobody' })] },
    ]);
    await kit.h.database.query(
      `insert into sessions (id, user_id, absolute_expires_at) select gen_random_uuid(), id, now() + interval '1 day' from users where username = 'imp.rep3'`,
    );
    const off = ok<ImportBatchResult>(await batch(API.imports.deactivateUsers, { codes: ['imp.rep3', 'nobody'] }));
    expect(off.results.map((r) => r.status)).toEqual(['deactivated', 'notFound']);
    expect(await kit.h.database.query(`select enabled from users where username = 'imp.rep3'`)).toEqual([{ enabled: false }]);
    expect(await kit.h.database.query(`select s.revoked_reason from sessions s join users u on u.id = s.user_id where u.username = 'imp.rep3'`)).toEqual([
      { revoked_reason: 'user-disabled' },
    ]);
  });
});

describe('import centre: territories', () => {
  it('by hospital code or province, the user by login name or employee number; then the representative sees exactly those doctors', async () => {
    const hospitals = ok<ImportBatchResult>(
      await batch(API.imports.upsertHospitals, {
        records: [
          { code: 'TH1', name: '辖区测试医院一', region: '310101' },
          { code: 'TH2', name: '辖区测试医院二', region: '310101' },
        ],
      }),
    );
    expect(hospitals.counts.new).toBe(2);
    const doctors = ok<ImportBatchResult>(
      await batch(API.imports.upsertDoctors, {
        records: [
          { code: 'TD1', name: '辖区医生甲', hospitalCode: 'TH1', dept1: '内科', title: '主治医师' },
          { code: 'TD2', name: '辖区医生乙', hospitalCode: 'TH1', dept1: '外科', title: '主治医师' },
          { code: 'TD3', name: '辖区医生丙', hospitalCode: 'TH2', dept1: '内科', title: '主治医师' },
        ],
      }),
    );
    expect(doctors.counts.new).toBe(3);
    const file = Buffer.from(
      csv([
        '用户,医院编码,省份',
        'imp.rep1,TH1,',
        'IMP902,,上海市',
        'imp.rep1,TH404,',
        'nobody,TH1,',
        'imp.rep1,TH1,上海市',
        'imp.rep2,,上海',
        'imp.rep1,TH1,',
        // a login name in any case
        'IMP.REP2,TH2,',
      ]),
    );
    const before = await count('select count(*) as n from data_permissions');
    const job = await dryRun('territories', file, 'territories.csv', { lang: 'en' });
    expect(job.status, job.message ?? '').toBe('ready');
    expect(await count('select count(*) as n from data_permissions')).toBe(before);
    expect(job.refusedRows).toEqual([
      { row: 4, messages: [msg('imports.row.hospitalUnknown', 'en', { value: 'TH404' })] },
      { row: 5, messages: [msg('imports.row.userUnknown', 'en', { value: 'nobody' })] },
      { row: 6, messages: [msg('imports.row.territoryOne', 'en')] },
      // 上海 is 上海市, which IMP902 (imp.rep2) has on line 3 already.
      { row: 7, messages: [msg('imports.row.territoryProvinceTwice', 'en', { value: 'imp.rep2', province: '上海', first: 3 })] },
      { row: 8, messages: [msg('imports.row.territoryHospitalTwice', 'en', { value: 'imp.rep1', hospital: 'TH1', first: 2 })] },
    ]);
    expect(job.counts).toEqual({ rows: 8, new: 3, changed: 0, unchanged: 0, refused: 5 });
    const zh = await settle(job.id, 'zh');
    expect(zh.refusedRows[2]!.messages).toEqual(['每行填写医院编码或省份其中之一']);
    expectError(await commit(job.id), 409, 'imports.job.refused', 'zh', { n: 5 });
    expect(await count('select count(*) as n from data_permissions')).toBe(before);
    expect((await commitOk(job.id, 'validOnly')).committed).toEqual({ new: 3, changed: 0, unchanged: 0, deactivated: 0 });

    // The administrator gives the new representative a password; they sign in and see exactly the doctors of TH1.
    const id = (await kit.h.database.query<{ id: number }>(`select id from users where username = 'imp.rep1'`))[0]!.id;
    const password = 'Territory-2026!';
    const reset = await kit.h.app.inject({
      method: 'PUT',
      url: API.admin.userPassword.replace(':id', String(id)),
      headers: headers('admin'),
      payload: { newPassword: password, confirmPassword: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    tokens.rep = (await kit.h.login('imp.rep1', password)).access;
    const page = ok<DoctorPage>(
      await kit.h.app.inject({ method: 'GET', url: `${API.customers.doctor.list}?doctorRange=internal&size=100`, headers: headers('rep') }),
    );
    expect(page.content.map((d) => d.name).sort()).toEqual(['辖区医生乙', '辖区医生甲'].sort());
  });

  it('a full list replaces the permissions of the users it names only; the same file again changes nothing', async () => {
    const file = Buffer.from(csv(['用户,医院编码,省份', 'imp.rep1,TH2,']));
    const job = await dryRun('territories', file, 'full.csv', { fullList: true });
    expect(job.counts).toEqual({ rows: 1, new: 1, changed: 0, unchanged: 0, refused: 0 });
    expect((await commitOk(job.id)).committed).toEqual({ new: 1, changed: 0, unchanged: 0, deactivated: 1 });
    const th2 = String((await kit.h.database.query<{ id: number }>(`select id from hospitals where code = 'TH2'`))[0]!.id);
    expect(
      await kit.h.database.query(
        `select u.username, dp.permission_type, dp.permission_value from data_permissions dp join users u on u.id = dp.user_id where u.username like 'imp.%' order by 1, 2`,
      ),
    ).toEqual([
      { username: 'imp.rep1', permission_type: 'hospital', permission_value: th2 },
      // imp.rep2's, given by the first file (as IMP.REP2), are left alone
      { username: 'imp.rep2', permission_type: 'hospital', permission_value: th2 },
      { username: 'imp.rep2', permission_type: 'province', permission_value: '上海市' },
    ]);
    // The representative's next request sees the new territory (the sign-in cache was told).
    const page = ok<DoctorPage>(
      await kit.h.app.inject({ method: 'GET', url: `${API.customers.doctor.list}?doctorRange=internal&size=100`, headers: headers('rep') }),
    );
    expect(page.content.map((d) => d.name)).toEqual(['辖区医生丙']);
    const again = await dryRun('territories', file, 'full.csv', { fullList: true });
    expect(again.counts).toEqual({ rows: 1, new: 0, changed: 0, unchanged: 1, refused: 0 });
    expect((await commitOk(again.id)).committed).toEqual({ new: 0, changed: 0, unchanged: 1, deactivated: 0 });
  });

  it('a full list of users disables the users it leaves out, never an account that can import', async () => {
    const file = Buffer.from(csv(['用户名,姓名,角色', 'imp.mgr,导入经理,Team manager', 'imp.rep1,导入代表一,Sales']));
    const job = await dryRun('users', file, 'all-users.csv', { fullList: true });
    const done = await commitOk(job.id);
    expect(done.committed?.deactivated).toBeGreaterThan(0);
    expect(
      await kit.h.database.query(
        `select username, enabled from users where username in ('admin', 'imp.mgr', 'imp.rep1', 'imp.rep2', 'rep01') order by username`,
      ),
    ).toEqual([
      { username: 'admin', enabled: true },
      { username: 'imp.mgr', enabled: true },
      { username: 'imp.rep1', enabled: true },
      { username: 'imp.rep2', enabled: false },
      { username: 'rep01', enabled: false },
    ]);
  });
});
