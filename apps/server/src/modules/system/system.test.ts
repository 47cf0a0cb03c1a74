import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, type MenuEntry } from '@field-portal/shared';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness((app) => {
    // A route that fails, to check that a 500 says nothing of its cause.
    app.get('/API-SYSTEM/test/boom', { config: { public: true } }, async () => {
      throw new Error('secret detail at /srv/app.js:12');
    });
  });
});
afterAll(async () => h?.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...(token ? h.auth(token) : {}), ...headers } });

async function menusOf(username: string) {
  const { access } = await h.login(username);
  const res = await get('/API-SYSTEM/menu/list', access);
  expect(res.statusCode).toBe(200);
  return res.json().result as { voList: MenuEntry[]; menuList: MenuEntry[] };
}

describe('GET /API-SYSTEM/user/info', () => {
  it('returns the user fields, roles and the BU list', async () => {
    const { access } = await h.login('operator');
    const res = await get('/API-SYSTEM/user/info?isBrief=false&_t=1700000000', access);
    expect(res.statusCode).toBe(200);
    const info = res.json().result;
    expect(info).toMatchObject({
      username: 'operator',
      firstName: '运营',
      enabled: true,
      enterpriseName: '菲尔德医药',
      roles: [{ name: 'card manager', nameEn: 'Card operator' }],
      buList: ['D&A_All', 'Neuro_ALL', 'PC_All', 'IM_IBD'],
      appKeys: ['card_manager'],
      singleSignOn: false,
      officeName: '',
      crc: false,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('derives the office name MSL from role MAF and the CRC flag from CRC&OVERSEAS', async () => {
    const maf = (await get('/API-SYSTEM/user/info', (await h.login('maf01')).access)).json().result;
    expect(maf.officeName).toBe('MSL');
    const crc = (await get('/API-SYSTEM/user/info', (await h.login('crc01')).access)).json().result;
    expect(crc.crc).toBe(true);
  });

  it('refuses an unknown query parameter, naming it', async () => {
    const { access } = await h.login('rep01');
    const res = await get('/API-SYSTEM/user/info?isBrief=maybe', access, { language: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'isBrief', msg: 'Brief mode is invalid' });
  });
});

describe('GET /API-SYSTEM/menu/list', () => {
  it('gives a sales representative only the field areas', async () => {
    const { voList, menuList } = await menusOf('rep01');
    const areas = voList.map((m) => m.router);
    expect(areas).toEqual(expect.arrayContaining(['dashboard', 'customer', 'task', 'contentCenter', 'news']));
    for (const absent of ['cardArea', 'recommend', 'system', 'dataManage', 'reportDownload']) expect(areas).not.toContain(absent);
    expect(menuList.find((m) => m.router === 'totaldoctor')?.path).toBe('/customer/totaldoctor');
    expect(menuList.every((m) => !m.path.startsWith('/system'))).toBe(true);
  });

  it('gives the card operator the card and push screens and the card reports with their sort values', async () => {
    const { voList, menuList } = await menusOf('operator');
    expect(voList.map((m) => m.router)).toEqual(expect.arrayContaining(['cardArea', 'recommend', 'reportDownload']));
    const reports = voList.find((m) => m.router === 'reportDownload')!.children!.map((c) => c.router);
    expect(reports).toEqual(expect.arrayContaining(['cardInfo', 'cardRec', 'readData', 'cardPushDetail']));
    expect(reports).not.toContain('effectiveVisit');
    expect(menuList.find((m) => m.router === 'NewRecommend')).toMatchObject({ path: '/recommend/newRecommend', code: 'recommend:NewRecommend' });
    expect(new Set(menuList.filter((m) => m.path.startsWith('/reportDownload/')).map((m) => m.sort)).size).toBe(reports.length);
  });

  it('gives the administrator every menu, ordered by sort', async () => {
    const { menuList, voList } = await menusOf('admin');
    const { access } = await h.login('admin');
    const tree = (await get('/API-SYSTEM/menu/tree', access)).json().result as MenuEntry[];
    const count = (items: MenuEntry[]): number => items.reduce((n, m) => n + 1 + count(m.children ?? []), 0);
    expect(menuList).toHaveLength(count(tree));
    expect(voList.map((m) => m.sort)).toEqual([...voList.map((m) => m.sort)].sort((a, b) => a - b));
  });
});

describe('the team records in the menu', () => {
  const teamRecords = (menuList: MenuEntry[]) => menuList.find((m) => m.router === 'teamInteractioRecord');

  it('lists them for a user who leads an organisation and hides them from one who leads none', async () => {
    // mgr01 leads North (the demo data); rep01 leads nothing but is granted the page.
    expect(teamRecords((await menusOf('mgr01')).menuList)).toMatchObject({ path: '/task/teamInteractioRecord', hidden: false });
    expect(teamRecords((await menusOf('rep01')).menuList)).toMatchObject({ path: '/task/teamInteractioRecord', hidden: true });
  });

  it('shows them on the next menu read of a user made leader, and hides them again when the leader changes', async () => {
    const readerOf = async (username: string) => {
      const { access } = await h.login(username);
      return async () => {
        const res = await get('/API-SYSTEM/menu/list', access);
        expect(res.statusCode).toBe(200);
        return teamRecords((res.json().result as { menuList: MenuEntry[] }).menuList);
      };
    };
    const [rep02, rep03] = [await readerOf('rep02'), await readerOf('rep03')];
    // The answers are cached: read once so the change must clear them.
    expect(await rep02()).toMatchObject({ hidden: true });
    expect(await rep03()).toMatchObject({ hidden: true });
    const admin = (await h.login('admin')).access;
    const created = await h.app.inject({
      method: 'POST',
      url: '/API-SYSTEM/org',
      headers: h.auth(admin),
      payload: { name: '测试团队', leader: 'rep02' },
    });
    expect(created.statusCode).toBe(200);
    const org = created.json().result as { id: number; name: string };
    expect(await rep02()).toMatchObject({ hidden: false });

    const edited = await h.app.inject({
      method: 'PUT',
      url: `/API-SYSTEM/org/${org.id}`,
      headers: h.auth(admin),
      payload: { name: org.name, leader: 'rep03' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await rep02()).toMatchObject({ hidden: true });
    expect(await rep03()).toMatchObject({ hidden: false });

    const removed = await h.app.inject({ method: 'DELETE', url: `/API-SYSTEM/org/${org.id}`, headers: h.auth(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await rep03()).toMatchObject({ hidden: true });
  });
});

describe('route guards', () => {
  it('refuses every protected route without a valid token (walks the route table)', async () => {
    const protectedRoutes = h.app.routeAccess.filter((r) => !r.public);
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      // An id that does not exist: the walk checks the guard without changing the demo data.
      const url = route.url.replace(/:(\w+)/g, '999999');
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const res = await h.app.inject({ method: route.method as 'GET', url, headers, payload: route.method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().msg).toBe(message('auth.required', 'zh'));
      }
    }
  });

  it('refuses every route with a menu authority to a user who lacks it, and lets one who has it through', async () => {
    // A signed-in user without any role, beside rep01 (the field routes) and operator (the card routes).
    await h.database.query(
      `insert into users (username, password_hash, first_name, real_name, org_id, bu_list)
       select 'noroles', password_hash, '无角色', '无角色', org_id, bu_list from users where username = 'operator'`,
    );
    const admin = await h.login('admin');
    const users = await Promise.all(
      ['rep01', 'operator', 'noroles'].map(async (username) => {
        const { access } = await h.login(username);
        const menus = (await h.app.inject({ method: 'GET', url: '/API-SYSTEM/menu/list', headers: h.auth(access) })).json() as {
          result: { menuList: MenuEntry[] };
        };
        return { access, codes: new Set(menus.result.menuList.map((m) => m.code)) };
      }),
    );
    const guarded = h.app.routeAccess.filter((r) => r.authority);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      // An id that does not exist: the walk checks the guard without changing the demo data.
      const url = route.url.replace(/:(\w+)/g, '999999');
      // Each route is tried by the first of them who lacks every menu it names (the user without roles at the latest).
      const outsider = users.find((u) => ![route.authority!].flat().some((a) => u.codes.has(a)))!;
      const denied = await h.app.inject({ method: route.method as 'GET', url, headers: h.auth(outsider.access) });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      const allowed = await h.app.inject({ method: route.method as 'GET', url, headers: h.auth(admin.access) });
      expect(allowed.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });

  it('keeps the web, the API docs and the health check public', async () => {
    expect(h.app.routeAccess.filter((r) => r.public).map((r) => r.url)).toEqual(
      expect.arrayContaining(['/healthz', '/API-SYSTEM/login', '/API-SYSTEM/oauth/token', '/API-SYSTEM/tenant/info']),
    );
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('PUT /API-SYSTEM/user/password', () => {
  const change = (token: string, body: object, lang = 'zh') =>
    h.app.inject({ method: 'PUT', url: '/API-SYSTEM/user/password', headers: { ...h.auth(token), language: lang }, payload: body });

  it('gives each rule its message', async () => {
    const { access } = await h.login('mkt01');
    const same = await change(access, { oldPassword: 'demo1234', newPassword: 'demo1234', confirmPassword: 'demo1234' });
    expect(same.json()).toMatchObject({ code: 400, field: 'newPassword', msg: '原密码和新密码不能相同' });
    const mismatch = await change(access, { oldPassword: 'demo1234', newPassword: 'Str0ng-pass', confirmPassword: 'Str0ng-pasS' });
    expect(mismatch.json()).toMatchObject({ code: 400, field: 'confirmPassword', msg: '新密码和确认密码不一致' });
    const short = await change(access, { oldPassword: 'demo1234', newPassword: 'short', confirmPassword: 'short' }, 'en');
    expect(short.json()).toMatchObject({ code: 400, field: 'newPassword', msg: 'The password must be 8 to 64 characters' });
    const common = await change(access, { oldPassword: 'demo1234', newPassword: 'password123', confirmPassword: 'password123' });
    expect(common.json()).toMatchObject({ code: 400, field: 'newPassword', msg: message('password.common', 'zh') });
    const wrongOld = await change(access, { oldPassword: 'not-mine-1', newPassword: 'Str0ng-pass', confirmPassword: 'Str0ng-pass' });
    expect(wrongOld.json()).toMatchObject({ code: 400, field: 'oldPassword', msg: '原密码不正确' });
  });

  it('changes the password and ends the other sessions', async () => {
    const other = await h.login('mkt02');
    const { access } = await h.login('mkt02');
    const res = await change(access, { oldPassword: 'demo1234', newPassword: 'Str0ng-pass-2026', confirmPassword: 'Str0ng-pass-2026' });
    expect(res.statusCode).toBe(200);
    expect((await get('/API-SYSTEM/user/info', access)).statusCode).toBe(200);
    expect((await get('/API-SYSTEM/user/info', other.access)).statusCode).toBe(401);
    await expect(h.login('mkt02')).rejects.toThrow();
    await expect(h.login('mkt02', 'Str0ng-pass-2026')).resolves.toBeTruthy();
  });
});

describe('tenant, home and errors', () => {
  it('answers login type (none configured) and tenant info without sign-in', async () => {
    expect((await get('/API-SYSTEM/tenant/loginType?domain=localhost')).json()).toMatchObject({ code: 200, result: [] });
    const tenant = (await get('/API-SYSTEM/tenant/info?domain=localhost')).json().result;
    expect(tenant).toMatchObject({ enterpriseName: '菲尔德医药', filingNumber: expect.stringContaining('ICP') });
  });

  it('serves the home statistics and links tiles only to permitted pages', async () => {
    const rep = (await get('/API-SYSTEM/home/statistics', (await h.login('rep01')).access)).json().result;
    expect(rep.stats.map((s: { key: string }) => s.key)).toEqual([
      'daysOnline',
      'collectionPoints',
      'dataVolume',
      'algorithmModels',
      'hospitals',
      'doctors',
      'drugs',
    ]);
    expect(rep.stats.find((s: { key: string }) => s.key === 'dataVolume')).toMatchObject({ value: 68, unit: 'TB' });
    const tile = (stats: { tiles: { key: string; path: string | null }[] }, key: string) => stats.tiles.find((t) => t.key === key)?.path;
    expect(tile(rep, 'contentCentre')).toBe('/contentCenter/contentCenterIndex');
    expect(tile(rep, 'smartRecommendation')).toBeNull();
    const op = (await get('/API-SYSTEM/home/statistics', (await h.login('operator')).access)).json().result;
    expect(tile(op, 'smartRecommendation')).toBe('/recommend/newRecommend');
  });

  it('answers unknown paths with 404 in the envelope of their service', async () => {
    const system = await get('/API-SYSTEM/nothing-here');
    expect(system.statusCode).toBe(404);
    expect(system.json()).toEqual({ code: 404, msg: '资源不存在', result: null });
    const card = await get('/API-XJP/IdataCardInfo/nothing-here', undefined, { language: 'en' });
    expect(card.json()).toEqual({ status: 404, msg: 'Not found', data: null });
  });

  it('never leaks the cause of a 500', async () => {
    const res = await get('/API-SYSTEM/test/boom', undefined, { language: 'en' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: 'Internal server error', result: null });
    expect(res.body).not.toContain('secret detail');
  });

  it('sends the security headers', async () => {
    const res = await get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('OpenAPI and CORS', () => {
  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/API-SYSTEM/login', '/API-SYSTEM/user/info', '/API-SYSTEM/menu/list']));
  });

  it('allows no foreign origin unless configured', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: '/API-SYSTEM/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
