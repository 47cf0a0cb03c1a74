import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type FeedUnread, type OpenCardResult } from '@field-portal/shared';
import { PushScheduler } from '../push/index.js';
import { wwidOf } from '../../seed/demo.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/**
 * First opens under an all-staff rush (docs/decisions/0016): one card opened by 500 concurrent
 * requests of one person, and by 500 people at once. The first open time is set once per
 * delivery, the trigger-kept counters (pushes.read_count, feed_unread) move exactly once per
 * first open, and exactly one answer per person says it was the first open.
 */
const PEOPLE = 500;
let h: Harness;
let scheduler: PushScheduler;
let operator: string;
/** Accounts of the employees 101..600 of the demo directory, with a session each (no password sign-in needed). */
const people: { userId: number; wwid: string; token: string }[] = [];

beforeAll(async () => {
  h = await createHarness();
  scheduler = new PushScheduler(h.database.db);
  operator = (await h.login('operator')).access;
  const wwids = Array.from({ length: PEOPLE }, (_, i) => wwidOf(101 + i));
  const users = await h.database.query<{ id: number; employee_no: string; username: string }>(
    `insert into users (username, password_hash, employee_no)
     select 'opener' || n, 'no password', w from unnest($1::text[]) with ordinality as t(w, n)
     returning id, employee_no, username`,
    [wwids],
  );
  for (const user of users) {
    const sessionId = crypto.randomUUID();
    await h.database.query(`insert into sessions (id, user_id, absolute_expires_at) values ($1, $2, now() + interval '1 day')`, [sessionId, user.id]);
    people.push({ userId: user.id, wwid: user.employee_no, token: await h.tokens.signAccess({ userId: user.id, username: user.username, sessionId }) });
  }
}, 120_000);
afterAll(async () => h?.close());

async function makeCard(title: string): Promise<number> {
  const [row] = await h.database.query<{ id: string }>(
    `insert into cards (id, content, status, create_by, create_time, update_time)
     values (nextval('card_id_seq'), $1, 'created', 'operator', now(), now()) returning id`,
    [JSON.stringify({ type: 4, titleName: title, zhaiyao: 'text', BU: 'PC_All' })],
  );
  return Number(row!.id);
}

/** Pushes the cards now to the people and fires it; resolves with the queue entries. */
async function pushTo(wwids: string[], ids: number[]): Promise<{ cardId: number; queueId: number }[]> {
  const res = await h.app.inject({
    method: 'POST',
    url: API.push.pushCard,
    headers: h.auth(operator),
    payload: {
      pushDate: '0',
      pushInfo: ids.map((id) => ({ id })),
      receiver: wwids.map((receiverId) => ({ receiverId, receiverName: '' })),
      remark: { scope: 2 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await scheduler.runDue(h.clock.value);
  h.clock.advance(1000);
  return (res.json() as { data: { queue: { cardId: number; queueId: number }[] } }).data.queue;
}

const open = (token: string, cardId: number) => h.app.inject({ method: 'POST', url: API.feed.openCard, headers: h.auth(token), payload: { cardId } });

async function counters(queueId: number, cardId: number) {
  const [push] = await h.database.query<{ read_count: number; delivered_count: number }>(`select read_count, delivered_count from pushes where id = $1`, [
    queueId,
  ]);
  const [opened] = await h.database.query<{ opened: number; distinct_times: number }>(
    `select count(*)::int as opened, count(distinct first_open_time)::int as distinct_times from deliveries where card_id = $1 and first_open_time is not null`,
    [cardId],
  );
  return { ...push!, ...opened! };
}

/** What the kept unread counts must be: counted from the deliveries themselves. */
async function expectUnreadKept() {
  const wrong = await h.database.query(`
    select coalesce(f.wwid, c.wwid) as wwid, f.unread as kept, c.n as counted
      from feed_unread f
      full join (select wwid, count(distinct card_id)::int as n from deliveries where first_open_time is null group by wwid) c on c.wwid = f.wwid
     where coalesce(f.unread, 0) <> coalesce(c.n, 0)`);
  expect(wrong).toEqual([]);
}

describe('first opens under load', () => {
  it('one person, 500 concurrent requests for one card: one first open, counted once', async () => {
    const me = people[0]!;
    const [card, other] = [await makeCard('rush one'), await makeCard('rush other')];
    const [entry] = await pushTo([me.wwid], [card, other]);
    const unreadBefore = (await h.app.inject({ method: 'GET', url: API.feed.unreadCount, headers: h.auth(me.token) })).json().data as FeedUnread;
    expect(unreadBefore.unread).toBeGreaterThanOrEqual(2);

    const answers = await Promise.all(Array.from({ length: PEOPLE }, () => open(me.token, card)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const results = answers.map((a) => (a.json() as { data: OpenCardResult }).data);
    expect(results.filter((r) => r.firstOpen)).toHaveLength(1);
    const times = new Set(results.map((r) => r.item.firstOpenTime));
    expect(times.size).toBe(1);
    expect(results.every((r) => r.item.read && r.item.cardId === card)).toBe(true);

    const [stored] = await h.database.query<{ first_open_time: Date }>(`select first_open_time from deliveries where card_id = $1 and wwid = $2`, [
      card,
      me.wwid,
    ]);
    expect(new Date(stored!.first_open_time).toISOString()).toBe([...times][0]);
    expect(await counters(entry!.queueId, card)).toMatchObject({ read_count: 1, delivered_count: 1, opened: 1 });
    const unreadAfter = (await h.app.inject({ method: 'GET', url: API.feed.unreadCount, headers: h.auth(me.token) })).json().data as FeedUnread;
    expect(unreadAfter.unread).toBe(unreadBefore.unread - 1);
    await expectUnreadKept();
  }, 120_000);

  it('500 people open one card at once: each first open counted once, every unread count kept', async () => {
    const card = await makeCard('all staff rush');
    const [entry] = await pushTo(
      people.map((p) => p.wwid),
      [card],
    );
    await expectUnreadKept();
    // Every person twice, interleaved: the second request of each is a repeat open.
    const requests = [...people, ...people].map((p) => open(p.token, card).then((res) => ({ p, res })));
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.res.statusCode !== 200)).toEqual([]);
    const firstByPerson = new Map<number, number>();
    const timeByPerson = new Map<number, string>();
    for (const { p, res } of answers) {
      const result = (res.json() as { data: OpenCardResult }).data;
      if (result.firstOpen) firstByPerson.set(p.userId, (firstByPerson.get(p.userId) ?? 0) + 1);
      const known = timeByPerson.get(p.userId);
      if (known) expect(result.item.firstOpenTime).toBe(known);
      else timeByPerson.set(p.userId, result.item.firstOpenTime!);
    }
    expect(firstByPerson.size).toBe(PEOPLE);
    expect([...firstByPerson.values()].every((n) => n === 1)).toBe(true);
    expect(await counters(entry!.queueId, card)).toMatchObject({ read_count: PEOPLE, delivered_count: PEOPLE, opened: PEOPLE });
    await expectUnreadKept();
  }, 120_000);

  it('a card pushed again while unread counts once, and once opened counts nothing', async () => {
    const [a, b] = [people[1]!, people[2]!];
    const card = await makeCard('pushed twice');
    await pushTo([a.wwid, b.wwid], [card]);
    await pushTo([a.wwid], [card]);
    await expectUnreadKept();
    const res = await open(a.token, card);
    expect(res.statusCode).toBe(200);
    const result = (res.json() as { data: OpenCardResult }).data;
    expect(result.firstOpen).toBe(true);
    const [kept] = await h.database.query<{ unread: number }>(`select unread from feed_unread where wwid = $1`, [a.wwid]);
    expect(result.unread).toBe(kept!.unread);
    await expectUnreadKept();
    // The card deleted: its unread deliveries leave the counts too.
    await h.database.query(`delete from deliveries where card_id = $1`, [card]);
    await expectUnreadKept();
  });

  it('a card not delivered to the person is 404 and changes nothing', async () => {
    const card = await makeCard('not for you');
    await pushTo([people[3]!.wwid], [card]);
    const res = await open(people[4]!.token, card);
    expect(res.statusCode).toBe(404);
    await expectUnreadKept();
  });
});
