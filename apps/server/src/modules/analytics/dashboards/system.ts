import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/client.js';
import { usernamesOfEmployeeBu } from '../../admin/index.js';
import { iso, perDay, portalDay, type Args, type Computed, type DashboardDef } from './common.js';

/** Portal usage dashboards (systemAc): the usage-tracking events of the analytics module itself. */

/** System access: the usage-tracking events of the range. */
async function systemAc({ db, range, bu, tableRows }: Args): Promise<Computed> {
  const buFilter = bu ? sql`and e.username in ${usernamesOfEmployeeBu(bu)}` : sql``;
  const where = sql`e.created_at >= ${range.from} and e.created_at < ${range.to} ${buFilter}`;
  const [totals, byDay, byPage, byBrowser, rows] = await Promise.all([
    selectRows<{ views: number; actions: number; users: number; pages: number }>(
      db,
      sql`
      select count(*) filter (where e.operation = 'pageView')::int as views, count(*) filter (where e.operation <> 'pageView')::int as actions,
             count(distinct e.username)::int as users, count(distinct e.page)::int as pages
        from usage_events e where ${where}`,
    ),
    selectRows<{ day: string; views: number; users: number }>(
      db,
      sql`
      select ${portalDay(sql`e.created_at`)} as day, count(*) filter (where e.operation = 'pageView')::int as views, count(distinct e.username)::int as users
        from usage_events e where ${where} group by 1`,
    ),
    selectRows<{ page: string; views: number }>(
      db,
      sql`
      select e.page, count(*)::int as views from usage_events e where ${where} and e.operation = 'pageView' group by 1 order by 2 desc, 1 limit 10`,
    ),
    selectRows<{ browser: string; events: number }>(
      db,
      sql`
      select coalesce(nullif(e.browser, ''), '-') as browser, count(*)::int as events from usage_events e where ${where} group by 1 order by 2 desc, 1 limit 8`,
    ),
    selectRows<Record<string, unknown>>(
      db,
      sql`
      select e.created_at, e.username, e.operation, e.page, e.page_detail, e.browser, e.system, e.screen_size, e.ip
        from usage_events e where ${where} order by e.created_at desc, e.id desc limit ${tableRows}`,
    ),
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
      rows: rows.map((r) => [
        iso(r.created_at as Date),
        String(r.username),
        String(r.operation),
        String(r.page),
        String(r.page_detail),
        String(r.browser),
        String(r.system),
        String(r.screen_size),
        String(r.ip),
      ]),
      total: t.views + t.actions,
    },
  };
}

export const SYSTEM_DASHBOARDS = {
  systemAc: { filters: ['bu'], compute: systemAc },
} as const satisfies Record<string, DashboardDef>;
