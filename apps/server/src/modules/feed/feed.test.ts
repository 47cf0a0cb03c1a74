import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FEED_LIMITS, type FeedItem, type FeedPage, type OpenCardResult } from '@field-portal/shared';
import { PushScheduler } from '../push/index.js';
import { wwidOf } from '../../seed/demo.js';
import { callers, expectCardError, multipartPost, type Lang, type Part } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
let scheduler: PushScheduler;
const tokens: Record<string, string> = {};
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Demo accounts are the first employees: admin 1, operator 2, operator2 3, rep01 4, rep02 5, … */
const WWID: Record<string, string> = Object.fromEntries(
  ['rep01', 'rep02', 'rep03', 'rep04', 'rep05', 'rep06', 'rep07', 'rep08'].map((u, i) => [u, wwidOf(i + 4)]),
);

beforeAll(async () => {
  h = await createHarness();
  scheduler = new PushScheduler(h.database.db);
  for (const username of ['operator', 'operator2', 'admin', ...Object.keys(WWID)]) await signIn(username);
});
/** Tests move the clock; a token is renewed before it would expire (15 minutes). */
const signedInAt: Record<string, number> = {};
async function signIn(username: string) {
  tokens[username] = (await h.login(username)).access;
  signedInAt[username] = h.clock.value;
}
async function fresh(user: string) {
  if (h.clock.value - (signedInAt[user] ?? 0) > 10 * MINUTE) await signIn(user);
}
afterAll(async () => h?.close());

const api = callers(() => h, tokens);
const { headers } = api;
async function get(user: string, url: string, lang: Lang = 'zh') {
  await fresh(user);
  return api.read(user, url, lang);
}
async function post(user: string, url: string, payload: object, lang: Lang = 'zh') {
  await fresh(user);
  return api.post(user, url, payload, lang);
}
const expectError = expectCardError;

let serial = 0;
/** The cards this file made: the demo's cards are in the feeds too, so assertions look at these (and at differences of counts). */
const made = new Set<number>();
async function makeCard(content: object = {}): Promise<number> {
  const [row] = await h.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time)
     values (nextval('card_id_seq'), $1, 'created', 'operator', $2, $2) returning id`,
    [JSON.stringify({ type: 4, titleName: `feed card ${++serial}`, zhaiyao: 'text', BU: 'PC_All', ...content }), new Date(h.clock.value).toISOString()],
  );
  made.add(Number(row!.id));
  return Number(row!.id);
}

interface Pin {
  start: number;
  end: number;
}
/** Pushes existing cards now to the given users (named staff) and fires it; the clock then moves on a second. */
async function pushTo(users: string[], ids: number[], options: { pin?: Pin; mustRead?: boolean; keepOnTop?: boolean } = {}) {
  const remark = options.pin
    ? { scope: 2, top: true, topStartTime: new Date(options.pin.start).toISOString(), topEndTime: new Date(options.pin.end).toISOString() }
    : { scope: 2 };
  const res = await post('operator', API.push.pushCard, {
    pushDate: '0',
    pushInfo: ids.map((id) => ({
      id,
      ...(options.mustRead ? { mustRead: true, notReadTime: 1, pushNum: 3 } : {}),
      ...(options.keepOnTop !== undefined ? { keepOnTop: options.keepOnTop } : {}),
    })),
    receiver: users.map((u) => ({ receiverId: WWID[u] ?? u, receiverName: '' })),
    remark,
  });
  expect(res.statusCode, res.body).toBe(200);
  await scheduler.runDue(h.clock.value);
  h.clock.advance(1000);
  return res.json().data as { pushId: number; queue: { cardId: number; queueId: number }[] };
}
async function publish(users: string[], options: { pin?: Pin; mustRead?: boolean; keepOnTop?: boolean; content?: object } = {}) {
  const id = await makeCard(options.content);
  const pushed = await pushTo(users, [id], options);
  return { id, queueId: pushed.queue[0]!.queueId, pushId: pushed.pushId };
}

async function feed(user: string, query = ''): Promise<FeedPage> {
  const res = await get(user, `${API.feed.cards}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe(200);
  return res.json().data as FeedPage;
}
const ids = (items: FeedItem[]) => items.map((i) => i.cardId);
/** The ids of this file's cards among the items, in their order. */
const own = (items: FeedItem[]) => ids(items).filter((id) => made.has(id));
async function open(user: string, cardId: number | string) {
  return post(user, API.feed.openCard, { cardId });
}
async function openOk(user: string, cardId: number): Promise<OpenCardResult> {
  const res = await open(user, cardId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OpenCardResult;
}

describe('GET employee/cards: ordering', () => {
  it('shows delivered cards newest delivery first with content, must-read, times and read state, above the demo cards', async () => {
    // The demo's cards are older than anything pushed here; none of this file's cards is there yet.
    const start = await feed('rep01');
    expect(own([...start.pinned, ...start.keptOnTop, ...start.items])).toEqual([]);
    const first = await publish(['rep01'], { content: { titleName: 'first' } });
    const second = await publish(['rep01', 'rep02'], { mustRead: true, content: { titleName: 'second' } });
    const third = await publish(['rep01'], { content: { titleName: 'third' } });
    const page = await feed('rep01');
    expect(own(page.pinned)).toEqual([]);
    expect(page.pinned).toEqual(start.pinned);
    expect(ids(page.items)).toEqual([third.id, second.id, first.id, ...ids(start.items)]);
    expect(page.unread).toBe(start.unread + 3);
    expect(page.nextCursor).toBe(start.nextCursor);
    const item = page.items[1]!;
    expect(item).toMatchObject({
      cardId: second.id,
      queueId: second.queueId,
      pushId: second.pushId,
      title: 'second',
      mustRead: true,
      read: false,
      firstOpenTime: null,
      pinned: false,
      pin: null,
      sendCount: 1,
    });
    expect(JSON.parse(item.content)).toMatchObject({ type: 4, titleName: 'second' });
    expect(Date.parse(item.sentAt)).toBeLessThan(Date.parse(page.items[0]!.sentAt));
    expect(item.lastSentAt).toBe(item.sentAt);
    expect(page.items[0]!.mustRead).toBe(false);
    expect((await get('rep01', API.feed.unreadCount)).json()).toEqual({ status: 200, msg: 'success', data: { unread: start.unread + 3 } });
  });

  it('shows a card pushed twice once, as its latest delivery, unread again after the new push', async () => {
    const unreadBefore = (await feed('rep06')).unread;
    const card = await publish(['rep06']);
    await openOk('rep06', card.id);
    const other = await publish(['rep06']);
    const again = await pushTo(['rep06'], [card.id]);
    const page = await feed('rep06');
    expect(own(page.items)).toEqual([card.id, other.id]);
    expect(page.items[0]).toMatchObject({ cardId: card.id, queueId: again.queue[0]!.queueId, read: false });
    expect(page.unread).toBe(unreadBefore + 2);
    // Opening marks the new delivery; the first delivery's first open time stays where it was.
    const before = await h.database.query<{ first_open_time: Date }>('select first_open_time from deliveries where queue_id = $1', [card.queueId]);
    await openOk('rep06', card.id);
    const after = await h.database.query<{ first_open_time: Date }>('select first_open_time from deliveries where queue_id = $1', [card.queueId]);
    expect(after[0]!.first_open_time.getTime()).toBe(before[0]!.first_open_time.getTime());
    expect((await feed('rep06')).unread).toBe(unreadBefore + 1);
  });

  it('pages with a cursor: no repeats, no gaps, null at the end; a bad cursor or limit names the field', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await publish(['rep02'])).id);
    const all = ids((await feed('rep02', 'limit=50')).items);
    expect(all.slice(0, 5)).toEqual([...made].reverse());
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedPage = await feed('rep02', `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      if (cursor) expect(page.pinned).toEqual([]);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
    // A new delivery at the top does not shift the pages already being read.
    const firstPage = await feed('rep02', 'limit=2');
    await publish(['rep02']);
    const secondPage = await feed('rep02', `limit=2&cursor=${firstPage.nextCursor}`);
    expect(ids(secondPage.items)).toEqual(all.slice(2, 4));

    expectError(await get('rep02', `${API.feed.cards}?cursor=nonsense`, 'en'), 400, 'page.cursorInvalid', 'en', 'cursor');
    // the paging kit's cursor of another list's shape (a time and a text) is not this list's
    const another = Buffer.from(JSON.stringify([1, Date.now(), 'x'])).toString('base64url');
    expectError(await get('rep02', `${API.feed.cards}?cursor=${another}`), 400, 'page.cursorInvalid', 'zh', 'cursor');
    expect((await get('rep02', `${API.feed.cards}?cursor=${'a'.repeat(101)}`)).json().field).toBe('cursor');
    expect((await get('rep02', `${API.feed.cards}?limit=0`)).json().field).toBe('limit');
    expect((await get('rep02', `${API.feed.cards}?limit=${FEED_LIMITS.pageMax + 1}`)).json().field).toBe('limit');
    expect((await get('rep02', `${API.feed.cards}?other=1`)).statusCode).toBe(400);
  });
});

describe('GET employee/cards: pins', () => {
  it('puts at most three pinned cards first, newest pin first, only inside each period, never twice', async () => {
    const now = () => h.clock.value;
    const plain = await publish(['rep03']);
    const pinA = await publish(['rep03'], { pin: { start: now() - (3 * DAY) / 4, end: now() + DAY } });
    const pinB = await publish(['rep03'], { pin: { start: now() - DAY / 2, end: now() + DAY } });
    const pinC = await publish(['rep03'], { pin: { start: now() - DAY / 4, end: now() + DAY } });
    const pinD = await publish(['rep03'], { pin: { start: now() - DAY / 8, end: now() + DAY } });
    const future = await publish(['rep03'], { pin: { start: now() + DAY, end: now() + 2 * DAY } });
    const ending = await publish(['rep03'], { pin: { start: now() - (3 * DAY) / 4, end: now() + 5 * MINUTE } });
    const latest = await publish(['rep03']);

    let page = await feed('rep03');
    // Newest pin (latest start) first; the fourth active pin (and the one ending soon) fall back into the list.
    expect(ids(page.pinned)).toEqual([pinD.id, pinC.id, pinB.id]);
    expect(page.pinned.every((i) => i.pinned && i.pin !== null && i.pin.permanent === false && i.pin.topEndTime !== null)).toBe(true);
    expect(own(page.items)).toEqual([latest.id, ending.id, future.id, pinA.id, plain.id]);
    expect(page.items.find((i) => i.cardId === pinA.id)).toMatchObject({ pinned: false, pin: { permanent: false } });
    expect(page.items.find((i) => i.cardId === future.id)).toMatchObject({ pinned: false, pin: null });

    // Unpinning D lets A in; the expired pin stays out.
    expect((await post('operator', API.push.pushTopStatus, { queueId: pinD.queueId, status: false })).statusCode).toBe(200);
    h.clock.advance(10 * MINUTE);
    page = await feed('rep03');
    expect(ids(page.pinned)).toEqual([pinC.id, pinB.id, pinA.id]);
    expect(own(page.items)).toEqual([latest.id, ending.id, future.id, pinD.id, plain.id]);
    expect(page.items.find((i) => i.cardId === ending.id)).toMatchObject({ pinned: false, pin: null });

    // A permanent pin has no end; a pin whose period has started counts from its start.
    await h.database.query('update pushes set top = true, permanent = true, top_start_time = $2, top_end_time = null where id = $1', [
      plain.queueId,
      new Date(now() - MINUTE).toISOString(),
    ]);
    await h.database.query('update pushes set top_start_time = $2 where id = $1', [future.queueId, new Date(now() - 2 * MINUTE).toISOString()]);
    page = await feed('rep03');
    expect(ids(page.pinned)).toEqual([plain.id, future.id, pinC.id]);
    expect(page.pinned[0]!.pin).toEqual({ topStartTime: new Date(now() - MINUTE).toISOString(), topEndTime: null, permanent: true });
    expect(own(page.items)).toEqual([latest.id, ending.id, pinD.id, pinB.id, pinA.id]);

    // Pins never repeat on later pages.
    const first = await feed('rep03', 'limit=2');
    expect(ids(first.pinned)).toHaveLength(3);
    const rest = await feed('rep03', `limit=10&cursor=${first.nextCursor}`);
    expect(rest.pinned).toEqual([]);
    expect(own(rest.items)).toEqual([pinD.id, pinB.id, pinA.id]);
  });

  it('shows only the pin of the push that reached this employee', async () => {
    const card = await publish(['rep07', 'rep08'], { pin: { start: h.clock.value - MINUTE, end: h.clock.value + DAY } });
    expect(own((await feed('rep07')).pinned)).toEqual([card.id]);
    // A later push of the same card without a pin: rep07 now holds that delivery, rep08 the pinned one.
    await pushTo(['rep07'], [card.id]);
    expect(own((await feed('rep07')).pinned)).toEqual([]);
    expect(own((await feed('rep07')).items)).toEqual([card.id]);
    expect((await feed('rep07')).items[0]).toMatchObject({ cardId: card.id, pinned: false, pin: null });
    expect(own((await feed('rep08')).pinned)).toEqual([card.id]);
  });
});

describe('GET employee/cards: must-read kept on top while unread', () => {
  it('keeps an unread must-read card pushed with keepOnTop above newer cards until it is read, below the pins, never twice', async () => {
    // The administrator is the directory's first employee; no other test pushes to them before this one.
    const admin = wwidOf(1);
    const kept = await publish([admin], { mustRead: true, keepOnTop: true, content: { titleName: 'kept on top' } });
    const mustReadOnly = await publish([admin], { mustRead: true });
    // keepOnTop means nothing without must-read: stored off, and the card stays at its date.
    const notMustRead = await publish([admin], { keepOnTop: true });
    const newer = await publish([admin]);
    const stored = await h.database.query<{ id: string; keep_on_top: boolean }>('select id, keep_on_top from pushes where id = any($1) order by id', [
      [kept.queueId, mustReadOnly.queueId, notMustRead.queueId],
    ]);
    expect(stored.map((r) => r.keep_on_top)).toEqual([true, false, false]);

    let page = await feed('admin');
    expect(ids(page.keptOnTop)).toEqual([kept.id]);
    expect(page.keptOnTop[0]).toMatchObject({ cardId: kept.id, title: 'kept on top', mustRead: true, read: false, pinned: false });
    expect(own(page.items)).toEqual([newer.id, notMustRead.id, mustReadOnly.id]);
    expect(ids(page.items).slice(0, 3)).toEqual([newer.id, notMustRead.id, mustReadOnly.id]);

    // A pinned card stays above; a pinned must-read card kept on top shows once, among the pins.
    const pinnedKept = await publish([admin], { mustRead: true, keepOnTop: true, pin: { start: h.clock.value - MINUTE, end: h.clock.value + DAY } });
    page = await feed('admin');
    expect(ids(page.pinned)).toEqual([pinnedKept.id]);
    expect(ids(page.keptOnTop)).toEqual([kept.id]);
    expect(own(page.items)).toEqual([newer.id, notMustRead.id, mustReadOnly.id]);

    // Later pages never repeat it.
    const first = await feed('admin', 'limit=1');
    expect(ids(first.keptOnTop)).toEqual([kept.id]);
    expect(ids(first.items)).toEqual([newer.id]);
    const rest = await feed('admin', `limit=10&cursor=${first.nextCursor}`);
    expect(rest.keptOnTop).toEqual([]);
    expect(own(rest.items)).toEqual([notMustRead.id, mustReadOnly.id]);
    expect(ids(rest.items).slice(0, 2)).toEqual([notMustRead.id, mustReadOnly.id]);

    // Read, it goes back to its place by delivery time.
    await openOk('admin', kept.id);
    page = await feed('admin');
    expect(page.keptOnTop).toEqual([]);
    expect(own(page.items)).toEqual([newer.id, notMustRead.id, mustReadOnly.id, kept.id]);
  });
});

describe('POST employee/openCard', () => {
  it('records the first open time once; later opens, readCard and reminders do not move it; the console sees it', async () => {
    const unreadBefore = (await feed('rep04')).unread;
    const card = await publish(['rep04', 'rep05'], { mustRead: true });
    expect((await feed('rep04')).unread).toBe(unreadBefore + 1);
    const openedAt = new Date(h.clock.value).toISOString();
    const first = await openOk('rep04', card.id);
    expect(first.firstOpen).toBe(true);
    expect(first.unread).toBe(unreadBefore);
    expect(first.item).toMatchObject({ cardId: card.id, read: true, firstOpenTime: openedAt, mustRead: true });

    h.clock.advance(5 * MINUTE);
    const second = await openOk('rep04', card.id);
    expect(second.firstOpen).toBe(false);
    expect(second.item.firstOpenTime).toBe(openedAt);
    expect((await post('rep04', API.push.readCard, { cardId: card.id })).json().data).toEqual({ updated: 0 });
    const page = await feed('rep04');
    expect(page.items.find((i) => i.cardId === card.id)).toMatchObject({ read: true, firstOpenTime: openedAt });
    expect(page.unread).toBe(unreadBefore);

    // A read must-read delivery gets no reminder; the unread one does.
    await scheduler.runDue(h.clock.value + 2 * 3_600_000);
    const sends = await h.database.query<{ wwid: string; send_count: number }>('select wwid, send_count from deliveries where queue_id = $1 order by wwid', [
      card.queueId,
    ]);
    expect(sends).toEqual([
      { wwid: WWID.rep04, send_count: 1 },
      { wwid: WWID.rep05, send_count: 2 },
    ]);

    // Read details and the card-push report show it (IsOpen, FistOpentime).
    const info = (await get('operator', `${API.push.cardPushInfo}?cardId=${card.id}`)).json().data;
    expect(info.data).toEqual([
      { receiverId: WWID.rep04, receiverName: '代表4', event: 1, firstOpenTime: openedAt },
      { receiverId: WWID.rep05, receiverName: '代表5', event: 0, firstOpenTime: null },
    ]);
    const report = (await get('operator', `${API.push.pushReport}?cardId=${card.id}`)).json().data;
    expect(report.result.map((r: Record<string, unknown>) => [r.ReceiverWwid, r.IsOpen, r.FistOpentime])).toEqual(
      expect.arrayContaining([
        [WWID.rep04, 1, openedAt],
        [WWID.rep05, 0, null],
      ]),
    );
  });

  it('is 404 for a card not delivered to the caller, in zh and en, and changes nothing', async () => {
    const card = await publish(['rep05']);
    const notPushed = await makeCard();
    for (const id of [card.id, notPushed, 999_999_999]) {
      expectError(await open('rep08', id), 404, 'feed.cardNotDelivered');
      expectError(await post('rep08', API.feed.openCard, { cardId: id }, 'en'), 404, 'feed.cardNotDelivered', 'en');
    }
    expect(
      (await h.database.query<{ n: number }>('select count(*)::int as n from deliveries where card_id = $1 and first_open_time is not null', [card.id]))[0]!.n,
    ).toBe(0);
    expect((await post('operator', API.feed.openCard, { cardId: card.id })).statusCode).toBe(404);
  });

  it('refuses a body without a valid card id, naming the field', async () => {
    expectError(await post('rep05', API.feed.openCard, {}, 'en'), 400, 'field.invalid', 'en', 'cardId');
    expect((await post('rep05', API.feed.openCard, { cardId: 'abc' })).json().field).toBe('cardId');
    expect((await post('rep05', API.feed.openCard, { cardId: 1, extra: 1 })).statusCode).toBe(400);
  });

  it('needs a sign-in for every feed call', async () => {
    expect((await h.app.inject({ method: 'GET', url: API.feed.cards })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: API.feed.unreadCount })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: API.feed.openCard, payload: { cardId: 1 } })).statusCode).toBe(401);
    const feedRoutes = h.app.routeAccess.filter((r) => Object.values(API.feed).includes(r.url as never));
    expect(feedRoutes).toHaveLength(3);
    expect(feedRoutes.every((r) => !r.public && r.authority === undefined)).toBe(true);
  });
});

describe('visibility per employee', () => {
  it('shows each employee only the cards delivered to them; an all-staff push reaches everyone', async () => {
    // operator2 is pushed nothing in this file but the all-staff push; the demo's all-staff card is there already.
    const operator2Before = ids((await feed('operator2')).items);
    const mine = await publish(['rep07']);
    const theirs = await publish(['rep08']);
    const all = await makeCard();
    const res = await post('operator', API.push.pushCard, { pushDate: '0', pushInfo: [{ id: all }], receiver: [], remark: { scope: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    await scheduler.runDue(h.clock.value);
    h.clock.advance(MINUTE);
    const rep07 = ids((await feed('rep07')).items);
    const rep08 = ids((await feed('rep08')).items);
    expect(rep07).toContain(mine.id);
    expect(rep07).not.toContain(theirs.id);
    expect(rep08).toContain(theirs.id);
    expect(rep08).not.toContain(mine.id);
    expect(rep07[0]).toBe(all);
    expect(rep08[0]).toBe(all);
    expect(ids((await feed('operator2')).items)).toEqual([all, ...operator2Before]);
    expectError(await open('rep07', theirs.id), 404, 'feed.cardNotDelivered');
  });
});

// ---- attachments ---------------------------------------------------------------------------

const PDF = Buffer.from('%PDF-1.7\n');
async function uploadAttachment(id: number, filename: string): Promise<{ url: string; name: string }> {
  const parts: Part[] = [
    { name: 'id', value: String(id) },
    { name: 'kind', value: 'attachment' },
    { name: 'file', bytes: Buffer.concat([PDF, crypto.randomBytes(64)]), filename, type: 'application/pdf' },
  ];
  await fresh('operator');
  const res = await h.app.inject(multipartPost(API.cards.uploadCardFile, parts, headers('operator')));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('attachment downloads', () => {
  it('lets the recipients, the uploader and card staff download; anyone else gets 404', async () => {
    const id = Number((await get('operator', API.cards.newCardId)).json().data.id);
    const shown = await uploadAttachment(id, 'brief.pdf');
    const replaced = await uploadAttachment(id, 'old.pdf');
    const content = {
      type: 4,
      selectValue: 'study',
      author: '运营',
      titleName: 'with attachment',
      zhaiyao: 'see the file',
      BU: 'PC_All',
      linkValue: 'http://',
      fileList: [{ name: shown.name, url: shown.url }],
    };
    const saved = await post('operator', API.cards.updateCard, { content: JSON.stringify(content), id, status: 'created' });
    expect(saved.statusCode, saved.body).toBe(200);

    // Before the push only the uploader and card staff may read it.
    expect((await get('rep01', shown.url)).statusCode).toBe(404);
    expect((await get('operator', shown.url)).statusCode).toBe(200);
    expect((await get('operator2', shown.url)).statusCode).toBe(200);

    await pushTo(['rep01'], [id]);
    const download = await get('rep01', shown.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="brief.pdf"/);
    // Not a recipient: 404 with the not-found message, as for a file that does not exist.
    expectError(await get('rep02', shown.url), 404, 'request.notFound');
    // A recipient reads only what the card shows, not every upload made for its id.
    expect((await get('rep01', replaced.url)).statusCode).toBe(404);
    expect((await get('operator2', replaced.url)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: shown.url })).statusCode).toBe(401);
  });
});
