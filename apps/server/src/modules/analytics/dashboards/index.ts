import { DEFAULT_BU_LIST, type ReportRouter } from '@field-portal/shared';
import type { Db } from '../../../db/client.js';
import type { DataScope } from '../../customers/index.js';
import { CARD_DASHBOARDS } from './cards.js';
import { dateRange, TABLE_ROWS, type Computed, type DashboardDef, type DashboardFilter, type Range, type TableRows } from './common.js';
import { DOCTOR_DASHBOARDS } from './doctors.js';
import { ENGAGEMENT_DASHBOARDS } from './engagement.js';
import { GOAL_DASHBOARDS } from './goals.js';
import { MEETING_DASHBOARDS } from './meetings.js';
import { SYSTEM_DASHBOARDS } from './system.js';
import { VISIT_DASHBOARDS } from './visits.js';

export { dateRange, type DashboardFilter, type Range } from './common.js';
export { setTeamTarget } from './goals.js';

/**
 * Every report router with figures from the portal's own data, one file per report family
 * (docs/decisions/0023). A router absent here has no source in the portal (UNAVAILABLE_SOURCES).
 */
export const DASHBOARDS: Partial<Record<ReportRouter, DashboardDef>> = {
  ...CARD_DASHBOARDS,
  ...SYSTEM_DASHBOARDS,
  ...VISIT_DASHBOARDS,
  ...DOCTOR_DASHBOARDS,
  ...GOAL_DASHBOARDS,
  ...MEETING_DASHBOARDS,
  ...ENGAGEMENT_DASHBOARDS,
};

export const BU_OPTIONS: string[] = [...DEFAULT_BU_LIST];

export interface DashboardContext {
  db: Db;
  scope: DataScope;
  userId: number;
  lang: 'zh' | 'en';
  now: number;
  /** Table rows to read (default: the screen's cap, ANALYTICS_LIMITS.tableRows). */
  tableRows?: number;
}

/** A dashboard's figures for the filter, or undefined when the portal has no source for it. */
type Computation = Computed & { range: Range; bu: string; province: string; filters: DashboardDef['filters'] };

export async function computeDashboard(router: string, filter: DashboardFilter, ctx: DashboardContext): Promise<Computation | undefined>;
/** With `paged`: also every row of its table, keyset page by keyset page, when the dashboard has a paged table source. */
export async function computeDashboard(
  router: string,
  filter: DashboardFilter,
  ctx: DashboardContext,
  paged: true,
): Promise<(Computation & { pages: (pageSize: number) => AsyncIterable<TableRows> }) | undefined>;
export async function computeDashboard(router: string, filter: DashboardFilter, ctx: DashboardContext, paged?: true) {
  const def = DASHBOARDS[router as ReportRouter];
  if (!def) return undefined;
  const range = dateRange(filter, ctx.now);
  const bu = def.filters.includes('bu') ? (filter.bu ?? '') : '';
  const province = def.filters.includes('province') ? (filter.province ?? '') : '';
  const args = { ...ctx, tableRows: ctx.tableRows ?? TABLE_ROWS, range, bu, province };
  const computed = { ...(await def.compute(args)), range, bu, province, filters: def.filters };
  if (!paged || !def.tablePages) return computed;
  const tablePages = def.tablePages;
  return { ...computed, pages: (pageSize: number) => tablePages(args, pageSize) };
}
