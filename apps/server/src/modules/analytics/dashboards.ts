import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_LIMITS, DEFAULT_BU_LIST, type DashboardChart, type DashboardData, type DataDashboard } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';

/** Portal time is UTC+8 (docs/decisions/0004): days of the dashboards are portal days. */
const PORTAL_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export interface DashboardFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  bu?: string | undefined;
}

export interface Range {
  startDate: string;
  endDate: string;
  /** Start of the first day and end (exclusive) of the last, as instants. */
  from: Date;
  to: Date;
  days: string[];
}

const dayOf = (ms: number) => new Date(ms + PORTAL_OFFSET_MS).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/** The filter's date range: the last 30 portal days by default; at most 366 days. */
export function dateRange(filter: DashboardFilter, now: number): Range {
  const endDate = filter.endDate ?? dayOf(now);
  const startDate = filter.startDate ?? dayOf(startOf(endDate) - (ANALYTICS_LIMITS.defaultDays - 1) * DAY_MS);
  const from = startOf(startDate);
  const to = startOf(endDate) + DAY_MS;
  if (Number.isNaN(from)) throw badRequest('request.invalid', 'startDate');
  if (Number.isNaN(to)) throw badRequest('request.invalid', 'endDate');
  if (from >= to) throw badRequest('analytics.rangeOrder', 'startDate');
  const count = Math.round((to - from) / DAY_MS);
  if (count > ANALYTICS_LIMITS.maxRangeDays) throw badRequest('analytics.rangeTooLong', 'endDate', { max: ANALYTICS_LIMITS.maxRangeDays });
  const days = Array.from({ length: count }, (_, i) => dayOf(from + i * DAY_MS));
  return { startDate, endDate, from: new Date(from), to: new Date(to), days };
}

/** A portal day of a timestamp column, as YYYY-MM-DD text. */
const portalDay = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const n = (value: unknown) => Number(value ?? 0);
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Counts per day, zeros filled in for the days without rows. */
function perDay(days: string[], rows: { day: string }[], ...fields: string[]): DashboardChart['series'] {
  const byDay = new Map(rows.map((r) => [r.day, r as unknown as Record<string, unknown>]));
  return fields.map((key) => ({ key, values: days.map((d) => n(byDay.get(d)?.[key])) }));
}

type Computed = Pick<DashboardData, 'kpis' | 'charts' | 'table'>;

interface Args {
  db: Db;
  range: Range;
  bu: string;
}

/** Cards whose content BU is the filter's (or any). */
const cardBu = (bu: string, alias: SQL = sql`c`) => (bu ? sql`${alias}.content ->> 'BU' = ${bu}` : sql`true`);

/** Card information: the cards created in the range. */
async function cardInfo({ db, range, bu }: Args): Promise<Computed> {
  const where = sql`c.create_time >= ${range.from} and c.create_time < ${range.to} and ${cardBu(bu)}`;
  const [byDay, byStatus, byBu, rows] = await Promise.all([
    selectRows<{ day: string; cards: number }>(db, sql`select ${portalDay(sql`c.create_time`)} as day, count(*)::int as cards from cards c where ${where} group by 1`),
    selectRows<{ status: string; cards: number }>(db, sql`select c.status, count(*)::int as cards from cards c where ${where} group by 1 order by 2 desc, 1`),
    selectRows<{ bu: string; cards: number }>(db, sql`select coalesce(nullif(c.content ->> 'BU', ''), '-') as bu, count(*)::int as cards from cards c where ${where} group by 1 order by 2 desc, 1`),
    selectRows<Record<string, unknown>>(db, sql`
      select c.id, c.content ->> 'titleName' as title, c.content ->> 'type' as type, c.content ->> 'selectValue' as category,
             c.content ->> 'BU' as bu, c.status, c.create_by, c.create_time, c.last_push_time
        from cards c where ${where} order by c.create_time desc, c.id desc limit ${ANALYTICS_LIMITS.tableRows}`),
  ]);
  const count = (status: string) => byStatus.find((r) => r.status === status)?.cards ?? 0;
  const total = byStatus.reduce((s, r) => s + r.cards, 0);
  return {
    kpis: [
      { key: 'cards', value: total },
      { key: 'created', value: total - count('draft') },
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
      rows: rows.map((r) => [n(r.id), String(r.title ?? ''), String(r.type ?? ''), String(r.category ?? ''), String(r.bu ?? ''), String(r.status), String(r.create_by), iso(r.create_time as Date), iso(r.last_push_time as Date | null)]),
      total,
    },
  };
}

/** Card recommendation: the push queue entries due in the range. */
async function cardRec({ db, range, bu }: Args): Promise<Computed> {
  const where = sql`p.push_date >= ${range.from} and p.push_date < ${range.to} and ${cardBu(bu)}`;
  const from = sql`pushes p join cards c on c.id = p.card_id`;
  const [byDay, totals, byScope, rows] = await Promise.all([
    selectRows<{ day: string; pushes: number }>(db, sql`select ${portalDay(sql`p.push_date`)} as day, count(*)::int as pushes from ${from} where ${where} group by 1`),
    selectRows<{ status: string; pushes: number; must_read: number; recipients: number }>(db, sql`
      select p.status, count(*)::int as pushes, count(*) filter (where p.must_read)::int as must_read, coalesce(sum(p.delivered_count), 0)::int as recipients
        from ${from} where ${where} group by 1 order by 1`),
    selectRows<{ scope: number; pushes: number }>(db, sql`select p.scope::int as scope, count(*)::int as pushes from ${from} where ${where} group by 1 order by 1`),
    selectRows<Record<string, unknown>>(db, sql`
      select p.id, p.push_id, p.card_id, c.content ->> 'titleName' as title, c.content ->> 'BU' as bu, p.push_date, p.scope, p.must_read,
             p.status, p.delivered_count, p.created_by
        from ${from} where ${where} order by p.push_date desc, p.id desc limit ${ANALYTICS_LIMITS.tableRows}`),
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
      { key: 'pushesByScope', kind: 'pie', categories: byScope.map((r) => `scope${r.scope}`), series: [{ key: 'pushes', values: byScope.map((r) => r.pushes) }] },
      { key: 'pushesByStatus', kind: 'bar', categories: totals.map((r) => r.status), series: [{ key: 'pushes', values: totals.map((r) => r.pushes) }] },
    ],
    table: {
      columns: ['queueId', 'pushId', 'cardId', 'title', 'bu', 'pushTime', 'scope', 'mustRead', 'pushStatus', 'recipients', 'createBy'],
      rows: rows.map((r) => [n(r.id), n(r.push_id), n(r.card_id), String(r.title ?? ''), String(r.bu ?? ''), iso(r.push_date as Date), `scope${n(r.scope)}`, r.must_read ? 'yes' : 'no', String(r.status), n(r.delivered_count), String(r.created_by)]),
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
          from pushes p ${bu ? sql`join cards c on c.id = p.card_id and ${cardBu(bu)}` : sql``}
         where p.status = 'fired' and p.fired_at >= ${range.from} and p.fired_at < ${range.to}
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
              from cards c where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      )
    : [];
  return new Map(rows.map((r) => [n(r.id), r]));
}

/** Pushed articles: per card, the pushes fired in the range, their recipients and reads. */
async function pushArticles(args: Args): Promise<Computed> {
  const ranked = perCard(await firedByCardAndDay(args));
  const details = await cardDetails(args.db, ranked.map(([id]) => id));
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
      rows: ranked.slice(0, ANALYTICS_LIMITS.tableRows).map(([id, c]) => {
        const d = details.get(id);
        return [id, d?.title ?? '', d?.category ?? '', d?.bu ?? '', c.pushes, c.delivered, c.reads, pct(c.reads, c.delivered), iso(new Date(c.lastPush))];
      }),
      total: ranked.length,
    },
  };
}

/** Read data: the deliveries sent in the range, read or not, per day and per card. */
export async function readData(args: Args): Promise<Computed> {
  const groups = await firedByCardAndDay(args);
  const days = new Map<string, { day: string; delivered: number; reads: number }>();
  for (const g of groups) {
    const d = days.get(g.day) ?? { day: g.day, delivered: 0, reads: 0 };
    d.delivered += g.delivered;
    d.reads += g.reads;
    days.set(g.day, d);
  }
  const all = perCard(groups);
  const ranked = all.slice(0, ANALYTICS_LIMITS.tableRows);
  const details = await cardDetails(args.db, ranked.map(([id]) => id));
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
      rows: ranked.map(([id, c]) => [id, details.get(id)?.title ?? '', details.get(id)?.bu ?? '', c.delivered, c.reads, c.delivered - c.reads, pct(c.reads, c.delivered)]),
      total: all.length,
    },
  };
}

/** System access: the usage-tracking events of the range. */
async function systemAc({ db, range, bu }: Args): Promise<Computed> {
  const buFilter = bu ? sql`and e.username in (select u.username from users u join employees em on em.wwid = u.employee_no where em.bu = ${bu})` : sql``;
  const where = sql`e.created_at >= ${range.from} and e.created_at < ${range.to} ${buFilter}`;
  const [totals, byDay, byPage, byBrowser, rows] = await Promise.all([
    selectRows<{ views: number; actions: number; users: number; pages: number }>(db, sql`
      select count(*) filter (where e.operation = 'pageView')::int as views, count(*) filter (where e.operation <> 'pageView')::int as actions,
             count(distinct e.username)::int as users, count(distinct e.page)::int as pages
        from usage_events e where ${where}`),
    selectRows<{ day: string; views: number; users: number }>(db, sql`
      select ${portalDay(sql`e.created_at`)} as day, count(*) filter (where e.operation = 'pageView')::int as views, count(distinct e.username)::int as users
        from usage_events e where ${where} group by 1`),
    selectRows<{ page: string; views: number }>(db, sql`
      select e.page, count(*)::int as views from usage_events e where ${where} and e.operation = 'pageView' group by 1 order by 2 desc, 1 limit 10`),
    selectRows<{ browser: string; events: number }>(db, sql`
      select coalesce(nullif(e.browser, ''), '-') as browser, count(*)::int as events from usage_events e where ${where} group by 1 order by 2 desc, 1 limit 8`),
    selectRows<Record<string, unknown>>(db, sql`
      select e.created_at, e.username, e.operation, e.page, e.page_detail, e.browser, e.system, e.screen_size, e.ip
        from usage_events e where ${where} order by e.created_at desc, e.id desc limit ${ANALYTICS_LIMITS.tableRows}`),
  ]);
  const t = totals[0] ?? { views: 0, actions: 0, users: 0, pages: 0 };
  return {
    kpis: [
      { key: 'pageViews', value: t.views },
      { key: 'actions', value: t.actions },
      { key: 'activeUsers', value: t.users },
      { key: 'pagesVisited', value: t.pages },
    ],
    charts: [
      { key: 'visitsPerDay', kind: 'line', categories: range.days, series: perDay(range.days, byDay, 'views', 'users') },
      { key: 'topPages', kind: 'bar', categories: byPage.map((r) => r.page), series: [{ key: 'views', values: byPage.map((r) => r.views) }] },
      { key: 'browsers', kind: 'pie', categories: byBrowser.map((r) => r.browser), series: [{ key: 'events', values: byBrowser.map((r) => r.events) }] },
    ],
    table: {
      columns: ['time', 'username', 'operation', 'page', 'pageDetail', 'browser', 'system', 'screenSize', 'ip'],
      rows: rows.map((r) => [iso(r.created_at as Date), String(r.username), String(r.operation), String(r.page), String(r.page_detail), String(r.browser), String(r.system), String(r.screen_size), String(r.ip)]),
      total: t.views + t.actions,
    },
  };
}

const COMPUTE: Record<DataDashboard, (args: Args) => Promise<Computed>> = { cardInfo, cardRec, pushArticles, readData, systemAc };

export const BU_OPTIONS: string[] = [...DEFAULT_BU_LIST];

/** A data dashboard's figures for the filter. */
export async function computeDashboard(db: Db, router: DataDashboard, filter: DashboardFilter, now: number): Promise<Computed & { range: Range; bu: string }> {
  const range = dateRange(filter, now);
  const bu = filter.bu ?? '';
  return { ...(await COMPUTE[router]({ db, range, bu })), range, bu };
}
