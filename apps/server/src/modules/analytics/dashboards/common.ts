import { ANALYTICS_LIMITS, type DashboardChart, type DashboardData } from '@field-portal/shared';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../platform/errors.js';
import { DAY_MS, portalDay as portalDayOf, portalDaySql } from '../../../platform/portal-time.js';
import { doctorSummaries, type DataScope } from '../../customers/index.js';

export interface DashboardFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  bu?: string | undefined;
  province?: string | undefined;
}

export interface Range {
  startDate: string;
  endDate: string;
  /** Start of the first day and end (exclusive) of the last, as instants. */
  from: Date;
  to: Date;
  days: string[];
}

/** Days of the dashboards are portal days. */
export const dayOf = portalDayOf;
export const startOf = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

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
export const portalDay = portalDaySql;
export const iso = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());
export const n = (value: unknown) => Number(value ?? 0);
export const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Counts per day, zeros filled in for the days without rows. */
export function perDay(days: string[], rows: { day: string }[], ...fields: string[]): DashboardChart['series'] {
  const byDay = new Map(rows.map((r) => [r.day, r as unknown as Record<string, unknown>]));
  return fields.map((key) => ({ key, values: days.map((d) => n(byDay.get(d)?.[key])) }));
}

/** A line chart of per-day counts over the range. */
export function dailyChart(key: string, range: Range, rows: { day: string }[], ...fields: string[]): DashboardChart {
  return { key, kind: 'line', categories: range.days, series: perDay(range.days, rows, ...fields) };
}

/** A pie or bar chart of one count per group (`label` names the group, `fields` the counts). */
export function groupChart<R extends Record<string, unknown>>(
  key: string,
  kind: 'pie' | 'bar',
  rows: R[],
  label: keyof R,
  ...fields: string[]
): DashboardChart {
  return {
    key,
    kind,
    categories: rows.map((r) => text(r[label]) || '-'),
    series: fields.map((f) => ({ key: f, values: rows.map((r) => n(r[f])) })),
  };
}

export type Computed = Pick<DashboardData, 'kpis' | 'charts' | 'table'>;

/** Which filters of the share page a dashboard takes (the date range always applies). */
export type FilterKey = 'bu' | 'province';

export interface Args {
  db: Db;
  range: Range;
  /** BU filter ('' for all). */
  bu: string;
  /** Province region code filter ('' for all). */
  province: string;
  /** The viewer's data scope (customers/scope.ts): every doctor figure stays inside it. */
  scope: DataScope;
  /** The viewer (goData's targets are read for the teams in view). */
  userId: number;
  /** The viewer's language (names of reference codes). */
  lang: 'zh' | 'en';
  now: number;
  /** How many table rows to read: the screen's cap, or every row for the report-table export. */
  tableRows: number;
}

export type TableRows = Computed['table']['rows'];

/** One dashboard: its filters and how its figures are computed. */
export interface DashboardDef {
  filters: readonly FilterKey[];
  compute: (args: Args) => Promise<Computed>;
  /**
   * Every row of its table, keyset page by keyset page, in the table's order and columns (the
   * report-table export; docs/decisions/0022). Absent: the export reads the table with `compute`.
   */
  tablePages?: (args: Args, pageSize: number) => AsyncIterable<TableRows>;
}

export const TABLE_ROWS = ANALYTICS_LIMITS.tableRows;

/**
 * Adds the doctor's name and hospital to rows that carry a `doctorId`, read inside the viewer's
 * scope like every other name (docs/decisions/0036). The rows come from figures already limited to
 * the scope; a row whose doctor is not found there (left the scope since) is left out rather than
 * shown with an id.
 */
export async function withDoctorNames(a: Pick<Args, 'db' | 'scope'>, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const doctors = await doctorSummaries(
    a.db,
    rows.map((r) => n(r.doctorId)),
    a.scope,
  );
  return rows.flatMap((r) => {
    const d = doctors.get(n(r.doctorId));
    return d ? [{ ...r, doctorName: d.name, hospital: d.hospitalName }] : [];
  });
}

/** A table from rows of named values: `columns` picks and orders them; dates become ISO text. */
export function tableOf(columns: string[], rows: Record<string, unknown>[], total: number): Computed['table'] {
  return {
    columns,
    rows: rows.map((r) =>
      columns.map((c) => {
        const v = r[c];
        if (v instanceof Date) return v.toISOString();
        if (typeof v === 'boolean') return v ? 'yes' : 'no';
        if (typeof v === 'number' || v === null || v === undefined) return v ?? null;
        if (typeof v === 'bigint') return Number(v);
        return String(v);
      }),
    ),
    total,
  };
}
