import {
  ANALYTICS_TEXT_VALUE_COLUMNS,
  ANALYTICS_TIME_COLUMNS,
  DOWNLOAD_LIMITS,
  NO_SOURCE_DASHBOARDS,
  REPORT_ROUTERS,
  analyticsColumnLabel,
  analyticsValueLabel,
  message,
  reportTableExportParams,
  type Lang,
  type ReportRouter,
  type ReportTableExportParams,
} from '@field-portal/shared';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import { compileScope } from '../customers/index.js';
import { registerDownloadTemplate, type DownloadContext } from '../downloads/index.js';
import { computeDashboard, dateRange, DASHBOARDS } from './dashboards/index.js';
import { mainlandRegions } from '../reference/index.js';
import { findDashboardByRouter, reportName } from './service.js';

/**
 * The report screens' table as a background export (docs/decisions/0022, 0023): the report named
 * by its router, with the filters of its dashboard data call, every row (not the screen's cap of
 * ANALYTICS_LIMITS.tableRows) in the data scope of the user who asked, headers and coded values in
 * that user's language, times in portal time. The worker neutralises formula cells.
 */

type Cell = string | number | null;
interface Table {
  columns: string[];
  total: number;
  /** The rows, read at once (a report without a paged table source). */
  rows?: Cell[][];
  /** The rows, keyset page by keyset page (the report's `tablePages`). */
  pages?: () => AsyncIterable<Cell[][]>;
}

/** The menu grant of a report screen (its seeded menu code). */
export const reportAuthority = (router: string) => `reportDownload:${router}`;

/** Rows of one keyset page (and of one batch of a table read at once). */
export const REPORT_PAGE_ROWS = 2000;

/** One computation per run: count, columns and rows read the same table. */
const computed = new WeakMap<object, Promise<Table>>();

function tableOf(ctx: DownloadContext<ReportTableExportParams>): Promise<Table> {
  let table = computed.get(ctx.params);
  if (!table) {
    table = (async (): Promise<Table> => {
      const { db, owner, params, lang } = ctx;
      // The report may have been switched off since the job was asked for.
      if (!(await findDashboardByRouter(db, params.report))) throw new AppError(400, 'analytics.reportUnknown', { name: params.report });
      const scope = await compileScope(db, owner.id);
      const filter = { startDate: params.startDate, endDate: params.endDate, bu: params.bu, province: params.province };
      const dashboard = { db, scope, userId: owner.id, lang, now: ctx.now() };
      const def = DASHBOARDS[params.report as ReportRouter];
      if (def?.tablePages) {
        // Paged: the figures give the columns and the count; the rows are read page by page, never all at once.
        const paged = await computeDashboard(params.report, filter, { ...dashboard, tableRows: 0 }, true);
        if (!paged) return { columns: [], rows: [], total: 0 };
        const { pages } = paged;
        return { columns: paged.table.columns, total: paged.table.total, pages: () => pages(REPORT_PAGE_ROWS) };
      }
      const result = await computeDashboard(params.report, filter, { ...dashboard, tableRows: DOWNLOAD_LIMITS.sheetRowsMax });
      if (!result) return { columns: [], rows: [], total: 0 };
      const { rows, total } = result.table;
      // Rows stopped at the sheet's limit: the true total makes the worker refuse the export.
      return { columns: result.table.columns, rows, total: rows.length >= DOWNLOAD_LIMITS.sheetRowsMax ? Math.max(total, rows.length + 1) : rows.length };
    })();
    computed.set(ctx.params, table);
  }
  return table;
}

/** A portal date and time (UTC+8, docs/decisions/0004) of an ISO instant. */
function portalTime(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A cell as the screen shows it: times in portal time, coded values by their label. */
export function reportCell(column: string, value: Cell, lang: Lang): Cell {
  if (value === null) return '';
  if (typeof value === 'string' && ANALYTICS_TIME_COLUMNS.has(column)) return portalTime(value);
  if (typeof value === 'string' && ANALYTICS_TEXT_VALUE_COLUMNS.has(column)) return analyticsValueLabel(value, lang);
  return value;
}

registerDownloadTemplate<ReportTableExportParams, Cell[]>({
  name: 'reportTable',
  title: 'download.template.reportTable',
  // Any report screen's grant lets a user ask; `check` wants the grant of the very report.
  authority: REPORT_ROUTERS.map(reportAuthority),
  params: reportTableExportParams,
  check: (params, authorities) => {
    if (!(REPORT_ROUTERS as readonly string[]).includes(params.report)) throw badRequest('analytics.reportUnknown', 'report', { name: params.report });
    if (!authorities.has(reportAuthority(params.report))) throw forbidden('analytics.noAccess');
    const noSource = (NO_SOURCE_DASHBOARDS as Partial<Record<string, 'analytics.noSource.jvisaSystemPoint'>>)[params.report];
    if (noSource || !DASHBOARDS[params.report as ReportRouter]) throw badRequest(noSource ?? 'analytics.noDataYet', 'report');
    // The dates the data call would refuse (a day that does not exist, a range too long or reversed) are refused now.
    dateRange(params, Date.now());
  },
  // The report's name, its period, and the BU and province it is narrowed to (the filters the report takes).
  fileName: async (params, { db, lang, now }) => {
    const def = DASHBOARDS[params.report as ReportRouter];
    const range = dateRange(params, now);
    const province =
      def?.filters.includes('province') && params.province ? (mainlandRegions().find((r) => r.code === params.province)?.name ?? params.province) : '';
    return [
      await reportName(db, params.report, lang),
      message('download.fileName.period', lang, { start: range.startDate, end: range.endDate }),
      def?.filters.includes('bu') ? params.bu : '',
      province,
    ];
  },
  columns: async (ctx) =>
    (await tableOf(ctx)).columns.map((column, i) => ({
      header: { zh: analyticsColumnLabel(column, 'zh'), en: analyticsColumnLabel(column, 'en') },
      value: (row: Cell[]) => reportCell(column, row[i] ?? null, ctx.lang),
    })),
  count: async (ctx) => (await tableOf(ctx)).total,
  async *rows(ctx) {
    const { rows, pages } = await tableOf(ctx);
    if (pages) {
      yield* pages();
      return;
    }
    for (let i = 0; i < (rows ?? []).length; i += REPORT_PAGE_ROWS) yield rows!.slice(i, i + REPORT_PAGE_ROWS);
  },
});
