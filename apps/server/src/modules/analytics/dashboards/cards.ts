import { sql, type SQL } from 'drizzle-orm';
import { cardTypeValue } from '@field-portal/shared';
import { selectRows, type Db } from '../../../db/client.js';
import { cardsSource, joinCard } from '../../cards/index.js';
import { pushesSource } from '../../push/index.js';
import { iso, n, pct, perDay, portalDay, type Args, type Computed, type DashboardDef } from './common.js';

/** Card and push dashboards (cardInfo, cardRec, pushArticles, readData): the push module's cards and queue entries. */

/** The cards, as the cards module names them. */
const CARDS = cardsSource('c');

/** Cards whose content BU is the filter's (or any). */
const cardBu = (bu: string, alias: SQL = sql`c`) => (bu ? sql`${alias}.content ->> 'BU' = ${bu}` : sql`true`);

/** Card information: the cards created in the range. */
async function cardInfo({ db, range, bu, tableRows }: Args): Promise<Computed> {
  const where = sql`c.create_time >= ${range.from} and c.create_time < ${range.to} and ${cardBu(bu)}`;
  const [byDay, byStatus, byBu, rows] = await Promise.all([
    selectRows<{ day: string; cards: number }>(
      db,
      sql`select ${portalDay(sql`c.create_time`)} as day, count(*)::int as cards from ${CARDS} where ${where} group by 1`,
    ),
    selectRows<{ status: string; cards: number }>(db, sql`select c.status, count(*)::int as cards from ${CARDS} where ${where} group by 1 order by 2 desc, 1`),
    selectRows<{ bu: string; cards: number }>(
      db,
      sql`select coalesce(nullif(c.content ->> 'BU', ''), '-') as bu, count(*)::int as cards from ${CARDS} where ${where} group by 1 order by 2 desc, 1`,
    ),
    selectRows<Record<string, unknown>>(
      db,
      sql`
      select c.id, c.content ->> 'titleName' as title, c.content -> 'type' as type, c.content ->> 'selectValue' as category,
             c.content ->> 'BU' as bu, c.status, c.create_by, c.create_time, c.last_push_time
        from ${CARDS} where ${where} order by c.create_time desc, c.id desc limit ${tableRows}`,
    ),
  ]);
  const count = (status: string) => byStatus.find((r) => r.status === status)?.cards ?? 0;
  const total = byStatus.reduce((s, r) => s + r.cards, 0);
  return {
    kpis: [
      { key: 'cards', value: total },
      // each status's count as the status chart beside it names it
      { key: 'created', value: count('created') },
      { key: 'published', value: count('publish') },
      { key: 'drafts', value: count('draft') },
    ],
    charts: [
      { key: 'cardsPerDay', kind: 'line', categories: range.days, series: perDay(range.days, byDay, 'cards') },
      { key: 'cardsByStatus', kind: 'pie', categories: byStatus.map((r) => r.status), series: [{ key: 'cards', values: byStatus.map((r) => r.cards) }] },
      { key: 'cardsByBu', kind: 'bar', categories: byBu.map((r) => r.bu), series: [{ key: 'cards', values: byBu.map((r) => r.cards) }] },
    ],
    table: {
      columns: ['cardId', 'title', 'cardType', 'category', 'bu', 'status', 'createBy', 'createTime', 'lastPushTime'],
      rows: rows.map((r) => [
        n(r.id),
        String(r.title ?? ''),
        cardTypeValue(r.type),
        String(r.category ?? ''),
        String(r.bu ?? ''),
        String(r.status),
        String(r.create_by),
        iso(r.create_time as Date),
        iso(r.last_push_time as Date | null),
      ]),
      total,
    },
  };
}

/** Card recommendation: the push queue entries due in the range. */
async function cardRec({ db, range, bu, tableRows }: Args): Promise<Computed> {
  const where = sql`p.push_date >= ${range.from} and p.push_date < ${range.to} and ${cardBu(bu)}`;
  const from = sql`${pushesSource('p')} ${joinCard('c', sql`p.card_id`)}`;
  const [byDay, totals, byScope, rows] = await Promise.all([
    selectRows<{ day: string; pushes: number }>(
      db,
      sql`select ${portalDay(sql`p.push_date`)} as day, count(*)::int as pushes from ${from} where ${where} group by 1`,
    ),
    selectRows<{ status: string; pushes: number; must_read: number; recipients: number }>(
      db,
      sql`
      select p.status, count(*)::int as pushes, count(*) filter (where p.must_read)::int as must_read, coalesce(sum(p.delivered_count), 0)::int as recipients
        from ${from} where ${where} group by 1 order by 1`,
    ),
    selectRows<{ scope: number; pushes: number }>(
      db,
      sql`select p.scope::int as scope, count(*)::int as pushes from ${from} where ${where} group by 1 order by 1`,
    ),
    selectRows<Record<string, unknown>>(
      db,
      sql`
      select p.id, p.push_id, p.card_id, c.content ->> 'titleName' as title, c.content ->> 'BU' as bu, p.push_date, p.scope, p.must_read,
             p.status, p.delivered_count, p.created_by
        from ${from} where ${where} order by p.push_date desc, p.id desc limit ${tableRows}`,
    ),
  ]);
  const sum = (pick: (r: (typeof totals)[number]) => number) => totals.reduce((s, r) => s + pick(r), 0);
  const status = (s: string) => totals.find((r) => r.status === s)?.pushes ?? 0;
  const total = sum((r) => r.pushes);
  return {
    kpis: [
      { key: 'pushes', value: total },
      { key: 'fired', value: status('fired') },
      { key: 'queued', value: status('queued') },
      { key: 'cancelled', value: status('cancelled') },
      { key: 'mustRead', value: sum((r) => r.must_read) },
      { key: 'recipients', value: sum((r) => r.recipients) },
    ],
    charts: [
      { key: 'pushesPerDay', kind: 'line', categories: range.days, series: perDay(range.days, byDay, 'pushes') },
      {
        key: 'pushesByScope',
        kind: 'pie',
        categories: byScope.map((r) => `scope${r.scope}`),
        series: [{ key: 'pushes', values: byScope.map((r) => r.pushes) }],
      },
      { key: 'pushesByStatus', kind: 'bar', categories: totals.map((r) => r.status), series: [{ key: 'pushes', values: totals.map((r) => r.pushes) }] },
    ],
    table: {
      columns: ['queueId', 'pushId', 'cardId', 'title', 'bu', 'pushTime', 'scope', 'mustRead', 'pushStatus', 'recipients', 'createBy'],
      rows: rows.map((r) => [
        n(r.id),
        n(r.push_id),
        n(r.card_id),
        String(r.title ?? ''),
        String(r.bu ?? ''),
        iso(r.push_date as Date),
        `scope${n(r.scope)}`,
        r.must_read ? 'yes' : 'no',
        String(r.status),
        n(r.delivered_count),
        String(r.created_by),
      ]),
      total,
    },
  };
}

/**
 * The fired queue entries of the range with their delivery and read counters (pushes.delivered_count,
 * pushes.read_count: kept as deliveries are made and first opened), by card and portal day of
 * firing. Every delivery of an entry is sent when it fires, so these sums equal counting the
 * deliveries themselves, without reading a million rows (docs/decisions/0008).
 */
function firedByCardAndDay({ db, range, bu }: Args) {
  return selectRows<{ card_id: string; day: string; pushes: number; delivered: number; reads: number; last_push: Date }>(
    db,
    sql`select p.card_id, ${portalDay(sql`p.fired_at`)} as day, count(*)::int as pushes, sum(p.delivered_count)::int as delivered,
               sum(p.read_count)::int as reads, max(p.fired_at) as last_push
          from ${pushesSource('p')} ${bu ? joinCard('c', sql`p.card_id`) : sql``}
         where ${cardBu(bu)} and p.status = 'fired' and p.fired_at >= ${range.from} and p.fired_at < ${range.to}
         group by 1, 2`,
  );
}

interface CardTotals {
  pushes: number;
  delivered: number;
  reads: number;
  lastPush: number;
}

/** Per card: pushes, deliveries, reads and the last firing, ranked by deliveries (then newest card). */
function perCard(groups: Awaited<ReturnType<typeof firedByCardAndDay>>): [number, CardTotals][] {
  const cards = new Map<number, CardTotals>();
  for (const g of groups) {
    const id = n(g.card_id);
    const c = cards.get(id) ?? { pushes: 0, delivered: 0, reads: 0, lastPush: 0 };
    c.pushes += g.pushes;
    c.delivered += g.delivered;
    c.reads += g.reads;
    c.lastPush = Math.max(c.lastPush, new Date(g.last_push).getTime());
    cards.set(id, c);
  }
  return [...cards.entries()].sort((a, b) => b[1].delivered - a[1].delivered || b[0] - a[0]);
}

/** Title, category and BU of the given cards. */
async function cardDetails(db: Db, ids: number[]) {
  const rows = ids.length
    ? await selectRows<{ id: string; title: string | null; category: string | null; bu: string | null }>(
        db,
        sql`select c.id, c.content ->> 'titleName' as title, c.content ->> 'selectValue' as category, c.content ->> 'BU' as bu
              from ${CARDS} where c.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      )
    : [];
  return new Map(rows.map((r) => [n(r.id), r]));
}

/** Pushed articles: per card, the pushes fired in the range, their recipients and reads. */
async function pushArticles(args: Args): Promise<Computed> {
  const ranked = perCard(await firedByCardAndDay(args));
  const details = await cardDetails(
    args.db,
    ranked.map(([id]) => id),
  );
  const recipients = ranked.reduce((s, [, c]) => s + c.delivered, 0);
  const reads = ranked.reduce((s, [, c]) => s + c.reads, 0);
  const byCategory = new Map<string, number>();
  for (const [id] of ranked) {
    const category = details.get(id)?.category || '-';
    byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
  }
  const top = ranked.slice(0, 10);
  return {
    kpis: [
      { key: 'cardsPushed', value: ranked.length },
      { key: 'pushes', value: ranked.reduce((s, [, c]) => s + c.pushes, 0) },
      { key: 'recipients', value: recipients },
      { key: 'reads', value: reads },
      { key: 'readRate', value: pct(reads, recipients), unit: '%' },
    ],
    charts: [
      {
        key: 'topCards',
        kind: 'bar',
        categories: top.map(([id]) => details.get(id)?.title || `#${id}`),
        series: [
          { key: 'recipients', values: top.map(([, c]) => c.delivered) },
          { key: 'reads', values: top.map(([, c]) => c.reads) },
        ],
      },
      { key: 'cardsByCategory', kind: 'pie', categories: [...byCategory.keys()], series: [{ key: 'cardsPushed', values: [...byCategory.values()] }] },
    ],
    table: {
      columns: ['cardId', 'title', 'category', 'bu', 'pushes', 'recipients', 'reads', 'readRate', 'lastPushTime'],
      rows: ranked.slice(0, args.tableRows).map(([id, c]) => {
        const d = details.get(id);
        return [id, d?.title ?? '', d?.category ?? '', d?.bu ?? '', c.pushes, c.delivered, c.reads, pct(c.reads, c.delivered), iso(new Date(c.lastPush))];
      }),
      total: ranked.length,
    },
  };
}

/** Read data: the deliveries sent in the range, read or not, per day and per card. */
async function readData(args: Args): Promise<Computed> {
  const groups = await firedByCardAndDay(args);
  const days = new Map<string, { day: string; delivered: number; reads: number }>();
  for (const g of groups) {
    const d = days.get(g.day) ?? { day: g.day, delivered: 0, reads: 0 };
    d.delivered += g.delivered;
    d.reads += g.reads;
    days.set(g.day, d);
  }
  const all = perCard(groups);
  const ranked = all.slice(0, args.tableRows);
  const details = await cardDetails(
    args.db,
    ranked.map(([id]) => id),
  );
  const delivered = all.reduce((s, [, c]) => s + c.delivered, 0);
  const reads = all.reduce((s, [, c]) => s + c.reads, 0);
  const { range } = args;
  return {
    kpis: [
      { key: 'delivered', value: delivered },
      { key: 'reads', value: reads },
      { key: 'unread', value: delivered - reads },
      { key: 'readRate', value: pct(reads, delivered), unit: '%' },
    ],
    charts: [
      { key: 'readsPerDay', kind: 'line', categories: range.days, series: perDay(range.days, [...days.values()], 'delivered', 'reads') },
      { key: 'readShare', kind: 'pie', categories: ['reads', 'unread'], series: [{ key: 'delivered', values: [reads, delivered - reads] }] },
    ],
    table: {
      columns: ['cardId', 'title', 'bu', 'delivered', 'reads', 'unread', 'readRate'],
      rows: ranked.map(([id, c]) => [
        id,
        details.get(id)?.title ?? '',
        details.get(id)?.bu ?? '',
        c.delivered,
        c.reads,
        c.delivered - c.reads,
        pct(c.reads, c.delivered),
      ]),
      total: all.length,
    },
  };
}

export const CARD_DASHBOARDS = {
  cardInfo: { filters: ['bu'], compute: cardInfo },
  cardRec: { filters: ['bu'], compute: cardRec },
  pushArticles: { filters: ['bu'], compute: pushArticles },
  readData: { filters: ['bu'], compute: readData },
} as const satisfies Record<string, DashboardDef>;
