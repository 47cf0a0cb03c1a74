import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_SHARE_PAGE, API, type DashboardData } from '@field-portal/shared';
import { wwidOf } from '../../seed/demo.js';
import { AnalyticsTokens, analyticsKey } from './tokens.js';
import { dateRange } from './dashboards/index.js';
import { loadConfig } from '../../config.js';
import { createHarness, SECRET, type Harness } from '../../../test/harness.js';
import { expectError } from '../../../test/api.js';

let h: Harness;
const tokens: Record<string, string> = {};
/** Dashboard ids = the sort values of the report menus (seed/menus.ts). */
const ids: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  for (const username of ['admin', 'operator', 'rep01', 'mkt01']) tokens[username] = (await h.login(username)).access;
  const rows = await h.database.query<{ router: string; sort: number }>(
    `select m.router, m.sort from menus m join menus p on p.id = m.parent_id where p.router = 'reportDownload'`,
  );
  for (const r of rows) ids[r.router] = Number(r.sort);
});
afterAll(async () => h?.close());

type Lang = 'zh' | 'en';
const shareUrl = (id: number | string) => API.analytics.share.replace(':id', String(id));
const dataUrl = (id: number | string) => API.analytics.data.replace(':id', String(id));
const share = (user: string, id: number | string, username = user, lang: Lang = 'zh') =>
  h.app.inject({ method: 'GET', url: shareUrl(id), headers: { ...h.auth(tokens[user]!), username, language: lang } });
const login = (user: string, username = user) => h.app.inject({ method: 'POST', url: API.analytics.login, headers: { ...h.auth(tokens[user]!), username } });
const data = (id: number, body: object, lang: Lang = 'zh') => h.app.inject({ method: 'POST', url: dataUrl(id), headers: { language: lang }, payload: body });

async function signOn(user: string, router: string): Promise<{ share: string; token: string }> {
  const s = await share(user, ids[router]!);
  expect(s.statusCode, s.body).toBe(200);
  const l = await login(user);
  expect(l.statusCode, l.body).toBe(200);
  return { share: s.json().result as string, token: l.json().result.header.token as string };
}

describe('share value and token (spec 001 section 7.9)', () => {
  it("gives a signed share value for a dashboard of the caller's menu, and a token with the user payload", async () => {
    const s = await share('admin', ids.readData!);
    expect(s.json()).toMatchObject({ code: 200 });
    expect(s.json().result).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const l = await login('admin');
    const result = l.json().result as { header: { token: string }; payload: Record<string, unknown> };
    expect(result.header.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(result.payload).toMatchObject({ username: 'admin' });
    expect(Object.keys(result.payload).sort()).toEqual(['avatar', 'department', 'description', 'email', 'id', 'name', 'username']);
  });

  it('answers no share value for a dashboard id that does not exist', async () => {
    for (const id of [99_999, 1]) {
      const res = await share('admin', id);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toBeNull();
    }
    // cardPushDetail is a native page, not a dashboard of this service
    expect((await share('admin', ids.cardPushDetail!)).json().result).toBeNull();
  });

  it("refuses a dashboard outside the caller's menu, and a username header of someone else", async () => {
    expectError(await share('rep01', ids.readData!), 403, 'analytics.noAccess');
    expectError(await share('operator', ids.systemAc!, 'operator', 'en'), 403, 'analytics.noAccess', 'en');
    expectError(await share('operator', ids.readData!, 'admin'), 403, 'analytics.usernameMismatch');
    expectError(await login('operator', 'admin'), 403, 'analytics.usernameMismatch');
    const noHeader = await h.app.inject({ method: 'POST', url: API.analytics.login, headers: h.auth(tokens.admin!) });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().field).toBe('username');
    expect((await h.app.inject({ method: 'GET', url: shareUrl('abc'), headers: { ...h.auth(tokens.admin!), username: 'admin' } })).json().field).toBe('id');
    expect((await h.app.inject({ method: 'POST', url: API.analytics.login, headers: { username: 'admin' } })).statusCode).toBe(401);
  });

  it('an administrator can switch a dashboard off: its share call then gives nothing', async () => {
    const url = API.analytics.dashboardStatus.replace(':id', String(ids.goData));
    expect((await h.app.inject({ method: 'PUT', url, headers: h.auth(tokens.operator!), payload: { enabled: false } })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'PUT', url, headers: h.auth(tokens.admin!), payload: { enabled: 'no' } })).json().field).toBe('enabled');
    const before = await signOn('admin', 'goData');
    expect((await h.app.inject({ method: 'PUT', url, headers: h.auth(tokens.admin!), payload: { enabled: false } })).statusCode).toBe(200);
    expect((await share('admin', ids.goData!)).json().result).toBeNull();
    // a share value issued before no longer opens it
    expectError(await data(ids.goData!, before), 401, 'analytics.shareInvalid');
    await h.app.inject({ method: 'PUT', url, headers: h.auth(tokens.admin!), payload: { enabled: true } });
    expect((await share('admin', ids.goData!)).json().result).toEqual(expect.any(String));
  });
});

describe('the share page and its data call', () => {
  it('opens the dashboard of the share value for its user', async () => {
    const res = await data(ids.jvisaSystemPoint!, await signOn('admin', 'jvisaSystemPoint'));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result as DashboardData;
    // JVISA is a third-party system the portal has no data of: the empty state names it
    expect(d).toMatchObject({
      id: ids.jvisaSystemPoint,
      router: 'jvisaSystemPoint',
      hasData: false,
      noSource: 'analytics.noSource.jvisaSystemPoint',
      kpis: [],
      charts: [],
      user: { username: 'admin' },
    });
    expect(d.table.rows).toEqual([]);
  });

  it('refuses another dashboard, another user, tampering, expiry', async () => {
    const admin = await signOn('admin', 'readData');
    const operator = await signOn('operator', 'readData');
    expectError(await data(ids.cardInfo!, admin), 403, 'analytics.otherDashboard');
    expectError(await data(ids.readData!, { share: admin.share, token: operator.token }, 'en'), 403, 'analytics.otherUser', 'en');
    // a changed claim breaks the signature
    const [head, body, sig] = admin.share.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, dash: ids.cardInfo })).toString('base64url')}.${sig}`;
    expectError(await data(ids.cardInfo!, { ...admin, share: forged }), 401, 'analytics.shareInvalid');
    expectError(await data(ids.readData!, { ...admin, share: `${admin.share}x` }), 401, 'analytics.shareInvalid');
    // the access token of the portal is not a share value, nor a token
    expectError(await data(ids.readData!, { share: tokens.admin!, token: admin.token }), 401, 'analytics.shareInvalid');
    expectError(await data(ids.readData!, { share: admin.share, token: admin.share }), 401, 'analytics.shareInvalid');
    // signed with another key
    const other = new AnalyticsTokens(analyticsKey(loadConfig({ JWT_SECRET: `${SECRET}-other` })), h.clock.now);
    expectError(
      await data(ids.readData!, { ...admin, share: await other.signShare({ dashboardId: ids.readData!, userId: 1, username: 'admin', sessionId: 'x' }) }),
      401,
      'analytics.shareInvalid',
    );
    // expiry
    h.clock.advance(ANALYTICS_LIMITS.shareTtlSeconds * 1000 + 1000);
    try {
      expectError(await data(ids.readData!, admin, 'en'), 401, 'analytics.shareExpired', 'en');
    } finally {
      h.clock.advance(-(ANALYTICS_LIMITS.shareTtlSeconds * 1000 + 1000));
    }
    expect((await data(ids.readData!, admin)).statusCode).toBe(200);
    // a bad filter names its field
    const bad = await data(ids.readData!, { ...admin, startDate: '2025/01/01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('startDate');
    expectError(await data(ids.readData!, { ...admin, startDate: '2025-03-02', endDate: '2025-03-01' }), 400, 'analytics.rangeOrder', 'zh', {
      field: 'startDate',
    });
    expectError(await data(ids.readData!, { ...admin, startDate: '2023-01-01', endDate: '2025-03-01' }, 'en'), 400, 'analytics.rangeTooLong', 'en', {
      max: 366,
    });
  });

  it('ends the share value and token with the session they were issued in (logout)', async () => {
    const own = await h.login('mkt02');
    const headers = { ...h.auth(own.access), username: 'mkt02' };
    const s = await h.app.inject({ method: 'GET', url: shareUrl(ids.readData!), headers });
    const l = await h.app.inject({ method: 'POST', url: API.analytics.login, headers });
    if (s.statusCode !== 200 || l.statusCode !== 200) throw new Error(`${s.body} ${l.body}`);
    const pair = { share: s.json().result as string, token: l.json().result.header.token as string };
    expect((await data(ids.readData!, pair)).statusCode).toBe(200);
    // A share and a token of another session of the same user do not mix.
    tokens.mkt02 = (await h.login('mkt02')).access;
    const other = await signOn('mkt02', 'readData');
    expectError(await data(ids.readData!, { share: pair.share, token: other.token }), 403, 'analytics.otherUser');
    const out = await h.app.inject({ method: 'POST', url: API.system.logout, headers: h.auth(own.access), payload: { refresh_token: own.refresh } });
    expect(out.statusCode).toBe(200);
    expectError(await data(ids.readData!, pair, 'en'), 401, 'analytics.shareInvalid', 'en');
    // The other session's pair still works.
    expect((await data(ids.readData!, other)).statusCode).toBe(200);
  });

  it('refuses a user who lost the menu since the share was issued', async () => {
    const mkt = await signOn('mkt01', 'readData');
    expect((await data(ids.readData!, mkt)).statusCode).toBe(200);
    await h.database.query(`update roles set usable = false where name = 'MKT'`);
    try {
      expectError(await data(ids.readData!, mkt), 403, 'analytics.noAccess');
    } finally {
      await h.database.query(`update roles set usable = true where name = 'MKT'`);
    }
  });

  it('tells the report screens where the share page is (its headers: security-headers.test.ts)', async () => {
    const config = await h.app.inject({ method: 'GET', url: API.analytics.config, headers: h.auth(tokens.admin!) });
    expect(config.json().result).toEqual({ shareUrl: ANALYTICS_SHARE_PAGE });
  });
});

describe('dashboards over known data', () => {
  // 2025-03-01 .. 2025-03-03 in portal time (UTC+8); nothing else in the database is that old.
  const range = { startDate: '2025-03-01', endDate: '2025-03-03' };
  const at = (day: string, time = '10:00') => `${day}T${time}:00+08:00`;

  beforeAll(async () => {
    const q = (text: string, params: unknown[] = []) => h.database.query(text, params);
    const card = (id: number, status: string, bu: string, day: string, category = 'study') =>
      q(`insert into cards (id, content, status, create_by, create_time, update_time) values ($1, $2, $3, 'operator', $4, $4)`, [
        id,
        JSON.stringify({ type: 4, titleName: `card ${id}`, BU: bu, selectValue: category }),
        status,
        at(day),
      ]);
    await card(9001, 'publish', 'PC_All', '2025-03-01');
    await card(9002, 'publish', 'Neuro_ALL', '2025-03-01', 'exam');
    await card(9003, 'created', 'PC_All', '2025-03-02');
    await card(9004, 'draft', 'PC_All', '2025-03-03');
    await card(9005, 'queue', 'Neuro_ALL', '2025-03-03');
    await card(9006, 'created', 'PC_All', '2025-02-27'); // before the range
    // 00:30 on 2025-03-02 portal time is still 2025-03-01 in UTC: counted on the portal day
    await card(9007, 'draft', 'PC_All', '2025-03-02', 'exam');
    await q(`update cards set create_time = $1 where id = 9007`, [at('2025-03-02', '00:30')]);
    const push = (id: number, cardId: number, day: string, status: string, scope: number, mustRead: boolean, delivered: number) =>
      q(
        `insert into pushes (id, push_id, card_id, push_date, scope, remark, must_read, created_by, created_at, status, fired_at, delivered_count)
         overriding system value values ($1, $1, $2, $3, $4, '{}', $5, 'operator', $3, $6, $7, $8)`,
        [id, cardId, at(day), scope, mustRead, status, status === 'fired' ? at(day) : null, delivered],
      );
    await push(9101, 9001, '2025-03-01', 'fired', 0, true, 4);
    await push(9102, 9002, '2025-03-02', 'fired', 2, false, 2);
    await push(9103, 9001, '2025-03-03', 'fired', 2, false, 1);
    await push(9104, 9005, '2025-03-05', 'queued', 1, false, 0); // after the range
    await push(9105, 9003, '2025-03-02', 'cancelled', 0, false, 0);
    // Delivered unread, then opened the way the portal marks a first open (an UPDATE, which the
    // deliveries_first_open trigger counts into pushes.read_count).
    const delivery = async (queueId: number, cardId: number, n: number, day: string, readDay?: string) => {
      await q(`insert into deliveries (queue_id, card_id, wwid, name, sent_at, last_sent_at) values ($1, $2, $3, '', $4, $4)`, [
        queueId,
        cardId,
        wwidOf(n),
        at(day),
      ]);
      if (readDay) {
        await q(`update deliveries set first_open_time = $3 where queue_id = $1 and wwid = $2 and first_open_time is null`, [
          queueId,
          wwidOf(n),
          at(readDay, '12:00'),
        ]);
        // A later open changes nothing: the first open time stays, the counter does not move.
        await q(`update deliveries set first_open_time = coalesce(first_open_time, $3) where queue_id = $1 and wwid = $2`, [
          queueId,
          wwidOf(n),
          at(readDay, '18:00'),
        ]);
      }
    };
    await delivery(9101, 9001, 1, '2025-03-01', '2025-03-01');
    await delivery(9101, 9001, 2, '2025-03-01', '2025-03-02');
    await delivery(9101, 9001, 3, '2025-03-01');
    await delivery(9101, 9001, 4, '2025-03-01');
    await delivery(9102, 9002, 1, '2025-03-02', '2025-03-02');
    await delivery(9102, 9002, 5, '2025-03-02', '2025-03-03');
    await delivery(9103, 9001, 1, '2025-03-03');
    const event = (username: string, operation: string, page: string, day: string, browser = 'Chrome 140') =>
      q(`insert into usage_events (username, operation, page, browser, created_at) values ($1, $2, $3, $4, $5)`, [username, operation, page, browser, at(day)]);
    await event('admin', 'pageView', '/dashboard', '2025-03-01');
    await event('admin', 'pageView', '/reportDownload/readData', '2025-03-01');
    await event('admin', 'pageView', '/dashboard', '2025-03-02', 'Firefox 130');
    await event('rep01', 'pageView', '/dashboard', '2025-03-02');
    await event('rep01', 'logout', '/dashboard', '2025-03-02');
    await event('operator', 'pageView', '/card/newCard', '2025-03-04'); // after the range
  });

  async function dashboard(router: string, filter: object = {}): Promise<DashboardData> {
    const res = await data(ids[router]!, { ...(await signOn('admin', router)), ...range, ...filter });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as DashboardData;
  }
  const kpis = (d: DashboardData) => Object.fromEntries(d.kpis.map((k) => [k.key, k.value]));
  const chart = (d: DashboardData, key: string) => d.charts.find((c) => c.key === key)!;

  it('card information', async () => {
    const d = await dashboard('cardInfo');
    expect(d).toMatchObject({ hasData: true, range });
    expect(kpis(d)).toEqual({ cards: 6, created: 1, published: 2, drafts: 2 });
    expect(chart(d, 'cardsByStatus')).toMatchObject({ categories: ['draft', 'publish', 'created', 'queue'], series: [{ values: [2, 2, 1, 1] }] });
    expect(chart(d, 'cardsPerDay')).toMatchObject({ categories: ['2025-03-01', '2025-03-02', '2025-03-03'], series: [{ key: 'cards', values: [2, 2, 2] }] });
    expect(chart(d, 'cardsByBu')).toMatchObject({ categories: ['PC_All', 'Neuro_ALL'], series: [{ values: [4, 2] }] });
    expect(d.table.rows.map((r) => r[0])).toEqual([9005, 9004, 9003, 9007, 9002, 9001]);
    expect(d.table.rows.map((r) => r[d.table.columns.indexOf('cardType')])).toEqual(Array(6).fill('textCard'));
    expect(d.table.total).toBe(6);
    expect(kpis(await dashboard('cardInfo', { bu: 'Neuro_ALL' }))).toEqual({ cards: 2, created: 0, published: 1, drafts: 0 });
  });

  it('card recommendation', async () => {
    const d = await dashboard('cardRec');
    expect(kpis(d)).toEqual({ pushes: 4, fired: 3, queued: 0, cancelled: 1, mustRead: 1, recipients: 7 });
    expect(chart(d, 'pushesPerDay').series[0]!.values).toEqual([1, 2, 1]);
    expect(chart(d, 'pushesByScope')).toMatchObject({ categories: ['scope0', 'scope2'], series: [{ values: [2, 2] }] });
    expect(d.table.rows.map((r) => r[0])).toEqual([9103, 9105, 9102, 9101]);
    expect(kpis(await dashboard('cardRec', { bu: 'Neuro_ALL' }))).toMatchObject({ pushes: 1, recipients: 2 });
  });

  it('pushed articles', async () => {
    const d = await dashboard('pushArticles');
    expect(kpis(d)).toEqual({ cardsPushed: 2, pushes: 3, recipients: 7, reads: 4, readRate: 57.1 });
    expect(d.table.rows).toEqual([
      [9001, 'card 9001', 'study', 'PC_All', 2, 5, 2, 40, new Date(at('2025-03-03')).toISOString()],
      [9002, 'card 9002', 'exam', 'Neuro_ALL', 1, 2, 2, 100, new Date(at('2025-03-02')).toISOString()],
    ]);
    expect(chart(d, 'cardsByCategory')).toMatchObject({ categories: ['study', 'exam'], series: [{ values: [1, 1] }] });
    // A BU narrows the fired entries to its cards' (cards joined through the cards module's fragment).
    expect(kpis(await dashboard('pushArticles', { bu: 'Neuro_ALL' }))).toEqual({ cardsPushed: 1, pushes: 1, recipients: 2, reads: 2, readRate: 100 });
  });

  it('read data', async () => {
    // The per-entry counters the dashboard sums equal counting the deliveries.
    const counters = await h.database.query<{
      id: number;
      read_count: number;
      opened: number;
    }>(`select p.id::int as id, p.read_count, (select count(first_open_time) from deliveries d where d.queue_id = p.id)::int as opened
                                from pushes p where p.id in (9101, 9102, 9103) order by p.id`);
    expect(counters.map((r) => [r.id, r.read_count, r.opened])).toEqual([
      [9101, 2, 2],
      [9102, 2, 2],
      [9103, 0, 0],
    ]);
    const d = await dashboard('readData');
    expect(kpis(d)).toEqual({ delivered: 7, reads: 4, unread: 3, readRate: 57.1 });
    expect(kpis(await dashboard('readData', { bu: 'PC_All' }))).toEqual({ delivered: 5, reads: 2, unread: 3, readRate: 40 });
    expect(chart(d, 'readsPerDay').series).toEqual([
      { key: 'delivered', values: [4, 2, 1] },
      { key: 'reads', values: [2, 2, 0] },
    ]);
    expect(d.table.rows).toEqual([
      [9001, 'card 9001', 'PC_All', 5, 2, 3, 40],
      [9002, 'card 9002', 'Neuro_ALL', 2, 2, 0, 100],
    ]);
    expect(kpis(await dashboard('readData', { bu: 'Neuro_ALL' }))).toEqual({ delivered: 2, reads: 2, unread: 0, readRate: 100 });
    expect(kpis(await dashboard('readData', { startDate: '2025-03-03', endDate: '2025-03-03' }))).toEqual({ delivered: 1, reads: 0, unread: 1, readRate: 0 });
  });

  it('system access, fed by usage tracking', async () => {
    const d = await dashboard('systemAc');
    expect(kpis(d)).toEqual({ pageViews: 4, actions: 1, activeUsers: 2, pagesVisited: 2 });
    expect(chart(d, 'visitsPerDay').series).toEqual([
      { key: 'views', values: [2, 2, 0] },
      { key: 'users', values: [1, 2, 0] },
    ]);
    expect(chart(d, 'topPages')).toMatchObject({ categories: ['/dashboard', '/reportDownload/readData'], series: [{ values: [3, 1] }] });
    expect(chart(d, 'browsers')).toMatchObject({ categories: ['Chrome 140', 'Firefox 130'], series: [{ values: [4, 1] }] });
    expect(d.table.total).toBe(5);
    // BU of the user's directory entry: rep01 is employee 1's account
    const [bu] = await h.database.query<{ bu: string }>(`select e.bu from users u join employees e on e.wwid = u.employee_no where u.username = 'rep01'`);
    const [adminBu] = await h.database.query<{ bu: string }>(`select e.bu from users u join employees e on e.wwid = u.employee_no where u.username = 'admin'`);
    const byBu = kpis(await dashboard('systemAc', { bu: bu!.bu }));
    expect(byBu.activeUsers).toBe(bu!.bu === adminBu!.bu ? 2 : 1);
  });
});

describe('usage tracking: POST insertEvent (spec 001 sections 3 and 7.9)', () => {
  const insert = (user: string | undefined, payload: unknown, lang: Lang = 'zh') =>
    h.app.inject({
      method: 'POST',
      url: API.analytics.insertEvent,
      headers: { ...(user ? h.auth(tokens[user]!) : {}), language: lang },
      payload: payload as object,
    });
  const event = {
    operation: 'pageView',
    page: '/reportDownload/cardInfo',
    pageDetail: '卡片信息',
    username: 'rep01',
    location: 'http://x/#/a',
    language: 'zh',
    screenSize: '1440x900',
    browser: 'Chrome 140',
    networkType: '4g',
    system: 'Linux',
  };

  it('stores one event or a batch as the signed-in user, with the address the server saw', async () => {
    expect((await insert('operator', event)).json()).toMatchObject({ code: 200, result: { count: 1 } });
    expect((await insert('operator', [event, { ...event, operation: 'export' }])).json().result).toEqual({ count: 2 });
    const rows = await h.database.query<Record<string, string>>(
      `select * from usage_events where username = 'operator' and page = '/reportDownload/cardInfo' order by id`,
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      username: 'operator',
      operation: 'pageView',
      page_detail: '卡片信息',
      screen_size: '1440x900',
      browser: 'Chrome 140',
      network_type: '4g',
      system: 'Linux',
      language: 'zh',
      ip: '127.0.0.1',
    });
    expect(rows[2]!.operation).toBe('export');
  });

  it('validates every field, naming it, and stores nothing of a bad batch', async () => {
    const count = async () => Number((await h.database.query<{ n: string }>(`select count(*) as n from usage_events`))[0]!.n);
    const before = await count();
    const cases: [unknown, string][] = [
      [{ ...event, operation: '' }, 'operation'],
      [{ ...event, page: undefined }, 'page'],
      [{ ...event, screenSize: 'x'.repeat(33) }, 'screenSize'],
      [{ ...event, extra: 1 }, 'extra'],
      [[event, { ...event, page: 5 }], '1.page'],
      [Array.from({ length: 51 }, () => event), 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await insert('rep01', payload, 'en');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field ?? 'body').toContain(field === 'body' ? '' : field.split('.').pop()!);
    }
    expect(await count()).toBe(before);
    expect((await insert(undefined, event)).statusCode).toBe(401);
  });
});

describe('date range rule', () => {
  it('defaults to the last 30 portal days and fills every day', () => {
    const r = dateRange({}, Date.parse('2026-11-22T17:00:00Z')); // 01:00 on the 23rd in portal time
    expect(r.endDate).toBe('2026-11-23');
    expect(r.startDate).toBe('2026-10-25');
    expect(r.days).toHaveLength(30);
    expect(r.from.toISOString()).toBe('2026-10-24T16:00:00.000Z');
  });
});
