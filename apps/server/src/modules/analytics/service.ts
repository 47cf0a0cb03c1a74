import { sql } from 'drizzle-orm';
import {
  NO_SOURCE_DASHBOARDS,
  REPORT_ROUTERS,
  type Lang,
  type AnalyticsLoginResult,
  type DashboardData,
  type DashboardDataRequest,
  type TeamTargetRequest,
  type UsageEvent,
} from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { holdsMenuCode, reportMenusSource, userContact, usersSource } from '../admin/index.js';
import { isLiveSession } from '../auth/index.js';
import { compileScope } from '../customers/index.js';
import { mainlandRegions } from '../reference/index.js';
import { BU_OPTIONS, computeDashboard, dateRange, setTeamTarget } from './dashboards/index.js';
import type { AnalyticsTokens } from './tokens.js';

export interface AnalyticsDeps {
  db: Db;
  tokens: AnalyticsTokens;
  now: () => number;
}

export interface Dashboard {
  id: number;
  router: string;
  /** The menu authority that opens it (reportDownload:<router>). */
  code: string;
}

/**
 * The dashboard with this id: the report menu whose sort value it is (spec 000 section 2), if
 * the built-in service has a dashboard for that router and no administrator switched it off.
 */
export async function findDashboard(db: Db, id: number): Promise<Dashboard | undefined> {
  const rows = await selectRows<Dashboard>(
    db,
    sql`
    select m.sort as id, m.router, m.code
      from ${reportMenusSource('m')}
     where m.sort = ${id}
       and m.router in (${sql.join(
         REPORT_ROUTERS.map((r) => sql`${r}`),
         sql`, `,
       )})
       and not exists (select 1 from analytics_dashboard_status s where s.id = m.sort and not s.enabled)
     order by m.id limit 1`,
  );
  return rows[0];
}

/** The dashboard of a report router, when the built-in service has it and it is switched on. */
export async function findDashboardByRouter(db: Db, router: string): Promise<Dashboard | undefined> {
  if (!(REPORT_ROUTERS as readonly string[]).includes(router)) return undefined;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    select m.sort as id from ${reportMenusSource('m')}
     where m.router = ${router} order by m.id limit 1`,
  );
  return rows[0] ? findDashboard(db, rows[0].id) : undefined;
}

/** A report screen's name in a language (its menu's name); the router when it has no menu. */
export async function reportName(db: Db, router: string, lang: Lang): Promise<string> {
  const [row] = await selectRows<{ name: string; name_en: string | null }>(
    db,
    sql`
    select m.name, m.name_en from ${reportMenusSource('m')}
     where m.router = ${router} order by m.id limit 1`,
  );
  if (!row) return router;
  return lang === 'en' && row.name_en ? row.name_en : row.name;
}

/** The username header must be the signed-in user: nobody asks on behalf of someone else. */
export function checkUsernameHeader(user: CurrentUser, header: string): void {
  if (header !== user.username) throw forbidden('analytics.usernameMismatch');
}

/**
 * The share value of a dashboard for the caller, or null when there is no such dashboard
 * (the report screen then warns "missing key field Token"). A dashboard the caller's menus do
 * not hold is refused.
 */
export async function shareValue(deps: AnalyticsDeps, user: CurrentUser, id: number): Promise<string | null> {
  const dashboard = await findDashboard(deps.db, id);
  if (!dashboard) return null;
  if (!user.authorities.has(dashboard.code)) throw forbidden('analytics.noAccess');
  return deps.tokens.signShare({ dashboardId: dashboard.id, userId: user.id, username: user.username, sessionId: user.sessionId });
}

/** The analytics token and the user details of the sign-on (spec 001 section 7.9). */
export async function analyticsLogin(deps: AnalyticsDeps, user: CurrentUser): Promise<AnalyticsLoginResult> {
  const row = await userContact(deps.db, user.id);
  return {
    header: { token: await deps.tokens.signToken({ userId: user.id, username: user.username, sessionId: user.sessionId }) },
    payload: {
      id: user.id,
      username: user.username,
      name: row?.real_name || row?.first_name || user.username,
      email: row?.email ?? '',
      department: row?.department ?? '',
      avatar: row?.avatar ?? '',
      description: '',
    },
  };
}

const unauthorizedShare = (reason: 'expired' | 'invalid') => new AppError(401, reason === 'expired' ? 'analytics.shareExpired' : 'analytics.shareInvalid');

/**
 * Checks a share page request: a valid share value for this very dashboard, a valid token of
 * the same user and session, that session still live (a logout ends both), a user still enabled
 * who still holds the dashboard's menu.
 */
export async function authorizeShare(
  deps: AnalyticsDeps,
  id: number,
  body: Pick<DashboardDataRequest, 'share' | 'token'>,
): Promise<{ dashboard: Dashboard; user: { id: number; username: string; name: string } }> {
  const share = await deps.tokens.checkShare(body.share);
  if (!share.ok) throw unauthorizedShare(share.reason);
  const token = await deps.tokens.checkToken(body.token);
  if (!token.ok) throw unauthorizedShare(token.reason);
  if (share.claims.dashboardId !== id) throw forbidden('analytics.otherDashboard');
  if (share.claims.userId !== token.claims.userId || share.claims.username !== token.claims.username || share.claims.sessionId !== token.claims.sessionId) {
    throw forbidden('analytics.otherUser');
  }
  const dashboard = await findDashboard(deps.db, id);
  if (!dashboard) throw new AppError(401, 'analytics.shareInvalid');
  const [user] = await selectRows<{ id: number; username: string; name: string; holds: boolean }>(
    deps.db,
    sql`select u.id, u.username, coalesce(nullif(u.real_name, ''), u.first_name) as name,
               ${holdsMenuCode(sql`u.id`, dashboard.code)} as holds
          from ${usersSource('u')} where u.id = ${share.claims.userId} and u.username = ${share.claims.username} and u.enabled
           and ${isLiveSession(share.claims.sessionId, sql`u.id`)}`,
  );
  // No such live session (logged out, revoked, ended) or account: the share has ended with it.
  if (!user) throw new AppError(401, 'analytics.shareInvalid');
  if (!user.holds) throw forbidden('analytics.noAccess');
  return { dashboard, user: { id: user.id, username: user.username, name: user.name } };
}

/** Provinces of the province filter (region code and name). */
const PROVINCES = mainlandRegions()
  .filter((r) => r.level === 1)
  .map((r) => ({ value: r.code, label: r.name }));

/** The figures of the dashboard behind a share value, inside the viewer's data scope. */
export async function dashboardData(deps: AnalyticsDeps, id: number, body: DashboardDataRequest, lang: Lang = 'zh'): Promise<DashboardData> {
  const { dashboard, user } = await authorizeShare(deps, id, body);
  const filter = { startDate: body.startDate, endDate: body.endDate, bu: body.bu, province: body.province };
  const base = {
    id: dashboard.id,
    router: dashboard.router,
    buOptions: BU_OPTIONS,
    provinceOptions: PROVINCES,
    user: { username: user.username, name: user.name },
  };
  const scope = await compileScope(deps.db, user.id);
  const computed = await computeDashboard(dashboard.router, filter, { db: deps.db, scope, userId: user.id, lang, now: deps.now() });
  if (!computed) {
    // The source of this report is not in the portal: say which, never show invented numbers.
    const range = dateRange(filter, deps.now());
    const noSource = (NO_SOURCE_DASHBOARDS as Record<string, string>)[dashboard.router] ?? 'analytics.noDataYet';
    return {
      ...base,
      hasData: false,
      noSource,
      range: { startDate: range.startDate, endDate: range.endDate },
      filters: [],
      bu: '',
      province: '',
      kpis: [],
      charts: [],
      table: { columns: [], rows: [], total: 0 },
    };
  }
  return {
    ...base,
    hasData: true,
    range: { startDate: computed.range.startDate, endDate: computed.range.endDate },
    filters: [...computed.filters],
    bu: computed.bu,
    province: computed.province,
    kpis: computed.kpis,
    charts: computed.charts,
    table: computed.table,
  };
}

/** Sets a team's targets for a month (goData); 404 for an unknown team. */
export async function saveTeamTarget(deps: AnalyticsDeps, user: CurrentUser, body: TeamTargetRequest): Promise<TeamTargetRequest> {
  const saved = await setTeamTarget(deps.db, user.username, body, deps.now());
  if (!saved) throw notFound('analytics.teamNotFound');
  return saved;
}

/** Stores tracking events as the signed-in user's, with the address the server saw; one statement. */
export async function insertEvents(deps: AnalyticsDeps, user: CurrentUser, ip: string, events: UsageEvent[]): Promise<number> {
  const at = new Date(deps.now());
  const values = events.map(
    (e) =>
      sql`(${user.username}, ${e.operation}, ${e.page}, ${e.pageDetail ?? ''}, ${ip}, ${e.location ?? ''}, ${e.language ?? ''}, ${e.screenSize ?? ''}, ${e.browser ?? ''}, ${e.networkType ?? ''}, ${e.system ?? ''}, ${at})`,
  );
  await deps.db
    .execute(sql`insert into usage_events (username, operation, page, page_detail, ip, location, language, screen_size, browser, network_type, system, created_at)
    values ${sql.join(values, sql`, `)}`);
  return events.length;
}

/** Switches a dashboard on or off. */
export async function setDashboardStatus(deps: AnalyticsDeps, user: CurrentUser, id: number, enabled: boolean): Promise<{ id: number; enabled: boolean }> {
  await deps.db
    .execute(sql`insert into analytics_dashboard_status (id, enabled, updated_by, updated_at) values (${id}, ${enabled}, ${user.username}, ${new Date(deps.now())})
    on conflict (id) do update set enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  return { id, enabled };
}
