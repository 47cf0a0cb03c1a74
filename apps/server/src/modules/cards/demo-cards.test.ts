import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type FeedPage } from '@field-portal/shared';
import { openDatabase, type Database } from '../../db/client.js';
import { DEMO_CARDS, seedFeed } from '../../seed/feed.js';
import { callers, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { dashboardData } from '../../../test/dashboard.js';

/**
 * The card loop's demo data (seed/feed.ts, docs/decisions/0035): what the demo holds, that a
 * second build makes the same, and that the screens' figures are counts of its rows.
 */

let h: Harness;
const tokens: Record<string, string> = {};
const api = callers(() => h, tokens);
const DAY = 86_400_000;
/**
 * The seed's now: the newest demo card was written a known time before it. The snapshot the tests
 * copy may have been built days ago, so the server's clock is set to an hour after it and the pin
 * and the queued push are seen as a user saw them on the first start.
 */
let seedNow = 0;

beforeAll(async () => {
  h = await createHarness();
  const [newest] = await h.database.query<{ t: Date }>('select max(create_time) as t from cards');
  seedNow = new Date(newest!.t).getTime() + Math.min(...DEMO_CARDS.map((c) => c.writtenDaysAgo)) * DAY;
  h.clock.value = seedNow + DAY / 24;
  await signIn(h, ['admin', 'operator', 'rep01'], tokens);
});
afterAll(async () => h?.close());

interface CardRow {
  id: number;
  status: string;
  create_by: string;
  title: string;
  create_time: Date;
  last_push_time: Date | null;
  [column: string]: unknown;
}
interface PushRow {
  id: number;
  card_id: number;
  status: string;
  must_read: boolean;
  top: boolean;
  delivered_count: number;
  read_count: number;
  top_start_time: Date | null;
  top_end_time: Date | null;
  push_date: Date;
  fired_at: Date | null;
  [column: string]: unknown;
}
interface DeliveryGroup {
  queue_id: number;
  n: number;
  reads: number;
  sends: number;
  readers: string[] | null;
}

/** Everything the seed decides about the cards, pushes and deliveries; times relative to the first card. */
async function fingerprint(database: Database) {
  const [first] = await database.query<{ t0: Date }>('select min(create_time) as t0 from cards');
  const t0 = new Date(first!.t0).getTime();
  const rel = (t: Date | string | null) => (t === null ? null : new Date(t).getTime() - t0);
  const cards = await database.query<CardRow>(
    `select id::int, status, create_by, content ->> 'titleName' as title, content ->> 'type' as type, content ->> 'selectValue' as category,
            content ->> 'BU' as bu, content ->> 'zhaiyao' as summary, create_time, last_push_time, push_id::int, queue_id::int
       from cards order by id`,
  );
  const pushes = await database.query<PushRow>(
    `select id::int, push_id::int, card_id::int, status, scope, must_read, top, top_start_time, top_end_time, push_date, fired_at,
            delivered_count, read_count, created_by
       from pushes order by id`,
  );
  const deliveries = await database.query<DeliveryGroup>(
    `select queue_id::int, count(*)::int as n, count(first_open_time)::int as reads, sum(send_count)::int as sends,
            array_agg(wwid order by wwid) filter (where first_open_time is not null) as readers
       from deliveries group by queue_id order by queue_id`,
  );
  const opens = await database.query<{ wwid: string; card_id: number; at: Date }>(
    'select wwid, card_id::int, first_open_time as at from deliveries where first_open_time is not null order by wwid, card_id',
  );
  return {
    cards: cards.map((c) => ({ ...c, create_time: rel(c.create_time), last_push_time: rel(c.last_push_time) })),
    pushes: pushes.map((p) => ({
      ...p,
      top_start_time: rel(p.top_start_time),
      top_end_time: rel(p.top_end_time),
      push_date: rel(p.push_date),
      fired_at: rel(p.fired_at),
    })),
    deliveries,
    opens: opens.map((o) => ({ ...o, at: rel(o.at) })),
  };
}

describe('the demo cards', () => {
  it('are the declared cards, pushes and reads', async () => {
    const print = await fingerprint(h.database);
    expect(print.cards.map((c) => c.title)).toEqual([...DEMO_CARDS].sort((a, b) => b.writtenDaysAgo - a.writtenDaysAgo).map((c) => c.title));
    const byStatus = (status: string) => print.cards.filter((c) => c.status === status).length;
    expect(byStatus('draft')).toBe(DEMO_CARDS.filter((c) => c.status === 'draft').length);
    expect(byStatus('draft')).toBeGreaterThanOrEqual(2);
    expect(byStatus('queue')).toBe(1);
    expect(byStatus('publish')).toBe(DEMO_CARDS.filter((c) => c.push && c.push.dueDaysFromNow === undefined).length);
    // Created and never pushed, and created then recalled from the queue.
    expect(byStatus('created')).toBe(3);
    expect(new Set(print.cards.map((c) => c.create_by))).toEqual(new Set(['operator', 'admin']));
    expect(print.pushes.map((p) => p.status).sort()).toEqual(['cancelled', 'fired', 'fired', 'fired', 'fired', 'fired', 'fired', 'fired', 'fired', 'queued']);
    // Each push reaches the field staff; the read counters equal the rows.
    for (const push of print.pushes) {
      const card = DEMO_CARDS.find((c) => c.title === print.cards.find((x) => x.id === push.card_id)!.title)!;
      const rows = print.deliveries.find((d) => d.queue_id === push.id);
      if (push.status !== 'fired') {
        expect(rows).toBeUndefined();
        continue;
      }
      // The field staff: the 15 field accounts and 40 employees of the directory without an account.
      expect(push.delivered_count).toBe(55);
      expect(rows!.n).toBe(push.delivered_count);
      expect(rows!.reads).toBe(card.push!.reads?.length ?? 0);
      expect(push.read_count).toBe(rows!.reads);
    }
    // One must-read, sent three times to those who left it unread; one pin around now.
    const mustRead = print.pushes.filter((p) => p.must_read);
    expect(mustRead).toHaveLength(1);
    const mustReadRows = print.deliveries.find((d) => d.queue_id === mustRead[0]!.id)!;
    expect(mustReadRows.reads).toBeGreaterThan(0);
    const [unreadSends] = await h.database.query<{ unread: number; third: number }>(
      `select count(*)::int as unread, count(*) filter (where send_count = 3 and next_send_at is null)::int as third
         from deliveries where queue_id = $1 and first_open_time is null`,
      [mustRead[0]!.id],
    );
    expect(unreadSends!.unread).toBeGreaterThan(0);
    expect(unreadSends!.third).toBe(unreadSends!.unread);
    const pinned = print.pushes.filter((p) => p.top);
    expect(pinned).toHaveLength(1);
    const [pin] = await h.database.query<{ active: boolean }>('select top_start_time < $1 and top_end_time > $1 as active from pushes where top', [
      new Date(seedNow).toISOString(),
    ]);
    expect(pin!.active).toBe(true);
  });

  it('are the same on a second build: same ids, titles, times, deliveries and reads', async () => {
    const second = await openDatabase({});
    try {
      // The directory and the accounts the card seed reads, copied as the demo seed made them.
      for (const table of ['organisations', 'employees', 'users']) {
        const rows = await h.database.query<{ rows: unknown }>(`select coalesce(jsonb_agg(t), '[]'::jsonb) as rows from ${table} t`);
        await second.query(`insert into ${table} overriding system value select * from jsonb_populate_recordset(null::${table}, $1::jsonb)`, [
          JSON.stringify(rows[0]!.rows),
        ]);
      }
      const started = performance.now();
      await second.db.transaction((tx) => seedFeed(tx));
      const ms = performance.now() - started;
      // The card seed adds little to the snapshot build (a few seconds at most, on a busy machine).
      expect(ms).toBeLessThan(15_000);
      expect(await fingerprint(second)).toEqual(await fingerprint(h.database));
    } finally {
      await second.close();
    }
  }, 120_000);

  it("give rep01's phone feed a pinned card, an unread must-read card, read and unread cards", async () => {
    const res = await api.get('rep01', API.feed.cards, { limit: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const page = (res.json() as { data: FeedPage }).data;
    expect(page.pinned.map((i) => i.title)).toEqual(['拜访记录填写规范']);
    expect(page.pinned[0]).toMatchObject({ pinned: true, read: false });
    expect(page.pinned[0]!.pin).not.toBeNull();
    const all = [...page.pinned, ...page.keptOnTop, ...page.items];
    const mustRead = all.filter((i) => i.mustRead);
    expect(mustRead.map((i) => i.title)).toEqual(['合规提醒:学术活动餐标新规']);
    expect(mustRead[0]).toMatchObject({ read: false, sendCount: 3 });
    expect(all.filter((i) => i.read).length).toBeGreaterThan(0);
    expect(all.filter((i) => !i.read).length).toBeGreaterThan(1);
    // The unread count is the rows': rep01's cards whose latest delivery nobody opened.
    const [rows] = await h.database.query<{ cards: number; unread: number }>(
      `select count(distinct d.card_id)::int as cards, count(distinct d.card_id) filter (where d.first_open_time is null)::int as unread
         from deliveries d join users u on u.employee_no = d.wwid where u.username = 'rep01'`,
    );
    expect(all).toHaveLength(rows!.cards);
    expect(page.unread).toBe(rows!.unread);
    expect(all.filter((i) => !i.read)).toHaveLength(rows!.unread);
    expect(page.nextCursor).toBeNull();
  });

  it('fill the operator lists: created, drafts, published, queued', async () => {
    const list = async (status: string) => {
      const res = await api.get('operator', API.push.list, { status, limitNum: 100 });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { total: number; result: { status: string }[] } }).data;
    };
    const count = async (where: string) => (await h.database.query<{ n: number }>(`select count(*)::int as n from cards where ${where}`))[0]!.n;
    expect((await list('')).total).toBe(await count(`status <> 'draft'`));
    expect((await list('draft')).total).toBe(await count(`status = 'draft'`));
    expect((await list('publish')).total).toBe(await count(`status = 'publish'`));
    expect((await list('notPushed')).total).toBe(await count(`status = 'created'`));
    expect((await list('top')).total).toBe(1);
    for (const status of ['', 'draft', 'publish', 'notPushed']) expect((await list(status)).total).toBeGreaterThan(0);
    const queue = await api.get('operator', API.push.queueList, { status: 'queue' });
    expect(queue.statusCode, queue.body).toBe(200);
    const queued = (queue.json() as { data: { data: { total: number; result: { pushTime: string }[] } } }).data.data;
    expect(queued.total).toBe(1);
    expect(Date.parse(queued.result[0]!.pushTime)).toBeGreaterThan(seedNow);
  });
});

describe('the card report screens on the demo', () => {
  async function dashboard(router: string): Promise<Record<string, number>> {
    const data = await dashboardData(h, tokens.admin!, 'admin', router);
    return Object.fromEntries(data.kpis.map((k) => [k.key, Number(k.value)]));
  }
  const one = async (text: string) => (await h.database.query<{ n: number }>(text))[0]!.n;

  it('readData and pushArticles: deliveries and reads of the last 30 days, neither none nor all read', async () => {
    const delivered = await one(`select count(*)::int as n from deliveries`);
    const reads = await one(`select count(*)::int as n from deliveries where first_open_time is not null`);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(delivered);
    const readData = await dashboard('readData');
    expect(readData).toMatchObject({ delivered, reads, unread: delivered - reads });
    expect(readData.readRate).toBeGreaterThan(0);
    expect(readData.readRate).toBeLessThan(100);
    const articles = await dashboard('pushArticles');
    expect(articles).toMatchObject({
      cardsPushed: await one(`select count(distinct card_id)::int as n from pushes where status = 'fired'`),
      pushes: await one(`select count(*)::int as n from pushes where status = 'fired'`),
      recipients: delivered,
      reads,
    });
  });

  it('cardRec and cardInfo: the queue entries and the cards', async () => {
    const rec = await dashboard('cardRec');
    // The queued push is due a month after the seed, outside the default range; the recalled one was due the day before the seed.
    const inRange = `push_date < '${new Date(seedNow).toISOString()}'`;
    expect(rec).toMatchObject({
      pushes: await one(`select count(*)::int as n from pushes where ${inRange}`),
      fired: await one(`select count(*)::int as n from pushes where status = 'fired'`),
      mustRead: await one(`select count(*)::int as n from pushes where must_read and ${inRange}`),
      cancelled: await one(`select count(*)::int as n from pushes where status = 'cancelled' and ${inRange}`),
      recipients: await one(`select count(*)::int as n from deliveries`),
    });
    expect(rec.pushes).toBeGreaterThan(0);
    expect(rec.cancelled).toBe(1);
    const info = await dashboard('cardInfo');
    expect(info).toMatchObject({
      cards: await one(`select count(*)::int as n from cards`),
      drafts: await one(`select count(*)::int as n from cards where status = 'draft'`),
      published: await one(`select count(*)::int as n from cards where status = 'publish'`),
    });
    expect(info.cards).toBeGreaterThan(0);
  });
});
