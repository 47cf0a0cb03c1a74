import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, adminPath, type MenuEntry } from '@field-portal/shared';
import { syncReleaseMenus } from '../src/seed/menu-sync.js';
import { MENU_TREE, type MenuSeed } from '../src/seed/menus.js';
import { callers, ok, signIn } from './api.js';
import { createHarness, type Harness } from './harness.js';

/**
 * Menus follow the release (docs/decisions/0052): each start adds the menu list's entries a
 * database was never given, and leaves what an administrator did to the menus and the roles.
 * A "restart" here is what a start does to the menus: the sync, then an empty auth cache.
 */

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'msl01', 'maf01', 'rep01'], tokens);
});
afterAll(async () => h?.close());

const A = API.admin;
const { call, read } = callers(() => h, tokens);
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);

async function restart(): Promise<string[]> {
  const added = await syncReleaseMenus(h.database.db);
  await h.app.ctx.authCache.invalidateAll();
  return added;
}

/** The routers of a user's menu, through the call the web builds its menu tree from. */
async function menuOf(username: string): Promise<MenuEntry[]> {
  return ok<{ menuList: MenuEntry[] }>(await read(username, '/API-SYSTEM/menu/list')).menuList;
}
const routersOf = async (username: string) => (await menuOf(username)).map((m) => m.router);

/** A database of a release before these entries: neither in its menus nor given to it. */
async function asBeforeTheRelease(routers: string[]): Promise<void> {
  await q('delete from menus where router = any($1)', [routers]);
  await q('delete from release_menus where router = any($1)', [routers]);
}

/** Each entry's row (but its id) with its parent's router and the roles granted it, by name. */
async function placed(routers: string[]) {
  return q<Record<string, unknown>>(
    `select m.router, m.name, m.name_en, m.path, m.code, m.sort, m.icon, m.hidden, m.watermark, m.secondary_menu, p.router as area,
            array(select r.name from role_menus rm join roles r on r.id = rm.role_id where rm.menu_id = m.id order by r.name) as roles
       from menus m left join menus p on p.id = m.parent_id where m.router = any($1) order by m.router`,
    [routers],
  );
}

async function roleBody(name: string) {
  const [role] = await q<{ id: number }>('select id from roles where name = $1', [name]);
  const item = ok<{
    name: string;
    nameEn: string;
    orgId: number | null;
    dataScope: string;
    roleType: string;
    usable: boolean;
    remark: string;
    menuIds: number[];
  }>(await read('admin', adminPath(A.roleById, { id: role!.id })));
  const { name: roleName, nameEn, orgId, dataScope, roleType, usable, remark, menuIds } = item;
  return { id: role!.id, body: { name: roleName, nameEn, orgId, dataScope, roleType, usable, remark, menuIds } };
}

/** An administrator takes menus from a built-in role in 角色管理. */
async function takeFromRole(roleName: string, routers: string[]): Promise<void> {
  const { id, body } = await roleBody(roleName);
  const taken = new Set((await q<{ id: number }>('select id from menus where router = any($1)', [routers])).map((m) => Number(m.id)));
  expect(taken.size).toBe(routers.length);
  ok(await call('admin', 'PUT', adminPath(A.roleById, { id }), { ...body, menuIds: body.menuIds.filter((m) => !taken.has(m)) }));
}

function listed(items: MenuSeed[] = MENU_TREE): string[] {
  return items.flatMap((item) => [item.router, ...listed(item.children ?? [])]);
}

describe('menus follow the release', () => {
  it('a new database: the first start records its whole menu list as given and adds nothing; the next neither', async () => {
    const [before] = await q<{ n: number }>('select count(*)::int as n from menus');
    expect(await restart()).toEqual([]);
    const given = (await q<{ router: string }>('select router from release_menus')).map((r) => r.router);
    expect(given.sort()).toEqual(listed().sort());
    expect(await restart()).toEqual([]);
    const [after] = await q<{ n: number }>('select count(*)::int as n from menus');
    expect(after!.n).toBe(before!.n);
  });

  it('an older database gains the entries added since, placed and granted as a fresh install has them', async () => {
    const routers = ['accessToken', 'dataImport'];
    const fresh = await placed(routers);
    expect(fresh.map((m) => m.roles)).toEqual([['admin'], ['admin']]);
    await asBeforeTheRelease(routers);
    expect(await routersOf('admin')).not.toContain('dataImport');
    expect(await restart()).toEqual(routers);
    expect(await placed(routers)).toEqual(fresh);
    const menu = await menuOf('admin');
    expect(menu.find((m) => m.router === 'dataImport')?.name).toBe('导入中心');
    expect(menu.find((m) => m.router === 'accessToken')?.name).toBe('访问令牌');
    expect(await routersOf('rep01')).not.toContain('dataImport');
  });

  it('a page added to an area an administrator took from a role does not reach that role', async () => {
    const doctorArea = ['doctor', ...listed(MENU_TREE.find((m) => m.router === 'doctor')!.children)];
    await takeFromRole('MSL', doctorArea);
    await asBeforeTheRelease(['doctorGroupAnalysis']);
    expect(await restart()).toEqual(['doctorGroupAnalysis']);
    // The roles a fresh install gives it that still hold 医生分析 get it; MSL, whose 医生分析 was taken, does not.
    expect((await placed(['doctorGroupAnalysis']))[0]!.roles).toEqual(['MAF', 'admin']);
    expect(await routersOf('msl01')).not.toContain('doctorGroupAnalysis');
    expect(await routersOf('maf01')).toContain('doctorGroupAnalysis');
  });

  it('a page added to an area an administrator deleted is not added', async () => {
    const [other] = await q<{ id: number }>(`select id from menus where router = 'other'`);
    ok(await call('admin', 'DELETE', `${adminPath(A.menuById, { id: other!.id })}?cascade=true`));
    await q(`delete from release_menus where router = 'surveyList'`);
    expect(await restart()).toEqual([]);
    expect(await q(`select id from menus where router in ('other', 'surveyList')`)).toEqual([]);
    // Given with its area: it stays out on the starts to come too.
    expect(await q(`select router from release_menus where router = 'surveyList'`)).toEqual([{ router: 'surveyList' }]);
  });

  it('a menu an administrator took from a role, or deleted, stays as the administrator left it after a restart', async () => {
    await takeFromRole('admin', ['accessToken']);
    await takeFromRole('MSL', ['medicineNet']);
    const [journals] = await q<{ id: number }>(`select id from menus where router = 'journalTable'`);
    ok(await call('admin', 'DELETE', adminPath(A.menuById, { id: journals!.id })));
    expect(await restart()).toEqual([]);
    expect(await routersOf('admin')).not.toContain('accessToken');
    expect(await routersOf('admin')).toContain('dataImport');
    expect(await routersOf('msl01')).not.toContain('medicineNet');
    expect(await routersOf('msl01')).toContain('medicineMarket');
    expect(await q(`select id from menus where router = 'journalTable'`)).toEqual([]);
  });

  it('an entry an administrator renamed, moved or reordered keeps what the administrator gave it', async () => {
    const [entry] = await q<{ id: number; path: string; router: string; code: string; icon: string }>(
      `select id, path, router, code, icon from menus where router = 'customerData'`,
    );
    const [system] = await q<{ id: number }>(`select id from menus where router = 'system'`);
    const renamed = {
      name: '客户数据（总部）',
      nameEn: 'Head-office customers',
      path: entry!.path,
      router: entry!.router,
      code: entry!.code,
      icon: entry!.icon,
      sort: 42,
      parentId: system!.id,
    };
    ok(await call('admin', 'PUT', adminPath(A.menuById, { id: entry!.id }), renamed));
    // A restart that adds an entry (so the sync writes) leaves the renamed one as it is.
    await asBeforeTheRelease(['homeChart']);
    expect(await restart()).toEqual(['homeChart']);
    const [after] = await q<{ name: string; name_en: string; sort: number; parent_id: number }>(
      `select name, name_en, sort, parent_id from menus where router = 'customerData'`,
    );
    expect(after).toEqual({ name: renamed.name, name_en: renamed.nameEn, sort: 42, parent_id: system!.id });
    expect((await menuOf('admin')).find((m) => m.router === 'customerData')?.name).toBe(renamed.name);
  });

  it('two instances starting at once add each entry once', async () => {
    const routers = ['dataImport', 'lecturerRating'];
    const fresh = await placed(routers);
    await asBeforeTheRelease(routers);
    const [first, second] = await Promise.all([syncReleaseMenus(h.database.db), syncReleaseMenus(h.database.db)]);
    expect([...first!, ...second!].sort()).toEqual(routers.sort());
    expect(await placed(routers)).toEqual(fresh);
  });
});
