import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BATCH_PUSH_AUTHORITY, BATCH_PUSH_PATHS, message, type BatchPushRequest, type BatchPushResult, type MessageKey } from '@field-portal/shared';
import { PushScheduler } from './scheduler.js';
import { wwidOf } from '../../seed/demo.js';
import { expectError, multipartPost } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
let scheduler: PushScheduler;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  scheduler = new PushScheduler(h.database.db);
  // admin holds every menu; operator (card manager) has the push screens and batchPushIndex.
  // nobatch: a role with the push screens (cardArea) but without batchPushIndex.
  const q = (text: string, params: unknown[] = []) => h.database.query<{ id: string }>(text, params);
  const [user] = await q(
    `insert into users (username, password_hash, first_name, real_name, org_id, bu_list)
     select 'nobatch', password_hash, '无批量', '无批量', org_id, bu_list from users where username = 'operator' returning id`,
  );
  const [role] = await q(`insert into roles (name, name_en, data_scope) values ('push without batch', 'push without batch', 'all') returning id`);
  await q(
    `insert into role_menus (role_id, menu_id) select $1, m.id from menus m left join menus p on p.id = m.parent_id where m.router = 'cardArea' or p.router = 'cardArea'`,
    [role!.id],
  );
  await q(`insert into user_roles (user_id, role_id) values ($1, $2)`, [user!.id, role!.id]);
  for (const username of ['admin', 'operator', 'nobatch']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => h?.close());

type Lang = 'zh' | 'en';
const headers = (user: string, lang: Lang = 'zh') => ({ ...h.auth(tokens[user]!), language: lang });
const send = (body: BatchPushRequest | object, user = 'admin', lang: Lang = 'zh') =>
  h.app.inject({ method: 'POST', url: BATCH_PUSH_PATHS.push, headers: headers(user, lang), payload: body });

let serial = 0;
async function makeCard(status: string): Promise<number> {
  const at = new Date(h.clock.value).toISOString();
  const [row] = await h.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time)
     values (nextval('card_id_seq'), $1, $2, 'operator', $3, $3) returning id`,
    [JSON.stringify({ type: 4, titleName: `batch card ${++serial}`, BU: 'PC_All' }), status, at],
  );
  return Number(row!.id);
}
const cardRow = async (id: number) =>
  (await h.database.query<{ status: string; queue_id: string | null }>('select status, queue_id from cards where id = $1', [id]))[0]!;
const pushCount = async () => Number((await h.database.query<{ n: string }>('select count(*) as n from pushes'))[0]!.n);
const people = (...ns: number[]) => ns.map((n) => ({ receiverId: wwidOf(n), receiverName: `p${n}` }));

describe('batch push: the happy path', () => {
  it('queues each row as an ordinary push to the union of its lists, seen in the queue, the published list and the report', async () => {
    const a = await makeCard('created');
    const b = await makeCard('created');
    const res = await send({
      pushDate: '0',
      lists: [
        { name: 'north.xlsx', receiver: [...people(1, 2), { receiverId: wwidOf(2), receiverName: 'again' }] },
        { name: 'south.xlsx', receiver: people(2, 3) },
      ],
      rows: [
        { cardId: a, lists: [0] },
        { cardId: b, lists: [0, 1], mustRead: true, notReadTime: 12, pushNum: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as BatchPushResult;
    expect(result.pushes.map((p) => [p.row, p.cardId, p.receivers])).toEqual([
      [1, a, 2],
      [2, b, 3],
    ]);
    // Repeats are reported per list, as the push dialog does, and the person is pushed once.
    expect(result.lists).toEqual([
      { name: 'north.xlsx', receivers: 2, duplicates: [wwidOf(2)] },
      { name: 'south.xlsx', receivers: 2, duplicates: [] },
    ]);
    expect(new Set(result.pushes.map((p) => p.pushId)).size).toBe(2);

    // The queue shows both, like any push.
    const queued = await h.app.inject({ method: 'GET', url: `${API.push.queueList}?limitNum=100`, headers: headers('admin') });
    const queueIds = (queued.json().data.data.result as { id: number }[]).map((c) => c.id);
    expect(queueIds).toEqual(expect.arrayContaining([a, b]));
    const must = (
      await h.database.query<{ must_read: boolean; not_read_time: number; push_num: number }>(
        'select must_read, not_read_time, push_num from pushes where card_id = $1',
        [b],
      )
    )[0]!;
    expect(must).toEqual({ must_read: true, not_read_time: 12, push_num: 2 });

    await scheduler.runDue(h.clock.value);
    const published = await h.app.inject({ method: 'GET', url: `${API.push.list}?status=publish&limitNum=100`, headers: headers('admin') });
    expect((published.json().data.result as { id: number }[]).map((c) => c.id)).toEqual(expect.arrayContaining([a, b]));
    const report = await h.app.inject({ method: 'GET', url: `${API.push.pushReport}?cardId=${b}&limitNum=100`, headers: headers('admin') });
    const rows = report.json().data.result as { ReceiverWwid: string; Sendwwid: string }[];
    expect(rows.map((r) => r.ReceiverWwid).sort()).toEqual([wwidOf(1), wwidOf(2), wwidOf(3)]);
  });

  it('offers created and published cards only in the picker', async () => {
    const created = await makeCard('created');
    const draft = await makeCard('draft');
    const res = await h.app.inject({ method: 'GET', url: `${BATCH_PUSH_PATHS.cards}?search=batch%20card`, headers: headers('admin') });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { id: number; status: string }[]).map((c) => c.id);
    expect(ids).toContain(created);
    expect(ids).not.toContain(draft);
  });

  it('reads a list upload as the push dialog does: unknown wwids and repeats reported', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('list').addRows([
      ['wwid', 'name'],
      [wwidOf(4), 'x'],
      ['nobody-here', 'y'],
      [wwidOf(4), 'x'],
    ]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await h.app.inject(multipartPost(BATCH_PUSH_PATHS.uploadReceiverList, [{ name: 'file', bytes, filename: 'list.xlsx' }], headers('admin')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ receiver: [{ receiverId: wwidOf(4), receiverName: 'x' }], unknown: ['nobody-here'], duplicates: [wwidOf(4)] });
  });
});

describe('batch push: bad input changes nothing', () => {
  it('gives each rule its message in zh and en, naming the row and the field', async () => {
    const id = await makeCard('created');
    const other = await makeCard('created');
    const lists = [{ name: 'one.xlsx', receiver: people(5) }];
    const cases: [object, number, MessageKey, Record<string, string | number>, string][] = [
      [{ pushDate: '0', lists: [], rows: [{ cardId: id, lists: [0] }] }, 400, 'batchPush.noLists', {}, 'lists'],
      [{ pushDate: '0', lists, rows: [] }, 400, 'batchPush.noRows', {}, 'rows'],
      [{ pushDate: '', lists, rows: [{ cardId: id, lists: [0] }] }, 400, 'push.selectTime', {}, 'pushDate'],
      [{ pushDate: '2000-01-01 00:00:00', lists, rows: [{ cardId: id, lists: [0] }] }, 400, 'push.timeTooEarly', {}, 'pushDate'],
      [
        { pushDate: '0', lists: [...lists, { name: 'one.xlsx', receiver: people(6) }], rows: [{ cardId: id, lists: [0] }] },
        400,
        'batchPush.listNameRepeated',
        { list: 'one.xlsx' },
        'lists',
      ],
      [
        {
          pushDate: '0',
          lists,
          rows: [
            { cardId: id, lists: [0] },
            { cardId: id, lists: [0] },
          ],
        },
        400,
        'batchPush.rowCardRepeated',
        { row: 2, id, first: 1 },
        'rows.1.cardId',
      ],
      [{ pushDate: '0', lists, rows: [{ cardId: id, lists: [0] }, { lists: [0] }] }, 400, 'batchPush.rowNoCard', { row: 2 }, 'rows.1.cardId'],
      [{ pushDate: '0', lists, rows: [{ cardId: id, lists: [] }] }, 400, 'batchPush.rowNoList', { row: 1 }, 'rows.0.lists'],
      [
        {
          pushDate: '0',
          lists,
          rows: [
            { cardId: other, lists: [0] },
            { cardId: id, lists: [3] },
          ],
        },
        400,
        'batchPush.rowListMissing',
        { row: 2, list: 4 },
        'rows.1.lists',
      ],
      [
        { pushDate: '0', lists: [{ name: 'empty.xlsx', receiver: [] }], rows: [{ cardId: id, lists: [0] }] },
        400,
        'batchPush.rowNoReceivers',
        { row: 1 },
        'rows.0.lists',
      ],
      [
        { pushDate: '0', lists, rows: [{ cardId: id, lists: [0], mustRead: true, notReadTime: 0, pushNum: 1 }] },
        400,
        'batchPush.rowUnreadTime',
        { row: 1 },
        'rows.0.notReadTime',
      ],
      [
        { pushDate: '0', lists, rows: [{ cardId: id, lists: [0], mustRead: true, notReadTime: 5, pushNum: 100 }] },
        400,
        'batchPush.rowMaxPushTimes',
        { row: 1 },
        'rows.0.pushNum',
      ],
      [
        {
          pushDate: '0',
          lists: [...lists, { name: 'bad.xlsx', receiver: [{ receiverId: 'nobody', receiverName: '' }] }],
          rows: [{ cardId: id, lists: [0, 1] }],
        },
        400,
        'batchPush.listUnknownReceiver',
        { list: 'bad.xlsx', wwid: 'nobody' },
        'lists',
      ],
    ];
    const before = await pushCount();
    for (const lang of ['zh', 'en'] as const) {
      for (const [body, status, key, params, field] of cases) {
        const error = expectError(await send(body, 'admin', lang), status, key, lang, params);
        expect(error.field).toBe(field);
      }
    }
    expect(message('batchPush.rowCardRepeated', 'en', { row: 2, id: 7, first: 1 })).toBe('Row 2, card: card 7 is already in row 1');
    expect(await pushCount()).toBe(before);
    expect((await cardRow(id)).status).toBe('created');
  });

  it('queues nothing when one row names a card that cannot be pushed (all or nothing)', async () => {
    const good = await makeCard('created');
    const published = await makeCard('created');
    for (const status of ['draft', 'queue']) {
      const bad = await makeCard(status);
      const before = await pushCount();
      for (const lang of ['zh', 'en'] as const) {
        const body = {
          pushDate: '0',
          lists: [{ name: 'all.xlsx', receiver: people(7, 8) }],
          rows: [
            { cardId: good, lists: [0] },
            { cardId: published, lists: [0] },
            { cardId: bad, lists: [0] },
          ],
        };
        const error = expectError(await send(body, 'admin', lang), 409, 'batchPush.rowCardNotPushable', lang, { row: 3, id: bad });
        expect(error.field).toBe('rows.2.cardId');
      }
      expect(await pushCount()).toBe(before);
      expect((await cardRow(good)).status).toBe('created');
      expect((await cardRow(published)).status).toBe('created');
    }
    // A card that does not exist is refused the same way.
    const missing = 2_000_000_000;
    expectError(
      await send({
        pushDate: '0',
        lists: [{ name: 'l', receiver: people(1) }],
        rows: [
          { cardId: good, lists: [0] },
          { cardId: missing, lists: [0] },
        ],
      }),
      404,
      'batchPush.rowCardNotPushable',
      'zh',
      { row: 2, id: missing },
    );
    expect((await cardRow(good)).status).toBe('created');
  });

  it('refuses unknown fields and hostile values with the field named, never a 5xx', async () => {
    const id = await makeCard('created');
    const bodies: object[] = [
      { pushDate: '0', lists: [], rows: [], extra: 1 },
      { pushDate: '0', lists: [{ name: 'a\u0000b', receiver: [] }], rows: [] },
      { pushDate: '0', lists: [{ name: 'a', receiver: [{ receiverId: '\uD800', receiverName: '' }] }], rows: [{ cardId: id, lists: [0] }] },
      { pushDate: '0', lists: [{ name: 'a', receiver: [] }], rows: [{ cardId: 99e99, lists: [0] }] },
      { pushDate: '0', lists: [{ name: 'a', receiver: [] }], rows: [{ cardId: id, lists: [-1] }] },
      { pushDate: 'not a date', lists: [{ name: 'a', receiver: people(1) }], rows: [{ cardId: id, lists: [0] }] },
      { pushDate: '0', lists: [{ name: 'a', receiver: people(1) }], rows: [{ cardId: id, lists: [0], mustRead: true, notReadTime: 'x', pushNum: '1e9' }] },
    ];
    for (const body of bodies) {
      const res = await send(body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().msg).toBeTruthy();
    }
    expect((await cardRow(id)).status).toBe('created');
  });
});

describe('batch push: the menu grant', () => {
  it('gives the demo card operator the batch-push menu, and the server lets the operator push', async () => {
    const res = await h.app.inject({ method: 'GET', url: API.system.menuList, headers: headers('operator') });
    expect(res.statusCode, res.body).toBe(200);
    const menus = (res.json().result as { menuList: { router: string; path: string; code: string }[] }).menuList;
    expect(menus.find((m) => m.router === 'batchPushIndex')).toMatchObject({ path: '/batchPush/batchPushIndex', code: BATCH_PUSH_AUTHORITY });
    // the menu's parent shows with it
    expect(menus.map((m) => m.router)).toContain('other');
    const picker = await h.app.inject({ method: 'GET', url: BATCH_PUSH_PATHS.cards, headers: headers('operator') });
    expect(picker.statusCode, picker.body).toBe(200);
    const id = await makeCard('created');
    const pushed = await send({ pushDate: '0', lists: [{ name: 'ops.xlsx', receiver: people(4) }], rows: [{ cardId: id, lists: [0] }] }, 'operator');
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect((pushed.json().data as BatchPushResult).pushes).toHaveLength(1);
  });

  it('refuses every call without batchPushIndex, even to a push operator', async () => {
    const id = await makeCard('created');
    const body = { pushDate: '0', lists: [{ name: 'l', receiver: people(1) }], rows: [{ cardId: id, lists: [0] }] };
    for (const lang of ['zh', 'en'] as const) expectError(await send(body, 'nobatch', lang), 403, 'auth.forbidden', lang);
    expect((await h.app.inject({ method: 'GET', url: BATCH_PUSH_PATHS.cards, headers: headers('nobatch') })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: BATCH_PUSH_PATHS.push, payload: body })).statusCode).toBe(401);
    expect((await cardRow(id)).status).toBe('created');
  });
});
