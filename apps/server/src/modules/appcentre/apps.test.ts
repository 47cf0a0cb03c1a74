import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APPS_LIMITS, fillPath, message, type AppRecord, type MessageKey } from '@field-portal/shared';
import { callers, expectError, multipartPost, signIn, type Lang, type Method } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'operator', 'rep01', 'msl01'], tokens);
});
afterAll(async () => h?.close());

const P = API.apps;
const api = callers(() => h, tokens);
const { headers } = api;
const call = (method: Method, url: string, payload?: object, user = 'admin', lang: Lang = 'zh') => api.call(user, method, url, payload, lang);
const get = (url: string, user = 'admin') => call('GET', url, undefined, user);

async function ok<T = unknown>(method: Method, url: string, payload?: object, user = 'admin'): Promise<T> {
  const res = await call(method, url, payload, user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(200);
  return res.json().result as T;
}

/** Sends the body in zh and in en and expects the message in both, naming the field. */
async function rejects(
  method: Method,
  url: string,
  payload: object,
  key: MessageKey,
  field: string,
  params: Record<string, string | number> = {},
  status = 400,
) {
  for (const lang of ['zh', 'en'] as const) {
    const body = expectError(await call(method, url, payload, 'admin', lang), status, key, lang, params);
    expect(body.field).toBe(field);
  }
}

const auditCount = async (entity: string) =>
  Number((await h.database.query<{ n: string }>('select count(*) as n from audit_log where entity = $1', [entity]))[0]!.n);

const upload = (url: string, name: string, bytes: Buffer, user = 'admin', lang: Lang = 'zh') =>
  h.app.inject(multipartPost(url, [{ name: 'file', bytes, filename: name }], headers(user, lang)));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let classId = 0;
let serial = 0;
const newApp = (extra: object = {}) => ({ appKey: `app-${++serial}`, name: `应用 ${serial}`, classificationId: classId, ...extra });

describe('permissions', () => {
  const OPEN = new Set<string>([
    `GET ${P.app.userAll}`,
    `GET ${P.file.download}`,
    `GET ${P.carousel.all}`,
    `GET ${P.frequent.list}`,
    `POST ${P.frequent.add}`,
    `DELETE ${P.frequent.remove}`,
    `GET ${P.recent.list}`,
    `POST ${P.recent.add}`,
    `GET ${P.message.v1}`,
    `GET ${P.message.v2}`,
    `POST ${P.message.updateValue}`,
    `GET ${P.openingScreen.get}`,
    `GET ${P.appMenu}`,
    `GET ${P.openApi.getSign}`,
    `POST ${P.openApi.verifySign}`,
    `GET ${P.data.homeCharts}`,
  ]);
  const mine = () =>
    h.app.routeAccess.filter(
      (r) =>
        r.url.startsWith('/API-APP/') ||
        r.url.startsWith('/API-DATA/') ||
        r.url.startsWith('/API-SYSTEM/messageGroup/') ||
        r.url.startsWith('/API-SYSTEM/enterprise/setting') ||
        r.url.startsWith('/API-SYSTEM/enterprise/update'),
    );

  it('guards every administrative route with a menu authority; only the app-centre calls are open to any signed-in user', () => {
    const routes = mine();
    expect(routes.length).toBeGreaterThan(50);
    expect(
      routes
        .filter((r) => !r.authority)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...OPEN].sort());
  });

  it('refuses (403) a user without the authority on every guarded route, and changes nothing', async () => {
    const before = await h.database.query<{ n: string }>('select count(*) as n from audit_log');
    const guarded = mine().filter((r) => r.authority);
    for (const user of ['rep01', 'operator']) {
      for (const route of guarded) {
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'type' ? 'department' : '1'));
        const res = await h.app.inject({ method: route.method as Method, url, headers: headers(user) });
        expect(res.statusCode, `${user} ${route.method} ${url}`).toBe(403);
        expect(res.json().msg).toBe(message('auth.forbidden', 'zh'));
      }
    }
    expect(await h.database.query<{ n: string }>('select count(*) as n from audit_log')).toEqual(before);
  });

  it('asks for a sign-in on the open routes, except the check of a launch signature', async () => {
    for (const route of mine().filter((r) => !r.authority)) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await h.app.inject({ method: route.method as Method, url });
      expect(res.statusCode, `${route.method} ${url}`).toBe(route.url === P.openApi.verifySign ? 400 : 401);
    }
    expect(
      mine()
        .filter((r) => r.public)
        .map((r) => r.url),
    ).toEqual([P.openApi.verifySign]);
  });
});

describe('classifications', () => {
  it('creates, lists with paging and search, refuses a repeated or empty name, and a deletion while apps are in it', async () => {
    const created = await ok<{ id: number; name: string; appCount: number }>('POST', P.classification.create, { name: '测试分类', nameEn: 'Test', sort: 9 });
    expect(await ok('GET', fillPath(P.classification.one, { id: created.id }))).toEqual(created);
    classId = created.id;
    expect(created).toMatchObject({ name: '测试分类', nameEn: 'Test', sort: 9, appCount: 0 });
    const page = await ok<{ total: number; list: { name: string }[] }>('GET', `${P.classification.list}?page=1&size=2`);
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    const found = await ok<{ total: number; list: { name: string }[] }>('GET', `${P.classification.list}?search=Test`);
    expect(found.list.map((c) => c.name)).toEqual(['测试分类']);
    await rejects('POST', P.classification.create, { name: '测试分类' }, 'apps.classification.nameTaken', 'name');
    await rejects('POST', P.classification.create, { name: '  ' }, 'apps.classification.nameRequired', 'name');
    await rejects('POST', P.classification.create, {}, 'apps.classification.nameRequired', 'name');
    await rejects('POST', P.classification.create, { name: 'x'.repeat(51) }, 'field.tooLong', 'name', { max: 50 });
    const office = (await ok<{ list: { id: number; name: string; appCount: number }[] }>('GET', `${P.classification.list}?search=办公协同`)).list[0]!;
    expect(office.appCount).toBe(2);
    const res = await call('DELETE', fillPath(P.classification.remove, { id: office.id }));
    expectError(res, 409, 'apps.classification.inUse', 'zh', { count: 2 });
    const spare = await ok<{ id: number }>('POST', P.classification.create, { name: '临时' });
    await ok('PUT', P.classification.update, { id: spare.id, name: '临时二', nameEn: 'Temp' });
    await ok('DELETE', fillPath(P.classification.remove, { id: spare.id }));
    expect(await auditCount('appClassification')).toBe(4);
  });

  it('refuses search with more than five conditions', async () => {
    expectError(await get(`${P.classification.list}?search=${encodeURIComponent('a b c d e f')}`), 400, 'apps.search.tooMany');
  });
});

describe('apps', () => {
  it('initialises an app with roles and menus in one transaction, and audits it', async () => {
    const msl = (await h.database.query<{ id: number }>("select id from roles where name = 'MSL'"))[0]!.id;
    const app = await ok<AppRecord>(
      'POST',
      P.app.initialization,
      newApp({
        name: '学术助手',
        url: 'https://academic.example.com',
        roleIds: [msl],
        menus: [
          { name: '文献', path: '/papers', type: 'MENU', sort: 1 },
          { name: '导出', path: 'papers:export', type: 'BUTTON' },
        ],
      }),
    );
    expect(app).toMatchObject({ name: '学术助手', classificationId: classId, classificationName: '测试分类', roleIds: [msl], enabled: true });
    expect(app.menus.map((m) => [m.name, m.type])).toEqual([
      ['导出', 'BUTTON'],
      ['文献', 'MENU'],
    ]);
    const audit = await h.database.query<{ action: string; after: { appKey: string } }>(
      "select action, after from audit_log where entity = 'app' order by id desc limit 1",
    );
    expect(audit[0]).toMatchObject({ action: 'create', after: { appKey: app.appKey } });
    expect((await ok<{ name: string }[]>('GET', P.app.roles)).map((r) => r.name)).toContain('MSL');

    // rep01 is not an MSL: the app does not exist for them
    expect((await ok<AppRecord[]>('GET', P.app.userAll, undefined, 'rep01')).map((a) => a.appKey)).not.toContain(app.appKey);
    expect((await ok<AppRecord[]>('GET', P.app.userAll, undefined, 'msl01')).map((a) => a.appKey)).toContain(app.appKey);
    expectError(await get(fillPath(P.appMenu, { appId: app.id }), 'rep01'), 404, 'apps.app.notFound');
    const menus = await ok<{ name: string }[]>('GET', fillPath(P.appMenu, { appId: app.id }), undefined, 'msl01');
    expect(menus.map((m) => m.name)).toEqual(['文献']);
    expect((await ok<{ name: string }[]>('GET', `${fillPath(P.appMenu, { appId: app.id })}?type=BUTTON`, undefined, 'msl01')).map((m) => m.name)).toEqual([
      '导出',
    ]);
  });

  it('gives each rule its message in zh and en, and stores nothing', async () => {
    const before = await auditCount('app');
    await rejects('POST', P.app.initialization, newApp({ appKey: '' }), 'apps.app.keyRequired', 'appKey');
    await rejects('POST', P.app.initialization, newApp({ appKey: 'Bad Key' }), 'apps.app.keyInvalid', 'appKey');
    await rejects('POST', P.app.initialization, newApp({ appKey: 'wxwork' }), 'apps.app.keyTaken', 'appKey');
    await rejects('POST', P.app.initialization, newApp({ name: '' }), 'apps.app.nameRequired', 'name');
    await rejects('POST', P.app.initialization, { appKey: 'x-1', name: 'x' }, 'apps.app.classificationRequired', 'classificationId');
    await rejects('POST', P.app.initialization, newApp({ classificationId: 99999 }), 'apps.app.classificationMissing', 'classificationId');
    await rejects('POST', P.app.initialization, newApp({ url: 'javascript:alert(1)' }), 'apps.app.urlInvalid', 'url');
    // Site-relative only with one slash: '//host' and '/\host' lead browsers to another host.
    await rejects('POST', P.app.initialization, newApp({ url: '//evil.example/launch' }), 'apps.app.urlInvalid', 'url');
    await rejects('POST', P.app.initialization, newApp({ url: '/\\evil.example/launch' }), 'apps.app.urlInvalid', 'url');
    await rejects('POST', P.app.initialization, newApp({ roleIds: [99999] }), 'apps.app.roleMissing', 'roleIds');
    await rejects('POST', P.app.initialization, newApp({ menus: [{ name: '', path: '/a' }] }), 'apps.app.menuNameRequired', 'menus.0.name');
    await rejects(
      'POST',
      P.app.initialization,
      newApp({
        menus: [
          { name: 'a', path: '/a' },
          { name: 'b', path: '/a' },
        ],
      }),
      'apps.app.menuDuplicate',
      'menus',
      { path: '/a' },
    );
    await rejects('POST', P.app.initialization, newApp({ extra: 1 }), 'field.unknown', 'extra');
    expect(await auditCount('app')).toBe(before);
  });

  it('updates (replacing menus), lists by example and deletes with everything that hangs on the app', async () => {
    const app = await ok<AppRecord>('POST', P.app.initialization, newApp({ name: '旧名', menus: [{ name: 'a', path: '/a' }] }));
    const updated = await ok<AppRecord>('PUT', P.app.update, {
      ...newApp({ appKey: app.appKey, name: '新名', enabled: false, menus: [{ name: 'b', path: '/b' }] }),
      id: app.id,
    });
    expect(updated).toMatchObject({ name: '新名', enabled: false });
    expect(updated.menus.map((m) => m.path)).toEqual(['/b']);
    expectError(await call('PUT', P.app.update, { ...newApp(), id: 99999 }), 404, 'apps.app.notFound');

    const byClass = await ok<{ total: number; list: AppRecord[] }>('GET', `${P.app.listByExample}?classificationId=${classId}&size=100`);
    expect(byClass.list.every((a) => a.classificationId === classId)).toBe(true);
    const disabled = await ok<{ list: AppRecord[] }>('GET', `${P.app.listByExample}?enabled=false`);
    expect(disabled.list.map((a) => a.id)).toEqual([app.id]);
    const searched = await ok<{ list: AppRecord[] }>('GET', `${P.app.listByExample}?search=${encodeURIComponent('新名')}`);
    expect(searched.list.map((a) => a.id)).toEqual([app.id]);
    expectError(await get(`${P.app.listByExample}?size=101`), 400, 'field.tooBig', 'zh', { max: 100 });

    await ok('DELETE', fillPath(P.app.remove, { appId: app.id }));
    expect(await h.database.query('select 1 from app_menus where app_id = $1', [app.id])).toHaveLength(0);
    expectError(await call('DELETE', fillPath(P.app.remove, { appId: app.id })), 404, 'apps.app.notFound');
  });
});

describe('frequently and recently used apps, messages', () => {
  it('adds, lists and removes frequently used apps of the caller only', async () => {
    const [first, second] = await ok<AppRecord[]>('GET', P.app.userAll, undefined, 'rep01');
    await ok('POST', fillPath(P.frequent.add, { appId: second!.id }), undefined, 'rep01');
    await ok('POST', fillPath(P.frequent.add, { appId: first!.id }), undefined, 'rep01');
    await ok('POST', fillPath(P.frequent.add, { appId: first!.id }), undefined, 'rep01');
    expect((await ok<AppRecord[]>('GET', P.frequent.list, undefined, 'rep01')).map((a) => a.id)).toEqual([second!.id, first!.id]);
    expect(await ok<AppRecord[]>('GET', P.frequent.list, undefined, 'msl01')).toEqual([]);
    await ok('DELETE', fillPath(P.frequent.remove, { appId: second!.id }), undefined, 'rep01');
    expect((await ok<AppRecord[]>('GET', P.frequent.list, undefined, 'rep01')).map((a) => a.id)).toEqual([first!.id]);
    expectError(await call('DELETE', fillPath(P.frequent.remove, { appId: second!.id }), undefined, 'rep01'), 404, 'apps.app.notFound');
    const mslOnly = (await h.database.query<{ id: number }>("select id from apps where app_key = 'xjp-msl'"))[0]!.id;
    expectError(await call('POST', fillPath(P.frequent.add, { appId: mslOnly }), undefined, 'rep01'), 404, 'apps.app.notFound');
  });

  it(`keeps at most ${APPS_LIMITS.frequentMax} frequently used apps`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < APPS_LIMITS.frequentMax + 1; i++) ids.push((await ok<AppRecord>('POST', P.app.initialization, newApp())).id);
    for (const id of ids.slice(0, APPS_LIMITS.frequentMax)) await ok('POST', fillPath(P.frequent.add, { appId: id }));
    expectError(await call('POST', fillPath(P.frequent.add, { appId: ids.at(-1)! })), 400, 'apps.frequent.tooMany');
    expectError(await call('POST', fillPath(P.frequent.add, { appId: ids.at(-1)! }), undefined, 'admin', 'en'), 400, 'apps.frequent.tooMany', 'en');
  });

  it('lists recently used apps latest first and keeps the latest ten', async () => {
    const all = await ok<AppRecord[]>('GET', P.app.userAll);
    expect(all.length).toBeGreaterThan(APPS_LIMITS.recentMax);
    for (const app of all.slice(0, APPS_LIMITS.recentMax + 2)) {
      h.clock.advance(1000);
      await ok('POST', fillPath(P.recent.add, { appId: app.id }));
    }
    const recent = await ok<AppRecord[]>('GET', P.recent.list);
    expect(recent.map((a) => a.id)).toEqual(
      all
        .slice(2, APPS_LIMITS.recentMax + 2)
        .reverse()
        .map((a) => a.id),
    );
    const adminId = (await h.database.query<{ id: number }>("select id from users where username = 'admin'"))[0]!.id;
    expect(await h.database.query('select 1 from recent_apps where user_id = $1', [adminId])).toHaveLength(APPS_LIMITS.recentMax);
  });

  it('sets and lists per-user message values (v1 and v2)', async () => {
    const [app] = await ok<AppRecord[]>('GET', P.app.userAll, undefined, 'operator');
    expect(await ok('GET', P.message.v1, undefined, 'operator')).toEqual([]);
    expect(await ok('POST', P.message.updateValue, { appId: app!.id, value: 5 }, 'operator')).toEqual({ appId: app!.id, value: 5 });
    expect(await ok('GET', P.message.v1, undefined, 'operator')).toEqual([{ appId: app!.id, value: 5 }]);
    const v2 = await ok<{ appId: number; value: number; name: string }[]>('GET', P.message.v2, undefined, 'operator');
    expect(v2.find((m) => m.appId === app!.id)).toMatchObject({ value: 5, name: app!.name });
    expect(v2.filter((m) => m.appId !== app!.id).every((m) => m.value === 0)).toBe(true);
    expect(await ok('GET', P.message.v1, undefined, 'msl01')).toEqual([]);
    // the demo data gives rep01 a count on the surveys app
    const survey = (await ok<AppRecord[]>('GET', P.app.userAll, undefined, 'rep01')).find((a) => a.appKey === 'survey')!;
    expect(await ok('GET', P.message.v1, undefined, 'rep01')).toEqual([{ appId: survey.id, value: 3 }]);
    expectError(await call('POST', P.message.updateValue, { appId: app!.id, value: -1 }, 'operator'), 400, 'field.tooSmall', 'zh', { min: 0 });
    expectError(await call('POST', P.message.updateValue, { appId: 99999, value: 1 }, 'operator'), 404, 'apps.app.notFound');
  });
});

describe('signed app launches (open-api)', () => {
  type Sign = { appId: number; appKey: string; account: string; timestamp: number; nonce: string; sign: string; url: string | null };
  const verify = (body: object, lang: Lang = 'zh') => h.app.inject({ method: 'POST', url: P.openApi.verifySign, headers: { language: lang }, payload: body });
  const params = ({ appKey, account, timestamp, nonce, sign }: Sign) => ({ appKey, account, timestamp, nonce, sign });
  let linked: AppRecord;
  let restricted: AppRecord;

  beforeAll(async () => {
    linked = await ok<AppRecord>('POST', P.app.initialization, newApp({ url: 'https://apps.example.com/launch?from=portal#top' }));
    const mslRole = (
      await h.database.query<{ id: number }>(
        "select r.id from roles r join user_roles ur on ur.role_id = r.id join users u on u.id = ur.user_id where u.username = 'msl01' limit 1",
      )
    )[0]!.id;
    restricted = await ok<AppRecord>('POST', P.app.initialization, newApp({ url: '/apps/inside', roleIds: [mslRole] }));
  });

  it('signs who opens which app and when, with the parameters in the app link', async () => {
    const signed = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${linked.id}`, undefined, 'rep01');
    expect(signed).toMatchObject({ appId: linked.id, appKey: linked.appKey, account: 'rep01', timestamp: h.clock.now() });
    expect(signed.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signed.sign).toMatch(/^[0-9a-f]{64}$/);
    const url = new URL(signed.url!);
    expect(`${url.origin}${url.pathname}${url.hash}`).toBe('https://apps.example.com/launch#top');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: 'portal',
      ...Object.fromEntries(Object.entries(params(signed)).map(([k, v]) => [k, String(v)])),
    });
    const again = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${linked.id}`, undefined, 'rep01');
    expect(again.nonce).not.toBe(signed.nonce);
    const inside = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${restricted.id}`, undefined, 'msl01');
    expect(inside.url).toMatch(new RegExp(`^/apps/inside\\?account=msl01&appKey=${restricted.appKey}&nonce=`));
  });

  it('answers who it is once, and refuses the same parameters a second time', async () => {
    const signed = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${linked.id}`, undefined, 'rep01');
    const first = await verify(params(signed));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ account: 'rep01', appKey: linked.appKey });
    expect(first.json().result.name).not.toBe('');
    for (const lang of ['zh', 'en'] as const) expectError(await verify(params(signed), lang), 401, 'apps.sign.used', lang);
  });

  it('refuses a changed field, a late or early timestamp, a disabled app, and badly formed parameters', async () => {
    const signed = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${linked.id}`, undefined, 'rep01');
    for (const change of [
      { account: 'admin' },
      { timestamp: signed.timestamp + 1 },
      { appKey: restricted.appKey },
      { sign: signed.sign.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
    ]) {
      for (const lang of ['zh', 'en'] as const) expectError(await verify({ ...params(signed), ...change }, lang), 401, 'apps.sign.invalid', lang);
    }
    for (const body of [{}, { ...params(signed), nonce: 'x' }, { ...params(signed), sign: 'short' }, { ...params(signed), extra: 1 }]) {
      const res = await verify(body, 'en');
      expect(res.statusCode, res.body).toBe(400);
    }
    h.clock.advance(APPS_LIMITS.signTtlSeconds * 1000 + 1);
    expectError(await verify(params(signed), 'en'), 401, 'apps.sign.expired', 'en');
    const fresh = await ok<Sign>('GET', `${P.openApi.getSign}?appId=${linked.id}`, undefined, 'rep01');
    await ok('PUT', P.app.update, { ...newApp(), appKey: linked.appKey, id: linked.id, url: 'https://apps.example.com/launch', enabled: false });
    expectError(await verify(params(fresh)), 401, 'apps.sign.invalid');
    await ok('PUT', P.app.update, { ...newApp(), appKey: linked.appKey, id: linked.id, url: 'https://apps.example.com/launch' });
    // the nonce was not spent by the refusal
    expect((await verify(params(fresh))).statusCode).toBe(200);
    expect(await h.database.query('select 1 from open_api_nonces where nonce = $1', [signed.nonce])).toHaveLength(0);
  });

  it('does not sign an app the user may not use, or one that does not exist', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await call('GET', `${P.openApi.getSign}?appId=${restricted.id}`, undefined, 'rep01', lang), 404, 'apps.app.notFound', lang);
      expectError(await call('GET', `${P.openApi.getSign}?appId=999999`, undefined, 'rep01', lang), 404, 'apps.app.notFound', lang);
    }
    const res = await call('GET', `${P.openApi.getSign}?appId=abc`, undefined, 'rep01');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('appId');
  });
});

describe('images, carousel and opening screen', () => {
  let imageUrl = '';
  it('uploads an image checked by its bytes and serves it to signed-in users', async () => {
    const res = await upload(P.file.upload, 'icon.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    imageUrl = res.json().result.url;
    const served = await h.app.inject({ method: 'GET', url: imageUrl, headers: headers('rep01') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    for (const lang of ['zh', 'en'] as const) {
      expectError(await upload(P.file.upload, 'icon.png', Buffer.from('<html></html>'), 'admin', lang), 415, 'apps.image.type', lang);
      expectError(await upload(P.file.upload, 'icon.svg', PNG, 'admin', lang), 415, 'apps.image.type', lang);
      expectError(
        await upload(P.file.upload, 'big.png', Buffer.concat([PNG, Buffer.alloc(APPS_LIMITS.imageMaxBytes)]), 'admin', lang),
        413,
        'apps.image.tooLarge',
        lang,
      );
    }
    expectError(await upload(P.file.upload, 'icon.jpg', PNG), 415, 'file.extensionMismatch');
    expectError(await upload(P.file.upload, 'empty.png', Buffer.alloc(0)), 400, 'file.required');
  });

  it('saves, updates, reorders and deletes carousel items', async () => {
    const start = await ok<{ id: number }[]>('GET', P.carousel.all, undefined, 'rep01');
    expect(start).toHaveLength(3);
    const added = await ok<{ id: number; sort: number }>('PUT', P.carousel.save, { title: '新轮播', image: imageUrl, link: 'https://example.com/a' });
    expect(added.sort).toBe(4);
    await rejects('PUT', P.carousel.save, { title: '', image: imageUrl }, 'apps.carousel.titleRequired', 'title');
    await rejects('PUT', P.carousel.save, { title: 't', image: '' }, 'apps.carousel.imageRequired', 'image');
    await rejects('PUT', P.carousel.save, { title: 't', image: imageUrl, link: 'mailto:x' }, 'apps.app.urlInvalid', 'link');
    await rejects('PUT', P.carousel.save, { title: 't', image: imageUrl, link: '//evil.example/' }, 'apps.app.urlInvalid', 'link');
    await rejects('PUT', P.carousel.save, { title: 't', image: imageUrl, link: '/\\evil.example/' }, 'apps.app.urlInvalid', 'link');
    const updated = await ok<{ title: string }>('PATCH', P.carousel.update, { id: added.id, title: '改名', image: imageUrl, link: '', enabled: false });
    expect(updated.title).toBe('改名');
    const ids = [added.id, ...start.map((c) => c.id)];
    const sorted = await ok<{ id: number; sort: number }[]>('PATCH', P.carousel.updateSort, { ids });
    expect(sorted.map((c) => c.id)).toEqual(ids);
    expect(sorted.map((c) => c.sort)).toEqual([1, 2, 3, 4]);
    await rejects('PATCH', P.carousel.updateSort, { ids: ids.slice(1) }, 'apps.carousel.sortMismatch', 'ids');
    await rejects('PATCH', P.carousel.updateSort, { ids: [...ids.slice(1), ids[1]!] }, 'apps.carousel.sortMismatch', 'ids');
    await ok('DELETE', fillPath(P.carousel.remove, { id: added.id }));
    expect((await ok<{ id: number }[]>('GET', P.carousel.all)).map((c) => c.id)).toEqual(start.map((c) => c.id));
    expectError(await call('DELETE', fillPath(P.carousel.remove, { id: added.id })), 404, 'request.notFound');
    expect(await auditCount('carousel')).toBe(4);
  });

  it('gets, saves and updates the opening screen page', async () => {
    expect(await ok('GET', P.openingScreen.get, undefined, 'rep01')).toMatchObject({ enabled: false, durationSeconds: 3 });
    const saved = await ok('PUT', P.openingScreen.save, { image: imageUrl, link: 'https://example.com', durationSeconds: 5, enabled: true });
    expect(saved).toMatchObject({ image: imageUrl, durationSeconds: 5, enabled: true });
    const patched = await ok('PATCH', P.openingScreen.update, { durationSeconds: 8 });
    expect(patched).toMatchObject({ image: imageUrl, durationSeconds: 8 });
    await rejects('PUT', P.openingScreen.save, { image: imageUrl, durationSeconds: 11 }, 'apps.opening.seconds', 'durationSeconds');
    await rejects('PATCH', P.openingScreen.update, { durationSeconds: 0 }, 'apps.opening.seconds', 'durationSeconds');
    await rejects('PUT', P.openingScreen.save, { image: '' }, 'apps.opening.imageRequired', 'image');
    expect(await auditCount('openingScreen')).toBe(2);
  });
});

describe('organisation batch import', () => {
  const url = fillPath(P.orgImport, { type: 'team' });
  const header = 'name,nameEn,code,parentCode,sort,grade,leader';

  it('imports valid rows of a type in one transaction, parents first in the file or already stored', async () => {
    const csv = `${header}\n华东一组,East 1,T-E1,FP,1,3,张三\n华东一组甲,East 1A,T-E1A,T-E1,,,\n`;
    const res = await upload(url, 'orgs.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ imported: 2, problems: [] });
    const rows = await h.database.query<{ code: string; type: string; parent: string }>(
      "select o.code, o.type, p.code as parent from organisations o join organisations p on p.id = o.parent_id where o.code like 'T-E1%' order by o.code",
    );
    expect(rows).toEqual([
      { code: 'T-E1', type: 'team', parent: 'FP' },
      { code: 'T-E1A', type: 'team', parent: 'T-E1' },
    ]);
    expect(await auditCount('organisation')).toBeGreaterThanOrEqual(1);
  });

  it('reads .xlsx too', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('orgs');
    sheet.addRow([...header.split(',')]);
    sheet.addRow(['西区', 'West', 'T-W', 'FP', 2, 2, '']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(url, 'orgs.xlsx', bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.imported).toBe(1);
  });

  it('reports every bad row and imports nothing', async () => {
    const csv = `${header}\n,NoName,T-X1,,,,\n好的,Good,T-X2,NOPE,,,\n重复,Dup,T-E1,,,,\n双,Twice,T-X3,,x,,\n双二,Twice2,T-X3,,,,\n`;
    for (const lang of ['zh', 'en'] as const) {
      const res = await upload(url, 'orgs.csv', Buffer.from(csv), 'admin', lang);
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().result as { imported: number; problems: { row: number; field: string; message: string }[] };
      expect(result.imported).toBe(0);
      expect(result.problems.map((p) => [p.row, p.field])).toEqual([
        [2, 'name'],
        [3, 'parentCode'],
        [4, 'code'],
        [5, 'sort'],
        [6, 'code'],
      ]);
      expect(result.problems[0]!.message).toBe(message('apps.import.nameRequired', lang));
      expect(result.problems[2]!.message).toBe(message('apps.import.codeTaken', lang));
      expect(result.problems[4]!.message).toBe(message('apps.import.codeDuplicate', lang));
    }
    expect(await h.database.query("select 1 from organisations where code like 'T-X%'")).toHaveLength(0);
  });

  it('refuses a wrong file type, header, size or type name', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await upload(url, 'orgs.txt', Buffer.from(header), 'admin', lang), 415, 'apps.import.type', lang);
      expectError(await upload(url, 'orgs.xlsx', Buffer.from(header), 'admin', lang), 415, 'apps.import.type', lang);
      expectError(await upload(url, 'orgs.csv', Buffer.from('a,b\n1,2\n'), 'admin', lang), 400, 'apps.import.header', lang);
      expectError(await upload(url, 'orgs.csv', Buffer.from(`${header}\n`), 'admin', lang), 400, 'apps.import.empty', lang);
      expectError(await upload(url, 'orgs.csv', Buffer.alloc(APPS_LIMITS.importMaxBytes + 10, 0x41), 'admin', lang), 413, 'apps.import.tooLarge', lang);
      expectError(
        await upload(fillPath(P.orgImport, { type: 'bad type!' }), 'orgs.csv', Buffer.from(header), 'admin', lang),
        400,
        'apps.import.typeInvalid',
        lang,
      );
    }
  });
});

describe('data management', () => {
  const D = P.data;

  it('medicines: create with competitors and indications, search, edit (children replaced), delete', async () => {
    const created = await ok<{ id: number; competitors: unknown[]; indications: string[] }>('POST', D.medicine.create, {
      name: '测试药',
      code: 'TST-1',
      competitors: [{ name: '竞品甲', alias: 'A' }],
      indications: ['糖尿病'],
    });
    expect(created.competitors).toEqual([{ name: '竞品甲', alias: 'A' }]);
    const found = await ok<{ total: number; list: { code: string }[] }>('GET', `${D.medicine.list}?search=TST`);
    expect(found.list.map((m) => m.code)).toEqual(['TST-1']);
    const edited = await ok<{ competitors: { name: string }[]; indications: string[] }>('PUT', D.medicine.update, {
      id: created.id,
      name: '测试药',
      code: 'TST-1',
      competitors: [{ name: '竞品乙' }, { name: '竞品丙' }],
      indications: [],
    });
    expect(edited.competitors.map((c) => c.name)).toEqual(['竞品乙', '竞品丙']);
    expect(edited.indications).toEqual([]);
    expect(await h.database.query('select 1 from medicine_competitors where medicine_id = $1', [created.id])).toHaveLength(2);

    await rejects('POST', D.medicine.create, { code: 'X' }, 'data.medicine.nameRequired', 'name');
    await rejects('POST', D.medicine.create, { name: 'x' }, 'data.medicine.codeRequired', 'code');
    await rejects('POST', D.medicine.create, { name: 'x', code: 'a b' }, 'data.medicine.codeInvalid', 'code');
    await rejects('POST', D.medicine.create, { name: 'x', code: 'FLK-001' }, 'data.medicine.codeTaken', 'code');
    await rejects('PUT', D.medicine.update, { id: created.id, name: 'x', code: 'FLK-001' }, 'data.medicine.codeTaken', 'code');
    await rejects('POST', D.medicine.create, { name: 'x', code: 'Y', competitors: [{ name: '' }] }, 'data.medicine.competitorRequired', 'competitors.0.name');
    await rejects(
      'POST',
      D.medicine.create,
      { name: 'x', code: 'Y', competitors: [{ name: 'A' }, { name: 'a' }] },
      'data.medicine.competitorDuplicate',
      'competitors',
      { name: 'a' },
    );
    await rejects('POST', D.medicine.create, { name: 'x', code: 'Y', indications: [''] }, 'data.medicine.indicationRequired', 'indications.0');
    await rejects('POST', D.medicine.create, { name: 'x', code: 'Y', indications: ['A', 'A'] }, 'data.medicine.indicationDuplicate', 'indications', {
      name: 'A',
    });

    await ok('DELETE', fillPath(D.medicine.remove, { id: created.id }));
    expect(await h.database.query('select 1 from medicine_competitors where medicine_id = $1', [created.id])).toHaveLength(0);
    expectError(await call('DELETE', fillPath(D.medicine.remove, { id: created.id })), 404, 'request.notFound');
    expectError(await call('PUT', D.medicine.update, { id: created.id, name: 'x', code: 'Z' }), 404, 'request.notFound');
    expect(await auditCount('medicine')).toBe(3);
  });

  it('home data feeds the home page statistics', async () => {
    const list = await ok<{ list: { id: number; key: string; value: number; name: string }[] }>('GET', `${D.homeData.list}?size=100`);
    const points = list.list.find((r) => r.key === 'collectionPoints')!;
    await ok('PUT', D.homeData.update, { ...points, value: 40000 });
    const home = await ok<{ stats: { key: string; value: number }[] }>('GET', API.system.homeStatistics, undefined, 'rep01');
    expect(home.stats.find((s) => s.key === 'collectionPoints')!.value).toBe(40000);
    // Coverage figures are counted from the rows the portal holds, whatever the home-data row says.
    const hospitals = list.list.find((r) => r.key === 'hospitals')!;
    expect(hospitals.name).toBe('覆盖医院');
    await ok('PUT', D.homeData.update, { ...hospitals, value: 1 });
    const counted = async (table: string) => Number((await h.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
    const again = await ok<{ stats: { key: string; value: number }[] }>('GET', API.system.homeStatistics, undefined, 'rep01');
    const stat = (key: string) => again.stats.find((s) => s.key === key)!.value;
    expect(stat('hospitals')).toBe(await counted('hospitals'));
    expect(stat('doctors')).toBe(await counted('doctors'));
    expect(stat('drugs')).toBe(await counted('medicines'));
    expect(stat('doctors')).toBeGreaterThan(1000);
    const added = await ok<{ id: number }>('POST', D.homeData.create, { key: 'pharmacies', name: '覆盖药店', nameEn: 'Pharmacies', value: 12, sort: 8 });
    const after = await ok<{ stats: { key: string; name?: string }[] }>('GET', API.system.homeStatistics, undefined, 'rep01');
    expect(after.stats.at(-1)).toMatchObject({ key: 'pharmacies', name: '覆盖药店' });
    await rejects('POST', D.homeData.create, { key: 'pharmacies', name: 'x', value: 1 }, 'data.homeData.keyTaken', 'key');
    await rejects('POST', D.homeData.create, { key: '1bad', name: 'x', value: 1 }, 'data.homeData.keyInvalid', 'key');
    await rejects('POST', D.homeData.create, { key: 'ok', name: '', value: 1 }, 'data.homeData.nameRequired', 'name');
    await rejects('POST', D.homeData.create, { key: 'ok', name: 'x', value: -1 }, 'data.homeData.valueRequired', 'value');
    await rejects('POST', D.homeData.create, { key: 'ok', name: 'x', value: 1.5 }, 'data.homeData.valueRequired', 'value');
    await ok('DELETE', fillPath(D.homeData.remove, { id: added.id }));
  });

  it('home charts: content is time/value items, numbers on both sides, no time twice', async () => {
    const chart = await ok<{ id: number; points: { time: number; value: number }[] }>('POST', D.homeChart.create, {
      name: '测试图',
      content: '2020/1, 2021/2.5',
    });
    expect(chart.points).toEqual([
      { time: 2020, value: 1 },
      { time: 2021, value: 2.5 },
    ]);
    const all = await ok<{ id: number }[]>('GET', D.homeCharts, undefined, 'rep01');
    expect(all.map((c) => c.id)).toContain(chart.id);
    await rejects('POST', D.homeChart.create, { name: 'x', content: '2020-100' }, 'data.chart.contentFormat', 'content');
    await rejects('POST', D.homeChart.create, { name: 'x', content: '2020/abc' }, 'data.chart.contentFormat', 'content');
    await rejects('POST', D.homeChart.create, { name: 'x', content: '/5' }, 'data.chart.contentFormat', 'content');
    await rejects('POST', D.homeChart.create, { name: 'x', content: '2020/1,2020/2' }, 'data.chart.duplicateTime', 'content', { time: '2020' });
    await rejects('POST', D.homeChart.create, { name: 'x', content: '' }, 'data.chart.contentRequired', 'content');
    await rejects('POST', D.homeChart.create, { name: '', content: '1/1' }, 'data.chart.nameRequired', 'name');
    await rejects('POST', D.homeChart.create, { name: 'x', content: '1/1', chartType: 'pie' }, 'field.invalid', 'chartType');
    await ok('PUT', D.homeChart.update, { id: chart.id, name: '测试图', content: '1/1' });
    await ok('DELETE', fillPath(D.homeChart.remove, { id: chart.id }));
  });

  const simple: {
    name: string;
    paths: { list: string; create: string; update: string; remove: string; one: string };
    good: Record<string, unknown>;
    edit: Record<string, unknown>;
    search: string;
    rules: [Record<string, unknown>, MessageKey, string][];
  }[] = [
    {
      name: 'indication stages',
      paths: D.indicationStage,
      good: { name: '维持期', nameEn: 'Maintenance', sort: 4 },
      edit: { name: '维持治疗期' },
      search: 'Maintenance',
      rules: [
        [{ name: '' }, 'data.stage.nameRequired', 'name'],
        [{ name: '早期' }, 'data.stage.nameTaken', 'name'],
        [{ name: 'x', sort: -1 }, 'field.tooSmall', 'sort'],
      ],
    },
    {
      name: 'indication departments',
      paths: D.indicationDepartment,
      good: { indication: '糖尿病', department: '内分泌科', departmentEn: 'Endocrinology' },
      edit: { indication: '糖尿病', department: '内分泌代谢科' },
      search: 'Endocrinology',
      rules: [
        [{ department: 'x' }, 'data.department.indicationRequired', 'indication'],
        [{ indication: 'x' }, 'data.department.departmentRequired', 'department'],
        [{ indication: '高血压', department: '心内科' }, 'data.department.taken', 'department'],
      ],
    },
    {
      name: 'public opinion',
      paths: D.publicOpinion,
      good: { drug: '菲达敏', sentiment: 'negative', standardCategory: '价格', category: '价格偏高', categoryEn: 'Price' },
      edit: { drug: '菲达敏', sentiment: 'positive', standardCategory: '价格', category: '医保覆盖' },
      search: '价格',
      rules: [
        [{ sentiment: 'positive', standardCategory: 'a', category: 'b' }, 'data.opinion.drugRequired', 'drug'],
        [{ drug: 'a', standardCategory: 'a', category: 'b' }, 'data.opinion.sentimentRequired', 'sentiment'],
        [{ drug: 'a', sentiment: 'neutral', standardCategory: 'a', category: 'b' }, 'data.opinion.sentimentRequired', 'sentiment'],
        [{ drug: 'a', sentiment: 'positive', category: 'b' }, 'data.opinion.standardCategoryRequired', 'standardCategory'],
        [{ drug: 'a', sentiment: 'positive', standardCategory: 'a' }, 'data.opinion.categoryRequired', 'category'],
      ],
    },
    {
      name: 'keywords',
      paths: D.keyword,
      good: { keyword: '血糖', category: '指标' },
      edit: { keyword: '血糖控制', enabled: false },
      search: '血糖',
      rules: [
        [{ keyword: '' }, 'data.keyword.required', 'keyword'],
        [{ keyword: '高血压' }, 'data.keyword.taken', 'keyword'],
      ],
    },
    {
      name: 'journals',
      paths: D.journal,
      good: { name: '中国糖尿病杂志', category: '核心期刊', alias: 'Chin J Diabetes', formerName: '糖尿病杂志' },
      edit: { name: '中国糖尿病杂志', category: '统计源期刊' },
      search: 'Diabetes',
      rules: [
        [{ category: 'a' }, 'data.journal.nameRequired', 'name'],
        [{ name: 'a' }, 'data.journal.categoryRequired', 'category'],
        [{ name: '中国循环杂志', category: 'a' }, 'data.journal.nameTaken', 'name'],
      ],
    },
  ];
  for (const entity of simple) {
    it(`${entity.name}: list with search and paging, create, edit, delete, each rule`, async () => {
      const created = await ok<{ id: number }>('POST', entity.paths.create, entity.good);
      expect(await ok('GET', fillPath(entity.paths.one, { id: created.id }))).toEqual(created);
      const found = await ok<{ total: number; list: { id: number }[] }>('GET', `${entity.paths.list}?search=${encodeURIComponent(entity.search)}`);
      expect(found.list.map((r) => r.id)).toContain(created.id);
      const paged = await ok<{ total: number; list: unknown[]; page: number; size: number }>('GET', `${entity.paths.list}?page=2&size=1`);
      expect(paged).toMatchObject({ page: 2, size: 1 });
      expect(paged.list).toHaveLength(paged.total >= 2 ? 1 : 0);
      const edited = await ok<Record<string, unknown>>('PUT', entity.paths.update, { id: created.id, ...entity.edit });
      expect(edited).toMatchObject(entity.edit);
      // updating a record with its own unique value is not a clash
      await ok('PUT', entity.paths.update, { id: created.id, ...entity.edit });
      for (const [body, key, field] of entity.rules) await rejects('POST', entity.paths.create, body, key, field, key === 'field.tooSmall' ? { min: 0 } : {});
      await ok('DELETE', fillPath(entity.paths.remove, { id: created.id }));
      expectError(await call('DELETE', fillPath(entity.paths.remove, { id: created.id })), 404, 'request.notFound');
      expectError(await get(fillPath(entity.paths.one, { id: created.id })), 404, 'request.notFound');
      expectError(await get(`${entity.paths.list}?page=0`), 400, 'field.tooSmall', 'zh', { min: 1 });
    });
  }
});

describe('message groups', () => {
  it('creates with members in one transaction, edits, deletes; members must exist and not repeat', async () => {
    const ids = (await h.database.query<{ id: number }>("select id from users where username in ('rep01', 'rep02') order by username")).map((r) => r.id);
    const group = await ok<{ id: number; memberIds: number[]; members: { username: string }[] }>('POST', P.messageGroup.create, {
      name: '华东代表',
      memberIds: ids,
    });
    expect(group.members.map((m) => m.username)).toEqual(['rep01', 'rep02']);
    const edited = await ok<{ memberIds: number[] }>('PUT', P.messageGroup.update, {
      id: group.id,
      name: '华东代表',
      description: '更新',
      memberIds: [ids[0]],
    });
    expect(edited.memberIds).toEqual([ids[0]]);
    // the edit page reads its group by id, however many groups come before it in the list
    for (let i = 0; i < 101; i += 1) await ok('POST', P.messageGroup.create, { name: `A组${String(i).padStart(3, '0')}` });
    const one = await ok<{ id: number; description: string; members: { username: string }[] }>('GET', fillPath(P.messageGroup.one, { id: group.id }));
    expect(one).toMatchObject({ id: group.id, description: '更新', members: [{ username: 'rep01' }] });
    expect((await ok<{ list: { id: number }[] }>('GET', `${P.messageGroup.list}?size=100`)).list.map((g) => g.id)).not.toContain(group.id);
    expectError(await get(fillPath(P.messageGroup.one, { id: 0 })), 400, 'field.tooSmall', 'zh', { min: 1 });
    await rejects('POST', P.messageGroup.create, { name: '' }, 'group.nameRequired', 'name');
    await rejects('POST', P.messageGroup.create, { name: '全国代表' }, 'group.nameTaken', 'name');
    await rejects('POST', P.messageGroup.create, { name: 'x', memberIds: [99999] }, 'group.memberMissing', 'memberIds');
    await rejects('POST', P.messageGroup.create, { name: 'x', memberIds: [ids[0], ids[0]] }, 'group.memberDuplicate', 'memberIds');
    expect(await h.database.query("select 1 from message_groups where name = 'x'")).toHaveLength(0);
    expect((await ok<{ nameEn: string }[]>('GET', `${P.messageGroupUsers}?search=rep0`)).map((u) => u.nameEn).slice(0, 2)).toEqual(['rep01', 'rep02']);
    const list = await ok<{ list: { name: string }[] }>('GET', `${P.messageGroup.list}?search=代表`);
    expect(list.list.map((g) => g.name).sort()).toEqual(['全国代表', '华东代表'].sort());
    await ok('DELETE', fillPath(P.messageGroup.remove, { id: group.id }));
    expect(await h.database.query('select 1 from message_group_members where group_id = $1', [group.id])).toHaveLength(0);
    expectError(await get(fillPath(P.messageGroup.one, { id: group.id })), 404, 'request.notFound');
    await h.database.query("delete from message_groups where name like 'A组%'");
  });
});

describe('enterprise settings', () => {
  it('reads and updates the enterprise; the login page and footer call answers the change', async () => {
    const current = await ok<{ tenantId: string; name: string }>('GET', P.enterprise.get);
    expect(current.tenantId).toBe('field-pharma');
    const updated = await ok('PUT', P.enterprise.update, {
      name: 'Field Portal',
      enterpriseName: '菲尔德医药(测试)',
      domain: 'localhost',
      copyright: '© 2026 测试',
      filingNumber: '沪ICP备12345678号',
    });
    expect(updated).toMatchObject({ enterpriseName: '菲尔德医药(测试)' });
    const tenant = await h.app.inject({ method: 'GET', url: `${API.system.tenantInfo}?domain=localhost` });
    expect(tenant.json().result).toMatchObject({ enterpriseName: '菲尔德医药(测试)', copyright: '© 2026 测试', filingNumber: '沪ICP备12345678号' });
    await rejects('PUT', P.enterprise.update, { name: '', enterpriseName: 'x' }, 'enterprise.nameRequired', 'name');
    await rejects('PUT', P.enterprise.update, { name: 'x', enterpriseName: '' }, 'enterprise.enterpriseNameRequired', 'enterpriseName');
    await rejects('PUT', P.enterprise.update, { name: 'x', enterpriseName: 'y', domain: 'bad domain' }, 'enterprise.domainInvalid', 'domain');
    await rejects('PUT', P.enterprise.update, { name: 'x', enterpriseName: 'y', tenantId: 'other' }, 'field.unknown', 'tenantId');
    expect(await auditCount('enterprise')).toBe(1);
  });
});
