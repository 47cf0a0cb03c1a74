import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, API, adminPath, message, type MessageKey } from '@field-portal/shared';
import { recordAudit } from '../../platform/audit.js';
import { callers, expectError, multipartPost, ok, signIn, type Lang } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'operator', 'rep01', 'rep02', 'rep04'], tokens);
});
afterAll(async () => h?.close());

const A = API.admin;
const C = API.customers.hospital;
const { headers, call, read: get } = callers(() => h, tokens);
const path = (p: string, id: number | string) => adminPath(p, { id });
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const idOf = async (table: string, column: string, value: string) =>
  Number((await q<{ id: number }>(`select id from ${table} where ${column} = $1`, [value]))[0]!.id);

/** Every admin route, walked from the route table. */
function adminRoutes() {
  const paths = new Set<string>(Object.values(A));
  return h.app.routeAccess.filter((r) => paths.has(r.url));
}

describe('route table: every admin route is guarded', () => {
  it('registers every path of API.admin', () => {
    const registered = new Set(adminRoutes().map((r) => r.url));
    for (const p of Object.values(A)) expect(registered.has(p), p).toBe(true);
  });

  it("gives 403 to a signed-in user without the authority, on every route but the public catalogue and the invitation's link", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      if (route.url === A.langCatalogue || route.url === A.passwordLink) {
        expect(route.public).toBe(true);
        continue;
      }
      expect(route.authority, `${route.method} ${route.url}`).toBeTruthy();
      // operator (card manager) has no administration and no customer menus.
      const res = await h.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', '1'),
        headers: headers('operator'),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expectError(res, 403, 'auth.forbidden');
      // rep01 (Sales) sees hospitals but no administration.
      if (!route.url.includes('/hospital/'))
        expectError(
          await h.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(':id', '1'),
            headers: headers('rep01', 'en'),
            payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          }),
          403,
          'auth.forbidden',
          'en',
        );
    }
  });

  it('gives 401 without a sign-in', async () => {
    for (const route of adminRoutes().filter((r) => !r.public)) {
      const res = await h.app.inject({ method: route.method as 'GET', url: route.url.replace(':id', '1') });
      expect(res.statusCode, route.url).toBe(401);
    }
  });
});

describe('languages', () => {
  it('creates, lists, edits and deletes entries; the public catalogue follows at once', async () => {
    const created = ok<{ id: number }>(await call('admin', 'POST', A.lang, { langType: 'zh', key: 'sys.user.save.success', content: '用户 {} 保存成功' }));
    const list = ok<{ total: number; content: { key: string }[] }>(await get('admin', `${A.langList}?keyword=sys.user.save&langType=zh`));
    expect(list.content.map((e) => e.key)).toEqual(['sys.user.save.success']);
    expect(ok<Record<string, string>>(await h.app.inject({ method: 'GET', url: `${A.langCatalogue}?langType=zh` }))['sys.user.save.success']).toBe(
      '用户 {} 保存成功',
    );
    ok(await call('admin', 'PUT', path(A.langById, created.id), { langType: 'zh', key: 'sys.user.save.success', content: '已保存 {}' }));
    expect(ok<Record<string, string>>(await h.app.inject({ method: 'GET', url: `${A.langCatalogue}?langType=zh` }))['sys.user.save.success']).toBe('已保存 {}');
    ok(await call('admin', 'DELETE', path(A.langById, created.id)));
    expect(ok<Record<string, string>>(await h.app.inject({ method: 'GET', url: `${A.langCatalogue}?langType=zh` }))['sys.user.save.success']).toBeUndefined();
    expectError(await call('admin', 'DELETE', path(A.langById, created.id)), 404, 'request.notFound');
  });

  it('is seeded with every shared message in zh and en', async () => {
    const en = ok<Record<string, string>>(await h.app.inject({ method: 'GET', url: `${A.langCatalogue}?langType=en` }));
    expect(en['password.mismatch']).toBe(message('password.mismatch', 'en'));
    expect(en['sys.user.roleRequired']).toBe('A user role is required');
  });

  it('refuses a duplicate key, a bad key and missing fields, in zh and en, changing nothing', async () => {
    const before = Number((await q<{ n: string }>('select count(*) as n from lang_entries'))[0]!.n);
    expectError(await call('admin', 'POST', A.lang, { langType: 'zh', key: 'password.mismatch', content: 'x' }), 400, 'sys.lang.duplicate');
    expectError(await call('admin', 'POST', A.lang, { langType: 'en', key: 'password.mismatch', content: 'x' }, 'en'), 400, 'sys.lang.duplicate', 'en');
    expectError(await call('admin', 'POST', A.lang, { langType: 'zh', key: 'bad key!', content: 'x' }), 400, 'sys.lang.keyFormat');
    expectError(await call('admin', 'POST', A.lang, { langType: 'zh', key: 'a.b', content: '' }, 'en'), 400, 'field.required', 'en');
    expectError(await call('admin', 'POST', A.lang, { langType: 'fr', key: 'a.b', content: 'x' }), 400, 'field.invalid');
    const other = (await q<{ id: number }>(`select id from lang_entries where lang_type = 'zh' and key = 'password.required'`))[0]!.id;
    expectError(await call('admin', 'PUT', path(A.langById, other), { langType: 'zh', key: 'password.mismatch', content: 'x' }), 400, 'sys.lang.duplicate');
    expect(Number((await q<{ n: string }>('select count(*) as n from lang_entries'))[0]!.n)).toBe(before);
  });
});

describe('organisations', () => {
  it('builds a branch, refuses loops and missing parents, and deletes the branch only after confirmation, leaving no orphan', async () => {
    const root = ok<{ id: number }>(
      await call('admin', 'POST', A.org, { name: '测试大区', nameEn: 'Test region', code: 'T', type: 'region', grade: 2, leader: 'admin' }),
    );
    const child = ok<{ id: number }>(await call('admin', 'POST', A.org, { name: '测试城市', parentId: root.id, grade: 3 }));
    const grandchild = ok<{ id: number }>(await call('admin', 'POST', A.org, { name: '测试小组', parentId: child.id, grade: 4 }));
    const tree = ok<{ id: number; children: { id: number; children: { id: number }[] }[] }[]>(await get('admin', A.orgTree));
    const found = tree.find((n) => n.id === root.id)!;
    expect(found.children[0]!.id).toBe(child.id);
    expect(found.children[0]!.children[0]!.id).toBe(grandchild.id);

    expectError(await call('admin', 'PUT', path(A.orgById, root.id), { name: '测试大区', parentId: grandchild.id }), 400, 'sys.tree.parentLoop');
    expectError(await call('admin', 'PUT', path(A.orgById, root.id), { name: '测试大区', parentId: root.id }, 'en'), 400, 'sys.tree.parentLoop', 'en');
    expectError(await call('admin', 'POST', A.org, { name: 'x', parentId: 999999 }), 400, 'sys.tree.parentMissing');
    expectError(await call('admin', 'POST', A.org, { name: '' }), 400, 'field.required');
    ok(await call('admin', 'PUT', path(A.orgById, child.id), { name: '测试城市二', nameEn: 'City 2', parentId: root.id, sort: 3 }));

    // A user and a role in the branch.
    const userId = await idOf('users', 'username', 'rep05');
    await q('update users set org_id = $1 where id = $2', [grandchild.id, userId]);
    const role = ok<{ id: number }>(await call('admin', 'POST', A.role, { name: 'branch role', orgId: child.id }));

    expectError(await call('admin', 'DELETE', path(A.orgById, root.id)), 409, 'sys.tree.hasChildren', 'zh', { count: 2 });
    expect((await q('select id from organisations where id = $1', [root.id])).length).toBe(1);
    expect(ok<{ deleted: number }>(await call('admin', 'DELETE', `${path(A.orgById, root.id)}?cascade=true`)).deleted).toBe(3);
    expect((await q('select id from organisations where id = any($1::int[])', [[root.id, child.id, grandchild.id]])).length).toBe(0);
    expect(
      (await q('select id from organisations o where o.parent_id is not null and not exists (select 1 from organisations p where p.id = o.parent_id)')).length,
    ).toBe(0);
    expect((await q('select id from users u where u.org_id is not null and not exists (select 1 from organisations o where o.id = u.org_id)')).length).toBe(0);
    expect((await q('select id from roles r where r.org_id is not null and not exists (select 1 from organisations o where o.id = r.org_id)')).length).toBe(0);
    expect((await q<{ org_id: number | null }>('select org_id from roles where id = $1', [role.id]))[0]!.org_id).toBeNull();
    // A leaf goes without confirmation.
    const leaf = ok<{ id: number }>(await call('admin', 'POST', A.org, { name: '叶子' }));
    expect(ok<{ deleted: number }>(await call('admin', 'DELETE', path(A.orgById, leaf.id))).deleted).toBe(1);
  });
});

describe('menus and the guards that follow them', () => {
  it('a new menu reaches the menu list of the roles granting it; deleting it cascades and the list follows', async () => {
    const systemId = await idOf('menus', 'router', 'system');
    const parent = ok<{ id: number }>(
      await call('admin', 'POST', A.menu, {
        name: '测试菜单',
        nameEn: 'Test menu',
        path: '/testMenu',
        router: 'testMenu',
        code: 'testMenu',
        sort: 900,
        parentId: systemId,
      }),
    );
    const child = ok<{ id: number }>(
      await call('admin', 'POST', A.menu, {
        name: '测试子菜单',
        path: '/testMenu/child',
        router: 'testMenuChild',
        code: 'testMenu:child',
        link: 'https://example.com/x',
        parentId: parent.id,
      }),
    );
    expectError(await call('admin', 'POST', A.menu, { name: 'dup', path: '/dup', router: 'testMenu' }), 400, 'sys.menu.routerDuplicate');
    expectError(await call('admin', 'POST', A.menu, { name: 'dup', path: 'nope', router: 'nope' }, 'en'), 400, 'field.invalid', 'en');
    expectError(await call('admin', 'POST', A.menu, { name: 'dup', path: '/x', router: 'x1', link: 'javascript:alert(1)' }), 400, 'field.invalid');
    expectError(
      await call('admin', 'PUT', path(A.menuById, parent.id), { name: '测试菜单', path: '/testMenu', router: 'testMenu', parentId: child.id }),
      400,
      'sys.tree.parentLoop',
    );

    const role = ok<{ id: number }>(await call('admin', 'POST', A.role, { name: 'menu test role', menuIds: [child.id] }));
    ok(
      await call('admin', 'POST', A.user, {
        username: 'menutester',
        realName: '菜单测试',
        newPassword: 'Green-Tree-42',
        confirmPassword: 'Green-Tree-42',
        roleIds: [role.id],
      }),
    );
    const token = (await h.login('menutester', 'Green-Tree-42')).access;
    const list = async () =>
      (
        (await h.app.inject({ method: 'GET', url: API.system.menuList, headers: h.auth(token) })).json() as { result: { menuList: { router: string }[] } }
      ).result.menuList
        .map((m) => m.router)
        .sort();
    expect(await list()).toEqual(['system', 'testMenu', 'testMenuChild']);

    // Hidden from the tree: visible false.
    ok(
      await call('admin', 'PUT', path(A.menuById, child.id), {
        name: '测试子菜单',
        path: '/testMenu/child',
        router: 'testMenuChild',
        code: 'testMenu:child',
        visible: false,
        parentId: parent.id,
      }),
    );
    expect(await list()).toEqual([]);
    ok(
      await call('admin', 'PUT', path(A.menuById, child.id), {
        name: '测试子菜单',
        path: '/testMenu/child',
        router: 'testMenuChild',
        code: 'testMenu:child',
        visible: true,
        parentId: parent.id,
      }),
    );

    expectError(await call('admin', 'DELETE', path(A.menuById, parent.id)), 409, 'sys.tree.hasChildren', 'zh', { count: 1 });
    expect(ok<{ deleted: number }>(await call('admin', 'DELETE', `${path(A.menuById, parent.id)}?cascade=true`)).deleted).toBe(2);
    expect((await q('select * from role_menus rm where not exists (select 1 from menus m where m.id = rm.menu_id)')).length).toBe(0);
    expect((await q('select id from menus m where m.parent_id is not null and not exists (select 1 from menus p where p.id = m.parent_id)')).length).toBe(0);
    expect(await list()).toEqual([]);
  });

  it('the route guards follow a changed authority marking and a changed role at once', async () => {
    const langMenu = (
      await q<{ id: number; parent_id: number; name: string; path: string; router: string }>(
        `select id, parent_id, name, path, router from menus where router = 'lang'`,
      )
    )[0]!;
    expect((await get('admin', A.langList)).statusCode).toBe(200);
    const body = { name: langMenu.name, path: langMenu.path, router: langMenu.router, parentId: langMenu.parent_id };
    ok(await call('admin', 'PUT', path(A.menuById, langMenu.id), { ...body, code: 'system:langRenamed' }));
    expectError(await get('admin', A.langList), 403, 'auth.forbidden');
    ok(await call('admin', 'PUT', path(A.menuById, langMenu.id), { ...body, code: 'system:lang' }));
    expect((await get('admin', A.langList)).statusCode).toBe(200);

    // A role granting the languages screen: its user may, until the role is no longer usable.
    const role = ok<{ id: number }>(
      await call('admin', 'POST', A.role, {
        name: 'lang editors',
        nameEn: 'Language editors',
        menuIds: [langMenu.id],
        dataScope: 'custom',
        roleType: 'system',
      }),
    );
    ok(await call('admin', 'POST', A.user, { username: 'langeditor', newPassword: 'Green-Tree-42', confirmPassword: 'Green-Tree-42', roleIds: [role.id] }));
    const token = (await h.login('langeditor', 'Green-Tree-42')).access;
    const asEditor = () => h.app.inject({ method: 'GET', url: A.langList, headers: h.auth(token) });
    expect((await asEditor()).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: A.userList, headers: h.auth(token) })).statusCode).toBe(403);
    ok(await call('admin', 'PUT', path(A.roleById, role.id), { name: 'lang editors', menuIds: [langMenu.id], usable: false }));
    expect((await asEditor()).statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('keeps every field, the permissions and the app key of section 6', async () => {
    const orgId = await idOf('organisations', 'code', 'FP');
    const menuIds = (await q<{ id: number }>(`select id from menus where router in ('customer', 'totalHospital')`))
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const created = ok<{ id: number; appKey: string; orgName: string; menuIds: number[] }>(
      await call('admin', 'POST', A.role, {
        name: 'online visit',
        nameEn: 'Online visit',
        orgId,
        dataScope: 'custom',
        roleType: 'business',
        usable: true,
        remark: '线上拜访',
        menuIds,
      }),
    );
    expect(created).toMatchObject({ appKey: 'online_visit', orgName: '菲尔德医药中国', menuIds, dataScope: 'custom', remark: '线上拜访' });
    const sales = ok<{ content: { name: string; appKey: string; userCount: number }[] }>(await get('admin', `${A.roleList}?keyword=sales`)).content;
    expect(sales[0]).toMatchObject({ name: 'Sales', appKey: 'xjp-sales' });
    expect(sales[0]!.userCount).toBeGreaterThan(0);
    expect(ok<{ name: string }>(await get('admin', path(A.roleById, created.id))).name).toBe('online visit');

    expectError(await call('admin', 'POST', A.role, { name: 'Sales' }), 400, 'sys.role.nameDuplicate');
    expectError(await call('admin', 'POST', A.role, { name: 'x', menuIds: [9999999] }, 'en'), 400, 'sys.role.menuMissing', 'en');
    expectError(await call('admin', 'POST', A.role, { name: 'x', orgId: 9999999 }), 400, 'sys.role.orgMissing');
    expectError(await call('admin', 'POST', A.role, { name: 'x', dataScope: 'everything' }), 400, 'field.invalid');
    expectError(await call('admin', 'PUT', path(A.roleById, created.id), { name: 'MSL' }), 400, 'sys.role.nameDuplicate');

    const adminRole = await idOf('roles', 'name', 'admin');
    expectError(await call('admin', 'DELETE', path(A.roleById, adminRole)), 400, 'sys.role.own');
    expectError(await call('admin', 'DELETE', path(A.roleById, adminRole), undefined, 'en'), 400, 'sys.role.own', 'en');
    ok(await call('admin', 'DELETE', path(A.roleById, created.id)));
    expect((await q('select * from role_menus where role_id = $1', [created.id])).length).toBe(0);
    expectError(await call('admin', 'DELETE', path(A.roleById, created.id)), 404, 'request.notFound');
  });

  it('derives the flags of section 6 from role names', async () => {
    const crc = await idOf('roles', 'name', 'CRC&OVERSEAS');
    const maf = await idOf('roles', 'name', 'MAF');
    ok(await call('admin', 'POST', A.user, { username: 'flags01', newPassword: 'Green-Tree-42', confirmPassword: 'Green-Tree-42', roleIds: [crc, maf] }));
    const token = (await h.login('flags01', 'Green-Tree-42')).access;
    const info = (await h.app.inject({ method: 'GET', url: API.system.userInfo, headers: h.auth(token) })).json() as {
      result: { crc: boolean; officeName: string };
    };
    expect(info.result).toMatchObject({ crc: true, officeName: 'MSL' });
  });
});

describe('users', () => {
  const valid = {
    username: 'newuser01',
    realName: '新用户',
    company: '菲尔德医药',
    department: '华东区',
    phone: '021-12345678',
    mobile: '13912345678',
    language: 'en',
    employeeNo: 'E001',
    email: 'new.user@example.com',
    enabled: true,
    userType: 'internal',
    newPassword: 'Green-Tree-42',
    confirmPassword: 'Green-Tree-42',
  };
  let salesId = 0;
  beforeAll(async () => {
    salesId = await idOf('roles', 'name', 'Sales');
  });

  it('gives each rule of section 5 its message in zh and en and changes nothing', async () => {
    const before = Number((await q<{ n: string }>('select count(*) as n from users'))[0]!.n);
    const cases: [object, number, MessageKey][] = [
      [{ ...valid, roleIds: [] }, 400, 'sys.user.roleRequired'],
      [{ ...valid, roleIds: [salesId], newPassword: '', confirmPassword: '' }, 400, 'sys.user.passwordRequired'],
      [{ ...valid, roleIds: [salesId], newPassword: 'short', confirmPassword: 'short' }, 400, 'password.length'],
      [{ ...valid, roleIds: [salesId], confirmPassword: 'Green-Tree-43' }, 400, 'password.mismatch'],
      [{ ...valid, roleIds: [salesId], newPassword: 'password123', confirmPassword: 'password123' }, 400, 'password.common'],
      [{ ...valid, roleIds: [salesId], mobile: '12345678901' }, 400, 'sys.user.mobileFormat'],
      [{ ...valid, roleIds: [salesId], email: 'not-an-email' }, 400, 'sys.user.emailFormat'],
      [{ ...valid, roleIds: [salesId], username: 'bad name' }, 400, 'sys.user.usernameFormat'],
      [{ ...valid, roleIds: [salesId], username: 'root' }, 400, 'sys.user.usernameReserved'],
      [{ ...valid, roleIds: [salesId], username: 'REP01' }, 400, 'sys.user.usernameDuplicate'],
      [{ ...valid, roleIds: [9999999] }, 400, 'sys.user.roleMissing'],
      [{ ...valid, roleIds: [salesId], userType: 'guest' }, 400, 'field.invalid'],
      [{ ...valid, roleIds: [salesId], username: '' }, 400, 'field.required'],
    ];
    for (const [body, status, key] of cases) {
      expectError(await call('admin', 'POST', A.user, body), status, key);
      expectError(await call('admin', 'POST', A.user, body, 'en'), status, key, 'en');
    }
    expect(message('sys.user.roleRequired', 'zh')).toBe('用户角色必选');
    expect(Number((await q<{ n: string }>('select count(*) as n from users'))[0]!.n)).toBe(before);
  });

  it('creates a user with every field, edits, pages and searches', async () => {
    const created = ok<Record<string, unknown> & { id: number }>(await call('admin', 'POST', A.user, { ...valid, roleIds: [salesId] }));
    expect(created).toMatchObject({
      username: 'newuser01',
      realName: '新用户',
      company: '菲尔德医药',
      department: '华东区',
      phone: '021-12345678',
      mobile: '13912345678',
      language: 'en',
      employeeNo: 'E001',
      email: 'new.user@example.com',
      enabled: true,
      userType: 'internal',
      roleIds: [salesId],
      roleNames: ['Sales'],
    });
    expect(JSON.stringify(created)).not.toContain('password');
    await h.login('newuser01', 'Green-Tree-42');
    const edited = ok<Record<string, unknown>>(
      await call('admin', 'PUT', path(A.userById, created.id), {
        ...valid,
        username: undefined,
        newPassword: '',
        confirmPassword: '',
        realName: '改名',
        userType: 'system',
        roleIds: [salesId],
      }),
    );
    expect(edited).toMatchObject({ realName: '改名', userType: 'system' });
    expectError(
      await call('admin', 'PUT', path(A.userById, created.id), { roleIds: [salesId], newPassword: 'Blue-River-77', confirmPassword: 'x' }),
      400,
      'password.mismatch',
    );
    expectError(await call('admin', 'PUT', path(A.userById, created.id), { roleIds: [] }, 'en'), 400, 'sys.user.roleRequired', 'en');
    expectError(
      await call('admin', 'PUT', path(A.userPassword, created.id), { newPassword: 'Blue-River-77', confirmPassword: 'Blue-River-78' }),
      400,
      'password.mismatch',
    );
    ok(await call('admin', 'PUT', path(A.userPassword, created.id), { newPassword: 'Blue-River-77', confirmPassword: 'Blue-River-77' }));
    await h.login('newuser01', 'Blue-River-77');

    const page0 = ok<{ total: number; content: { id: number }[] }>(await get('admin', `${A.userList}?page=0&size=5`));
    const page1 = ok<{ total: number; content: { id: number }[] }>(await get('admin', `${A.userList}?page=1&size=5`));
    expect(page0.content).toHaveLength(5);
    expect(page0.total).toBe(page1.total);
    expect(page0.content.map((u) => u.id)).not.toContain(page1.content[0]!.id);
    const found = ok<{ total: number; content: { username: string }[] }>(await get('admin', `${A.userList}?keyword=改名`));
    expect(found.content.map((u) => u.username)).toEqual(['newuser01']);
    const systems = ok<{ content: { userType: string }[] }>(await get('admin', `${A.userList}?userType=system&size=100`)).content;
    expect(systems.every((u) => u.userType === 'system')).toBe(true);
    expectError(await get('admin', `${A.userList}?size=1000`), 400, 'field.tooBig', 'zh', { max: ADMIN_LIMITS.pageSizeMax });
  });

  it('disabling ends the sessions at once: the access token fails, the refresh token fails, sign-in is refused', async () => {
    ok(await call('admin', 'POST', A.user, { ...valid, username: 'todisable', roleIds: [salesId] }));
    const id = await idOf('users', 'username', 'todisable');
    const pair = await h.login('todisable', 'Green-Tree-42');
    expect((await h.app.inject({ method: 'GET', url: API.system.userInfo, headers: h.auth(pair.access) })).statusCode).toBe(200);
    expect(ok<{ enabled: boolean }>(await call('admin', 'PUT', path(A.userEnabled, id), { enabled: false })).enabled).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: API.system.userInfo, headers: h.auth(pair.access) })).statusCode).toBe(401);
    const refreshed = await h.app.inject({
      method: 'POST',
      url: API.system.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh }).toString(),
    });
    expectError(refreshed, 400, 'token.refreshInvalid');
    expectError(
      await h.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'todisable', password: 'Green-Tree-42' } }),
      403,
      'login.disabled',
    );
    expect(Number((await q<{ n: string }>('select count(*) as n from sessions where user_id = $1 and revoked_at is null', [id]))[0]!.n)).toBe(0);
    ok(await call('admin', 'PUT', path(A.userEnabled, id), { enabled: true }));
    await h.login('todisable', 'Green-Tree-42');
  });

  it('refuses to disable or delete oneself, and deletes another user with everything of theirs', async () => {
    const adminId = await idOf('users', 'username', 'admin');
    expectError(await call('admin', 'PUT', path(A.userEnabled, adminId), { enabled: false }), 400, 'sys.user.self');
    expectError(await call('admin', 'DELETE', path(A.userById, adminId), undefined, 'en'), 400, 'sys.user.self', 'en');
    ok(await call('admin', 'POST', A.user, { ...valid, username: 'todelete', roleIds: [salesId] }));
    const id = await idOf('users', 'username', 'todelete');
    await q(`insert into data_permissions (user_id, permission_type, permission_value) values ($1, 'province', '上海市')`, [id]);
    ok(await call('admin', 'DELETE', path(A.userById, id)));
    for (const table of ['user_roles', 'sessions', 'data_permissions'])
      expect((await q(`select * from ${table} where user_id = $1`, [id])).length, table).toBe(0);
    expectError(await call('admin', 'DELETE', path(A.userById, id)), 404, 'request.notFound');
  });
});

describe('data permissions and their enforcement on hospitals', () => {
  type Page = { total: number; content: { id: number; province: string }[] };
  const provinces = async (user: string) => ok<Page>(await get(user, `${C.list}?size=100`)).content.map((x) => x.province);

  it('an unrestricted role sees every hospital; a custom-scope user only their provinces and hospitals, in lists, counts, provinces, details and exports', async () => {
    const all = Number((await q<{ n: string }>('select count(*) as n from hospitals'))[0]!.n);
    expect(ok<Page>(await get('admin', `${C.list}?size=100`)).total).toBe(all);
    expect(ok<{ count: number }>(await get('admin', C.count)).count).toBe(all);

    const rep01 = await provinces('rep01');
    expect(new Set(rep01)).toEqual(new Set(['上海市', '浙江省']));
    const inScope = Number((await q<{ n: string }>(`select count(*) as n from hospitals where province in ('上海市', '浙江省')`))[0]!.n);
    expect(ok<Page>(await get('rep01', `${C.list}?size=2`)).total).toBe(inScope);
    expect(ok<{ count: number }>(await get('rep01', C.count)).count).toBe(inScope);
    expect(ok<{ count: number }>(await get('rep01', `${C.count}?province=北京市`)).count).toBe(0);
    expect(
      ok<{ name: string }[]>(await get('rep01', C.province))
        .map((p) => p.name)
        .sort(),
    ).toEqual(['上海市', '浙江省'].sort());

    const beijing = (await q<{ id: number }>(`select id from hospitals where province = '北京市' order by id`)).map((r) => Number(r.id));
    const shanghai = (await q<{ id: number }>(`select id from hospitals where province = '上海市' order by id`)).map((r) => Number(r.id));
    expect(ok<{ name: string }>(await get('rep01', `${C.byId}?id=${shanghai[0]}`)).name).toBeTruthy();
    // Outside the scope a hospital does not exist for the caller (SECURITY.md 8.2.2).
    expectError(await get('rep01', `${C.byId}?id=${beijing[0]}`), 404, 'request.notFound');
    expectError(await get('rep01', `${C.byId}?id=${beijing[0]}`, 'en'), 404, 'request.notFound', 'en');
    expectError(await get('rep01', `${C.byId}?id=99999999`), 404, 'request.notFound');

    // rep02 holds two Beijing hospitals by id.
    expect(ok<Page>(await get('rep02', `${C.list}?size=100`)).content.map((x) => x.id)).toEqual(beijing.slice(0, 2));
    expect((await get('rep02', `${C.byId}?id=${beijing[2]}`)).statusCode).toBe(404);
    // rep04 has no data permission and only a custom-scope role: nothing.
    expect(ok<Page>(await get('rep04', C.list)).total).toBe(0);

    const exported = await get('rep01', C.export);
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push(String(row.getCell(3).value));
    });
    expect(rows).toHaveLength(inScope);
    expect(new Set(rows)).toEqual(new Set(['上海市', '浙江省']));
  });

  it('grants and removes permissions with their rules; the scope follows at once', async () => {
    const rep04 = await idOf('users', 'username', 'rep04');
    const { id: hospital, name: hospitalName } = (
      await q<{ id: number; name: string }>(`select id, name from hospitals where province = '四川省' order by id limit 1`)
    )[0]!;
    const grant = ok<{ id: number; label: string }>(
      await call('admin', 'POST', A.permission, { userId: rep04, permissionType: 'hospital', permissionValue: String(hospital) }),
    );
    expect(grant.label).toBe(hospitalName);
    expect(ok<Page>(await get('rep04', C.list)).content.map((x) => x.id)).toEqual([Number(hospital)]);
    expectError(
      await call('admin', 'POST', A.permission, { userId: rep04, permissionType: 'hospital', permissionValue: String(hospital) }),
      400,
      'sys.perm.duplicate',
    );
    expectError(
      await call('admin', 'POST', A.permission, { userId: rep04, permissionType: 'hospital', permissionValue: '99999999' }, 'en'),
      400,
      'sys.perm.hospitalMissing',
      'en',
    );
    expectError(
      await call('admin', 'POST', A.permission, { userId: 99999999, permissionType: 'province', permissionValue: '四川省' }),
      400,
      'sys.perm.userMissing',
    );
    expectError(await call('admin', 'POST', A.permission, { userId: rep04, permissionType: 'city', permissionValue: '成都市' }), 400, 'field.invalid');
    const listed = ok<{ content: { id: number }[] }>(await get('admin', `${A.permissionList}?userId=${rep04}`)).content;
    expect(listed.map((p) => p.id)).toEqual([grant.id]);
    expect(ok<{ total: number }>(await get('admin', `${A.permissionList}?keyword=${encodeURIComponent(hospitalName)}`)).total).toBe(1);
    ok(await call('admin', 'DELETE', path(A.permissionById, grant.id)));
    expect(ok<Page>(await get('rep04', C.list)).total).toBe(0);
  });

  const upload = (name: string, bytes: Buffer, lang: Lang = 'zh') => {
    return h.app.inject(multipartPost(A.permissionImport, [{ name: 'file', bytes, filename: name }], headers('admin', lang)));
  };

  it('imports a csv and an xlsx, all or nothing, refusing files over 1 MB and files that are not what they say', async () => {
    const hospital = (await q<{ id: number }>(`select id from hospitals where province = '湖北省' order by id limit 1`))[0]!.id;
    const csv = Buffer.from(`\uFEFFusername,permissionType,permissionValue\nrep05,province,湖北省\nrep05,hospital,${hospital}\nrep05,province,湖北省\n`);
    expect(ok(await upload('perm.csv', csv))).toEqual({ added: 2, skipped: 1 });
    expect(new Set(await provinces('rep01'))).toEqual(new Set(['上海市', '浙江省']));
    const rep05 = (await h.login('rep05')).access;
    tokens.rep05 = rep05;
    expect(new Set(await provinces('rep05'))).toEqual(new Set(['湖北省']));

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('p');
    sheet.addRow(['username', 'permissionType', 'permissionValue']);
    sheet.addRow(['rep06', 'province', '四川省']);
    expect(ok(await upload('perm.xlsx', Buffer.from(await book.xlsx.writeBuffer())))).toEqual({ added: 1, skipped: 0 });

    const count = async () => Number((await q<{ n: string }>('select count(*) as n from data_permissions'))[0]!.n);
    const before = await count();
    expectError(
      await upload('perm.csv', Buffer.from('username,permissionType,permissionValue\nrep07,province,江苏省\nnobody,province,江苏省\n')),
      400,
      'sys.perm.rowUser',
      'zh',
      { row: 3, value: 'nobody' },
    );
    expectError(await upload('perm.csv', Buffer.from('username,permissionType,permissionValue\nrep07,city,南京市\n'), 'en'), 400, 'sys.perm.rowType', 'en', {
      row: 2,
    });
    expectError(
      await upload('perm.csv', Buffer.from('username,permissionType,permissionValue\nrep07,hospital,99999999\n')),
      400,
      'sys.perm.rowHospital',
      'zh',
      { row: 2, value: '99999999' },
    );
    expectError(await upload('perm.csv', Buffer.from('username,permissionType,permissionValue\nrep07,province,\n')), 400, 'sys.perm.rowValue', 'zh', {
      row: 2,
    });
    expectError(await upload('perm.csv', Buffer.from('user,type\nrep07,province\n')), 400, 'sys.perm.fileHeader');
    expectError(await upload('perm.csv', Buffer.from('username,permissionType,permissionValue\n')), 400, 'sys.perm.fileEmpty');
    expect(await count()).toBe(before);

    const big = Buffer.alloc(ADMIN_LIMITS.permissionImportMaxBytes + 1, 'a');
    expectError(await upload('perm.csv', big), 413, 'sys.perm.fileTooLarge');
    expectError(await upload('perm.csv', big, 'en'), 413, 'sys.perm.fileTooLarge', 'en');
    expectError(await upload('perm.xlsx', Buffer.from('username,permissionType,permissionValue\n')), 415, 'sys.perm.fileType');
    expectError(await upload('perm.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])), 415, 'sys.perm.fileType');
    expectError(await upload('perm.txt', Buffer.from('a')), 415, 'sys.perm.fileType');
    expect(await count()).toBe(before);
    // Exactly 1 MB is allowed.
    const head = Buffer.from('username,permissionType,permissionValue\nrep07,province,江苏省\n');
    const exact = Buffer.concat([head, Buffer.alloc(ADMIN_LIMITS.permissionImportMaxBytes - head.length, ' ')]);
    expect(exact.length).toBe(ADMIN_LIMITS.permissionImportMaxBytes);
    expect(ok(await upload('perm.csv', exact))).toEqual({ added: 1, skipped: 0 });
  });
});

describe('audit log', () => {
  it('records who, when, what, before and after for every administrative change, without secrets', async () => {
    const org = ok<{ id: number }>(await call('admin', 'POST', A.org, { name: '审计测试' }));
    ok(await call('admin', 'PUT', path(A.orgById, org.id), { name: '审计测试二' }));
    ok(await call('admin', 'DELETE', path(A.orgById, org.id)));
    const entries = ok<{ content: { action: string; actorName: string; before: { name?: string } | null; after: { name?: string } | null; at: string }[] }>(
      await get('admin', `${A.auditList}?entity=organisation&keyword=${org.id}`),
    ).content;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.actorName === 'admin')).toBe(true);
    expect(entries[1]!.before?.name).toBe('审计测试');
    expect(entries[1]!.after?.name).toBe('审计测试二');
    expect(entries[0]!.after).toBeNull();
    expect(entries[2]!.before).toBeNull();
    expect(Date.parse(entries[0]!.at)).toBeGreaterThan(0);

    const all = JSON.stringify((await q('select before, after from audit_log')).map((r) => r));
    expect(all).not.toMatch(/argon2|Green-Tree-42|Blue-River-77/);
    const actions = new Set((await q<{ entity: string }>('select distinct entity from audit_log')).map((r) => r.entity));
    for (const entity of ['language', 'organisation', 'menu', 'role', 'user', 'dataPermission']) expect(actions.has(entity), entity).toBe(true);
  });

  it('recordAudit writes inside the caller transaction: a rolled-back change leaves no audit row', async () => {
    await expect(
      h.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: 1,
          actorName: 'admin',
          action: 'update',
          entity: 'rollbackTest',
          entityId: '1',
          before: { a: 1 },
          after: { a: 2, passwordHash: 'secret' },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await q(`select * from audit_log where entity = 'rollbackTest'`)).length).toBe(0);
    await recordAudit(h.database.db, {
      actorId: 1,
      actorName: 'admin',
      action: 'update',
      entity: 'committedTest',
      entityId: '1',
      before: undefined,
      after: { a: 2, passwordHash: 'secret', at: new Date(0) },
    });
    const [row] = await q<{ before: unknown; after: Record<string, unknown> }>(`select before, after from audit_log where entity = 'committedTest'`);
    expect(row!.before).toBeNull();
    expect(row!.after).toEqual({ a: 2, passwordHash: '***', at: '1970-01-01T00:00:00.000Z' });
  });

  it('is readable by administrators only', async () => {
    expectError(await get('rep01', A.auditList), 403, 'auth.forbidden');
  });
});
