import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, EXCLUDED_CARD_SOURCES, message, PUSH_REPORT_COLUMNS, type MessageKey } from '@field-portal/shared';
import { openDatabase, type Database } from '../../db/client.js';
import { PushScheduler, pushJobs } from './scheduler.js';
import { JobRunner } from '../../platform/jobs/index.js';
import { DEMO_EMPLOYEES, wwidOf } from '../../seed/demo.js';
import { callers, expectError, signIn, type Lang } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
let scheduler: PushScheduler;
const tokens: Record<string, string> = {};
const HOUR = 3_600_000;
beforeAll(async () => {
  h = await createHarness();
  scheduler = new PushScheduler(h.database.db);
  await signIn(h, ['operator', 'operator2', 'rep01', 'admin'], tokens);
});
afterAll(async () => h?.close());

const { read: get, post } = callers(() => h, tokens);
const qs = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

let serial = 0;
/** A card straight in the table (the authoring flow has its own tests). */
async function makeCard(
  status: string,
  options: { createBy?: string; title?: string; source?: string; template?: string; createTime?: number; bu?: string } = {},
): Promise<number> {
  const title = options.title ?? `push card ${++serial}`;
  const at = new Date(options.createTime ?? h.clock.value).toISOString();
  const [row] = await h.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time, source, template)
     values (nextval('card_id_seq'), $1, $2, $3, $4, $4, $5, $6) returning id`,
    [
      JSON.stringify({ type: 4, titleName: title, BU: options.bu ?? 'PC_All' }),
      status,
      options.createBy ?? 'operator',
      at,
      options.source ?? '',
      options.template ?? '',
    ],
  );
  return Number(row!.id);
}

const card = async (id: number) =>
  (
    await h.database.query<{ status: string; last_push_time: Date | null; queue_id: string | null; push_id: string | null; remark: unknown }>(
      'select * from cards where id = $1',
      [id],
    )
  )[0]!;
const deliveryCount = async (queueId: number) =>
  Number((await h.database.query<{ n: string }>('select count(*) as n from deliveries where queue_id = $1', [queueId]))[0]!.n);

interface PushBody {
  pushDate?: string | number;
  pushInfo?: object[];
  receiver?: object[];
  remark?: string | object;
}
const push = (body: PushBody, user = 'operator', lang: Lang = 'zh') =>
  post(user, API.push.pushCard, { pushDate: '0', receiver: [], remark: { scope: 0 }, ...body }, lang);
async function pushOk(body: PushBody) {
  const res = await push(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { pushId: number; queue: { cardId: number; queueId: number }[] };
}
const later = (ms: number) => new Date(h.clock.value + ms).toISOString();
/** A card pushed to the given people and fired. */
async function published(wwids: string[] = [wwidOf(1), wwidOf(2), wwidOf(3)], extra: Partial<PushBody> = {}, info: object = {}) {
  const id = await makeCard('created');
  const pushed = await pushOk({
    pushInfo: [{ id, ...info }],
    receiver: wwids.map((w) => ({ receiverId: w, receiverName: '' })),
    remark: { scope: 2 },
    ...extra,
  });
  await scheduler.runDue(h.clock.value);
  return { id, pushId: pushed.pushId, queueId: pushed.queue[0]!.queueId };
}

describe('POST pushCard: the rules of spec 000 section 5', () => {
  it('gives each rule its message in zh and en', async () => {
    const id = await makeCard('created');
    const cases: [PushBody, MessageKey][] = [
      [{ pushInfo: [] }, 'push.selectCard'],
      [{ pushInfo: [{ id }], pushDate: '' }, 'push.selectTime'],
      [{ pushInfo: [{ id }], pushDate: new Date(h.clock.value - 3 * 24 * HOUR).toISOString() }, 'push.timeTooEarly'],
      [{ pushInfo: [{ id, mustRead: true, notReadTime: 0, pushNum: 1 }] }, 'push.unreadTime'],
      [{ pushInfo: [{ id, mustRead: true, notReadTime: 24, pushNum: -1 }] }, 'push.maxPushTimes'],
      [{ pushInfo: [{ id }], remark: { scope: 0, top: true } }, 'push.selectPinPeriod'],
      [{ pushInfo: [{ id }], remark: JSON.stringify({ scope: 1 }) }, 'push.checkList'],
      [{ pushInfo: [{ id }], remark: { scope: 2 } }, 'push.addPersons'],
    ];
    for (const lang of ['zh', 'en'] as const) {
      for (const [body, key] of cases) expectError(await push(body, 'operator', lang), 400, key, lang);
    }
    expect(message('push.selectCard', 'en')).toBe('select at least one card');
    expect((await card(id)).status).toBe('created');
  });

  it('pushes only created or published cards, to people in the directory', async () => {
    for (const status of ['draft', 'queue']) {
      const id = await makeCard(status);
      expectError(await push({ pushInfo: [{ id }] }), 409, 'push.cardNotPushable', 'zh', { id });
    }
    const id = await makeCard('created');
    expectError(
      await push({ pushInfo: [{ id }], receiver: [{ receiverId: 'nobody', receiverName: 'x' }], remark: { scope: 2 } }),
      400,
      'push.unknownReceiver',
      'zh',
      { wwid: 'nobody' },
    );
    // One bad card refuses the whole push: nothing is half-queued.
    const draft = await makeCard('draft');
    expect((await push({ pushInfo: [{ id }, { id: draft }] })).statusCode).toBe(409);
    expect((await card(id)).status).toBe('created');
  });

  it('queues the cards until the scheduler fires them', async () => {
    const a = await makeCard('created');
    const b = await makeCard('created');
    const { pushId, queue } = await pushOk({ pushInfo: [{ id: a }, { id: b }], pushDate: later(2 * HOUR) });
    expect(queue.map((q) => q.cardId)).toEqual([a, b]);
    for (const id of [a, b]) expect(await card(id)).toMatchObject({ status: 'queue' });
    expect(Number((await card(a)).push_id)).toBe(pushId);
    await scheduler.runDue(h.clock.value + HOUR);
    expect((await card(a)).status).toBe('queue');
    const run = await scheduler.runDue(h.clock.value + 2 * HOUR);
    expect(run.fired).toEqual(expect.arrayContaining(queue.map((q) => q.queueId)));
    for (const id of [a, b]) expect((await card(id)).status).toBe('publish');
    expect(new Date((await card(a)).last_push_time!).getTime()).toBe(h.clock.value + 2 * HOUR);
    expect(await deliveryCount(queue[0]!.queueId)).toBe(DEMO_EMPLOYEES);
  });
});

describe('scheduler', () => {
  it('fires an immediate push on the next run, all staff gets exactly one delivery each', async () => {
    const id = await makeCard('created');
    const { queue } = await pushOk({ pushInfo: [{ id }] });
    const run = await scheduler.runDue(h.clock.value);
    expect(run.fired).toContain(queue[0]!.queueId);
    expect(await deliveryCount(queue[0]!.queueId)).toBe(2000);
    expect((await scheduler.runDue(h.clock.value)).fired).toEqual([]);
    expect(await deliveryCount(queue[0]!.queueId)).toBe(2000);
  });

  it('fires once when two schedulers run at the same moment (two pools on PostgreSQL)', async () => {
    let second: Database | undefined;
    if (h.databaseUrl) second = await openDatabase({ databaseUrl: h.databaseUrl, poolSize: 3 });
    const other = new PushScheduler(second ? second.db : h.database.db);
    try {
      const ids = [await makeCard('created'), await makeCard('created'), await makeCard('created')];
      const { queue } = await pushOk({ pushInfo: ids.map((id) => ({ id })) });
      const runs = await Promise.all([
        scheduler.runDue(h.clock.value),
        other.runDue(h.clock.value),
        scheduler.runDue(h.clock.value),
        other.runDue(h.clock.value),
      ]);
      const fired = runs.flatMap((r) => r.fired);
      expect(fired.sort()).toEqual(queue.map((q) => q.queueId).sort());
      expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(3 * DEMO_EMPLOYEES);
      for (const q of queue) expect(await deliveryCount(q.queueId)).toBe(DEMO_EMPLOYEES);
    } finally {
      await second?.close();
    }
  });

  it('a crash inside the firing transaction leaves the push unfired; the next run delivers each exactly once', async () => {
    const id = await makeCard('created');
    const { queue } = await pushOk({ pushInfo: [{ id }] });
    const queueId = queue[0]!.queueId;
    const crashing = new PushScheduler(h.database.db, {
      beforeCommit: () => {
        throw new Error('crash after the INSERT');
      },
    });
    await expect(crashing.runDue(h.clock.value)).rejects.toThrow('crash after the INSERT');
    expect(await deliveryCount(queueId)).toBe(0);
    expect((await card(id)).status).toBe('queue');
    expect((await h.database.query<{ status: string }>('select status from pushes where id = $1', [queueId]))[0]!.status).toBe('queued');
    const run = await scheduler.runDue(h.clock.value);
    expect(run.fired).toContain(queueId);
    expect(await deliveryCount(queueId)).toBe(DEMO_EMPLOYEES);
    const distinct = await h.database.query<{ n: string }>('select count(distinct wwid) as n from deliveries where queue_id = $1', [queueId]);
    expect(Number(distinct[0]!.n)).toBe(DEMO_EMPLOYEES);
    expect((await card(id)).status).toBe('publish');
  });

  it('resends unread must-read deliveries every notReadTime hours until pushNum sends, and reports them', async () => {
    const resent: number[] = [];
    const s = new PushScheduler(h.database.db, { onResent: (e) => resent.push(e.count) });
    const { id, queueId } = await published([wwidOf(1), wwidOf(2), wwidOf(3)], {}, { mustRead: true, notReadTime: 2, pushNum: 3 });
    const counts = async () =>
      (
        await h.database.query<{ wwid: string; send_count: number }>('select wwid, send_count from deliveries where queue_id = $1 order by wwid', [queueId])
      ).map((r) => r.send_count);
    expect(await counts()).toEqual([1, 1, 1]);
    expect((await s.runDue(h.clock.value + HOUR)).resent).toBe(0);
    // admin (wwid 1) opens the card: no more reminders for them.
    expect((await post('admin', API.push.readCard, { cardId: id })).json().data).toEqual({ updated: 1 });
    expect((await s.runDue(h.clock.value + 2 * HOUR)).resent).toBe(2);
    expect(await counts()).toEqual([1, 2, 2]);
    expect((await s.runDue(h.clock.value + 3 * HOUR)).resent).toBe(0);
    expect((await s.runDue(h.clock.value + 4 * HOUR)).resent).toBe(2);
    expect(await counts()).toEqual([1, 3, 3]);
    expect((await s.runDue(h.clock.value + 100 * HOUR)).resent).toBe(0);
    expect(resent).toEqual([2, 2]);
  });

  it('does not resend a push that is not must-read', async () => {
    const { queueId } = await published([wwidOf(5)]);
    await scheduler.runDue(h.clock.value + 1000 * HOUR);
    expect((await h.database.query<{ send_count: number }>('select send_count from deliveries where queue_id = $1', [queueId]))[0]!.send_count).toBe(1);
  });

  it('runs on its own timer and stops', async () => {
    const delivered: number[] = [];
    const s = new JobRunner(h.database, { now: () => h.clock.value }).register(pushJobs(h.database.db, { onDelivered: (e) => delivered.push(e.count) }, 20));
    const id = await makeCard('created');
    await pushOk({ pushInfo: [{ id }], receiver: [{ receiverId: wwidOf(9), receiverName: '' }], remark: { scope: 2 } });
    await s.start();
    for (let i = 0; i < 100 && delivered.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await s.stop();
    expect(delivered).toEqual([1]);
    expect((await card(id)).status).toBe('publish');
  });
});

describe('cancel, pin, delete (spec 000 section 4)', () => {
  it('cancels only while queued, and the card goes back', async () => {
    const id = await makeCard('created');
    const { pushId, queue } = await pushOk({ pushInfo: [{ id }], pushDate: later(HOUR) });
    const queueId = queue[0]!.queueId;
    expectError(await post('operator', API.push.cardCancelPush, { pushId: pushId + 1000, queueId }), 404, 'request.notFound');
    const res = await post('operator2', API.push.cardCancelPush, { pushId, queueId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await card(id)).status).toBe('created');
    expectError(await post('operator', API.push.cardCancelPush, { pushId, queueId }, 'en'), 409, 'push.notQueued', 'en');
    await scheduler.runDue(h.clock.value + 2 * HOUR);
    expect((await card(id)).status).toBe('created');
    expect(await deliveryCount(queueId)).toBe(0);
    // Once sent, it cannot be cancelled.
    const sent = await published();
    expectError(await post('operator', API.push.cardCancelPush, { pushId: sent.pushId, queueId: sent.queueId }), 409, 'push.notQueued');
    // A published card pushed again and cancelled is published again.
    const again = await pushOk({ pushInfo: [{ id: sent.id }], pushDate: later(HOUR) });
    expect((await card(sent.id)).status).toBe('queue');
    await post('operator', API.push.cardCancelPush, { pushId: again.pushId, queueId: again.queue[0]!.queueId });
    expect((await card(sent.id)).status).toBe('publish');
    expect(Number((await card(sent.id)).queue_id)).toBe(sent.queueId);
  });

  it('pins and unpins a published card; the top list shows pinned cards within their period', async () => {
    const { id, queueId } = await published();
    const start = new Date(h.clock.value - HOUR).toISOString();
    const end = new Date(h.clock.value + 24 * HOUR).toISOString();
    expectError(await post('operator', API.push.pushTopStatus, { queueId, status: true }), 400, 'push.selectPinPeriod');
    expectError(
      await post('operator', API.push.pushTopStatus, { queueId, status: true, topStartTime: start, topEndTime: end, permanent: true }),
      400,
      'push.permanentUnsupported',
    );
    const pinned = await post('operator', API.push.pushTopStatus, { queueId, status: true, topStartTime: start, topEndTime: end, permanent: false });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await card(id)).remark).toMatchObject({ top: true, topStartTime: start, topEndTime: end, permanent: false });
    const top = async () =>
      (await get('operator', `${API.push.list}?${qs({ status: 'top', limitNum: 100 })}`)).json().data.result.map((c: { id: number }) => c.id);
    expect(await top()).toContain(id);
    expect((await post('operator', API.push.pushTopStatus, { queueId, status: false })).statusCode).toBe(200);
    expect((await card(id)).remark).toMatchObject({ top: false });
    expect(await top()).not.toContain(id);
    // A queued card cannot be pinned.
    const queuedId = await makeCard('created');
    const q = await pushOk({ pushInfo: [{ id: queuedId }], pushDate: later(HOUR) });
    expectError(
      await post('operator', API.push.pushTopStatus, { queueId: q.queue[0]!.queueId, status: true, topStartTime: start, topEndTime: end }),
      409,
      'push.notPublished',
    );
    await post('operator', API.push.cardCancelPush, { pushId: q.pushId, queueId: q.queue[0]!.queueId });
  });

  it('pins from the push dialog', async () => {
    const topStartTime = new Date(h.clock.value).toISOString();
    const topEndTime = new Date(h.clock.value + 365 * 24 * HOUR).toISOString();
    const { id } = await published([wwidOf(7)], { remark: { scope: 2, top: true, topStartTime, topEndTime, permanent: false } });
    expect((await card(id)).remark).toMatchObject({ top: true, topStartTime, topEndTime });
  });

  it('refuses to delete published and queued cards and the cards of others; deletes own drafts and created cards', async () => {
    const { id: publishedId } = await published();
    expectError(await get('operator', `${API.push.deleteCard}?id=${publishedId}`, 'en'), 409, 'card.deleteRefused', 'en');
    expect(message('card.deleteRefused', 'en')).toBe('published or queued cards cannot be deleted');
    const queued = await makeCard('queue');
    expectError(await get('operator', `${API.push.deleteCard}?id=${queued}`), 409, 'card.deleteRefused');
    const created = await makeCard('created');
    expectError(await get('operator2', `${API.push.deleteCard}?id=${created}`), 403, 'auth.forbidden');
    expect((await get('operator', `${API.push.deleteCard}?id=${created}`)).statusCode).toBe(200);
    expect(await h.database.query('select 1 from cards where id = $1', [created])).toHaveLength(0);
    expectError(await get('operator', `${API.push.deleteCard}?id=${created}`), 404, 'request.notFound');
    const draft = await makeCard('draft');
    expect((await get('operator', `${API.push.deleteCard}?id=${draft}`)).statusCode).toBe(200);
  });
});

describe('GET list and queueList', () => {
  const list = async (params: Record<string, string | number | boolean | undefined>, user = 'operator') => {
    const res = await get(user, `${API.push.list}?${qs({ limitNum: 100, ...params })}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; result: { id: number; status: string; createBy: string }[] };
  };

  it('filters by status, title, creator and creation time, and pages', async () => {
    const tag = `flt${Date.now() % 100000}`;
    const t0 = h.clock.value - 10 * 24 * HOUR;
    const draft = await makeCard('draft', { title: `${tag} draft`, createTime: t0 });
    const created1 = await makeCard('created', { title: `${tag} c1`, createTime: t0 + HOUR });
    const created2 = await makeCard('created', { title: `${tag} c2`, createTime: t0 + 2 * HOUR, createBy: 'operator2' });
    const queued = await makeCard('queue', { title: `${tag} q`, createTime: t0 + 3 * HOUR });
    const ids = (page: { result: { id: number }[] }) => page.result.map((c) => c.id);
    expect(ids(await list({ searchParameter: tag }))).toEqual([queued, created2, created1]);
    expect(ids(await list({ searchParameter: tag, status: 'draft' }))).toEqual([draft]);
    expect(ids(await list({ searchParameter: tag, status: 'notPushed' }))).toEqual([created2, created1]);
    expect(ids(await list({ searchParameter: tag, status: 'queue' }))).toEqual([queued]);
    expect(ids(await list({ searchParameter: tag, createBy: 'operator2' }))).toEqual([created2]);
    expect(ids(await list({ searchParameter: tag, orderBy: 'create_time ASC' }))).toEqual([created1, created2, queued]);
    expect(
      ids(await list({ searchParameter: tag, startTime: new Date(t0 + 90 * 60_000).toISOString(), endTime: new Date(t0 + 2.5 * HOUR).toISOString() })),
    ).toEqual([created2]);
    const page2 = await list({ searchParameter: tag, limitNum: 2, pageNum: 2 });
    expect(page2.total).toBe(3);
    expect(ids(page2)).toEqual([created1]);
    // A search text is a text, not a pattern.
    expect((await list({ searchParameter: '%' })).total).toBe(0);
  });

  it('allows only the listed sort orders and statuses', async () => {
    expect((await get('operator', `${API.push.list}?orderBy=${encodeURIComponent('id; drop table cards')}`)).statusCode).toBe(400);
    expect((await get('operator', `${API.push.list}?status=nonsense`)).statusCode).toBe(400);
    expect((await get('operator', `${API.push.list}?limitNum=101`)).statusCode).toBe(400);
  });

  it('sorts published cards by last push time and leaves system cards out of published and queued lists', async () => {
    const first = await published();
    h.clock.advance(1000);
    const second = await published();
    const ids = (await list({ status: 'publish' })).result.map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const tag = `sys${Date.now() % 100000}`;
    const system = await makeCard('queue', { title: `${tag} a`, source: EXCLUDED_CARD_SOURCES[0] });
    const templated = await makeCard('queue', { title: `${tag} b`, template: 'template_666' });
    const normal = await makeCard('queue', { title: `${tag} c` });
    expect((await list({ status: 'queue', searchParameter: tag })).result.map((c) => c.id)).toEqual([normal]);
    expect((await list({ status: '', searchParameter: tag })).result.map((c) => c.id)).toEqual([normal, templated, system]);
    expect(
      (await list({ status: '', searchParameter: tag, notTemplate: 'template_666', notSource: EXCLUDED_CARD_SOURCES.join(',') })).result.map((c) => c.id),
    ).toEqual([normal]);
  });

  it('queueList answers data.data and always sorts by creation time, newest first', async () => {
    const tag = `ql${Date.now() % 100000}`;
    const a = await makeCard('queue', { title: `${tag} a`, createTime: h.clock.value - 2000 });
    const b = await makeCard('queue', { title: `${tag} b`, createTime: h.clock.value - 1000 });
    const res = await get(
      'operator',
      `${API.push.queueList}?${qs({ searchParameter: tag, status: 'queue', orderBy: 'create_time ASC', limitNum: 10, pageNum: 1 })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data.status).toBe(200);
    expect(body.data.data.total).toBe(2);
    expect(body.data.data.result.map((c: { id: number }) => c.id)).toEqual([b, a]);
  });

  it('queueList tells when each queued push is due', async () => {
    const tag = `due${Date.now() % 100000}`;
    const id = await makeCard('created', { title: `${tag} a` });
    const due = later(3 * HOUR);
    const { queue } = await pushOk({ pushInfo: [{ id }], pushDate: due });
    const res = await get('operator', `${API.push.queueList}?${qs({ searchParameter: tag })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data.result).toEqual([
      expect.objectContaining({ id, status: 'queue', queueId: queue[0]!.queueId, pushTime: new Date(due).toISOString() }),
    ]);
  });
});

describe('read state', () => {
  it('pages the read state of the latest push and exports it as xlsx with safe cells', async () => {
    const { id } = await published([wwidOf(1), wwidOf(2), wwidOf(3), wwidOf(4)]);
    await post('admin', API.push.readCard, { cardId: id });
    const page = (await get('operator', `${API.push.cardPushInfo}?${qs({ cardId: id, pageNum: 1, limitNum: 3 })}`)).json().data;
    expect(page.status).toBe(200);
    expect(page.total).toBe(4);
    expect(page.data.map((r: { receiverId: string }) => r.receiverId)).toEqual([wwidOf(1), wwidOf(2), wwidOf(3)]);
    expect(page.data[0]).toMatchObject({ event: 1, receiverName: '管理员' });
    expect(page.data[0].firstOpenTime).not.toBeNull();
    expect(page.data[1]).toMatchObject({ event: 0, firstOpenTime: null });
    const next = (await get('operator', `${API.push.cardPushInfo}?${qs({ cardId: id, pageNum: 2, limitNum: 3 })}`)).json().data;
    expect(next.data.map((r: { receiverId: string }) => r.receiverId)).toEqual([wwidOf(4)]);

    await h.database.query('update deliveries set name = \'=HYPERLINK("x")\' where card_id = $1 and wwid = $2', [id, wwidOf(2)]);
    const res = await get('operator', `${API.push.cardPushInfoExport}?cardId=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).values).toEqual([undefined, 'receiverId', 'receiverName', 'event', 'firstOpenTime']);
    expect(sheet.getRow(3).getCell(2).value).toBe('\'=HYPERLINK("x")');
  });

  it('answers an empty state for a card never sent', async () => {
    const id = await makeCard('created');
    expect((await get('operator', `${API.push.cardPushInfo}?cardId=${id}`)).json().data).toEqual({ status: 200, data: [], total: 0 });
  });
});

describe('GET pushReport', () => {
  it('lists one row per delivery with the twelve columns, filtered by card, BU and push time, and exports it', async () => {
    const id = await makeCard('created', { bu: 'HEMA_MM', title: 'report card' });
    const pushed = await pushOk({
      pushInfo: [{ id, mustRead: true, notReadTime: 24, pushNum: 1 }],
      receiver: [wwidOf(1), wwidOf(2)].map((w) => ({ receiverId: w, receiverName: '' })),
      remark: { scope: 2 },
    });
    await scheduler.runDue(h.clock.value);
    await post('admin', API.push.readCard, { cardId: id });
    const report = async (params: Record<string, string | number | undefined>) => {
      const res = await get('operator', `${API.push.pushReport}?${qs(params)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; result: Record<string, unknown>[] };
    };
    const page = await report({ cardId: id });
    expect(page.total).toBe(2);
    expect(Object.keys(page.result[0]!)).toEqual([...PUSH_REPORT_COLUMNS]);
    expect(page.result[0]).toMatchObject({
      CardId: id,
      CardType: 4,
      CardTitle: 'report card',
      CardBU: 'HEMA_MM',
      IsMustRead: 1,
      Sendwwid: wwidOf(2),
      ReceiverWwid: wwidOf(1),
      ReceiverName: '管理员',
      IsOpen: 1,
    });
    expect(page.result[1]).toMatchObject({ ReceiverWwid: wwidOf(2), IsOpen: 0, FistOpentime: null });
    expect((await report({ bu: 'HEMA_MM' })).result.every((r) => r.CardBU === 'HEMA_MM')).toBe(true);
    expect((await report({ cardId: id, startTime: later(HOUR) })).total).toBe(0);
    expect((await report({ cardId: id, startTime: later(-HOUR), endTime: later(HOUR), limitNum: 1, pageNum: 2 })).result.map((r) => r.ReceiverWwid)).toEqual([
      wwidOf(2),
    ]);
    expect(pushed.queue).toHaveLength(1);
    const res = await get('operator', `${API.push.pushReportExport}?cardId=${id}`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...PUSH_REPORT_COLUMNS]);
    expectError(await get('rep01', API.push.pushReport), 403, 'auth.forbidden');
  });
});

describe('employee directory', () => {
  it('searches by name, wwid, e-mail or login name and looks up wwids', async () => {
    const res = await get('operator', `${API.directory.search}?${qs({ page: 0, limit: 10000, search: '', amsNumber: '' })}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(200);
    expect(res.json().result.total).toBe(DEMO_EMPLOYEES);
    expect(res.json().result.lists[0]).toEqual({ no: wwidOf(1), name: '管理员', email: 'admin@fieldportal.example' });
    const byName = (await get('operator', `${API.directory.search}?${qs({ search: '运营' })}`)).json().result;
    expect(byName.lists.map((e: { no: string }) => e.no)).toEqual([wwidOf(2), wwidOf(3)]);
    // by e-mail (any part, any case) and by the login name of the employee's portal account
    const byEmail = (await get('operator', `${API.directory.search}?${qs({ search: 'REP02@fieldportal' })}`)).json().result;
    expect(byEmail.lists).toEqual([{ no: wwidOf(5), name: '代表2', email: 'rep02@fieldportal.example' }]);
    // rep03's directory e-mail no longer names the login: the account's login name still finds them
    await h.database.query(`update employees set email = 'zhang.wei@corp.example' where wwid = $1`, [wwidOf(6)]);
    const byLogin = (await get('operator', `${API.directory.search}?${qs({ search: 'rep03' })}`)).json().result;
    expect(byLogin.lists.map((e: { no: string }) => e.no)).toEqual([wwidOf(6)]);
    const byLoginPart = (await get('operator', `${API.directory.search}?${qs({ search: 'operator' })}`)).json().result;
    expect(byLoginPart.lists.map((e: { no: string }) => e.no)).toEqual([wwidOf(2), wwidOf(3)]);
    // LIKE wildcards in the text are plain characters
    expect((await get('operator', `${API.directory.search}?${qs({ search: 'rep0_' })}`)).json().result.total).toBe(0);
    const byWwid = (await get('operator', `${API.directory.search}?${qs({ amsNumber: wwidOf(42) })}`)).json().result;
    expect(byWwid.lists.map((e: { no: string }) => e.no)).toEqual([wwidOf(42)]);
    expect((await get('operator', `${API.directory.search}?limit=10001`)).statusCode).toBe(400);
    const found = (await post('operator', API.directory.byWwids, { wwids: [wwidOf(5), 'nobody', wwidOf(4)] })).json().result;
    expect(found.lists.map((e: { no: string }) => e.no)).toEqual([wwidOf(4), wwidOf(5)]);
  });
});

describe('OpenAPI', () => {
  it('lists every push and directory path', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining([...Object.values(API.push), ...Object.values(API.directory)]));
  });
});

describe('authorities', () => {
  it('refuses every push and list call to a user without the card or recommend menus', async () => {
    const calls = [
      () => get('rep01', API.push.list),
      () => get('rep01', API.push.queueList),
      () => get('rep01', `${API.push.deleteCard}?id=1`),
      () => push({ pushInfo: [{ id: 1 }] }, 'rep01'),
      () => post('rep01', API.push.cardCancelPush, { pushId: 1, queueId: 1 }),
      () => post('rep01', API.push.pushTopStatus, { queueId: 1, status: false }),
      () => get('rep01', `${API.push.cardPushInfo}?cardId=1`),
      () => get('rep01', `${API.push.cardPushInfoExport}?cardId=1`),
      () => get('rep01', API.directory.search),
      () => post('rep01', API.directory.byWwids, { wwids: [] }),
    ];
    for (const call of calls) expectError(await call(), 403, 'auth.forbidden');
    const guarded = h.app.routeAccess.filter((r) => Object.values(API.push).includes(r.url as never) || Object.values(API.directory).includes(r.url as never));
    expect(guarded.filter((r) => !r.authority).map((r) => r.url)).toEqual([API.push.readCard]);
  });
});
