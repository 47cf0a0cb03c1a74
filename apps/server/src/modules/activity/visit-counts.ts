import { sql, type SQL } from 'drizzle-orm';
import { paramList } from '../../db/int-list.js';
import { isPortalDayStart, portalDay } from '../../platform/portal-time.js';
import { reportDoctorRowFilter, type FigurePath, type ReportWindow } from '../customers/index.js';
import { userIdsOfBu } from '../admin/index.js';

/**
 * The kept visit counts (db/schema/activity-counts.ts visit_doctor_days; decision 0033) for the
 * report figures: one row per portal day, representative, doctor, channel, effective and status,
 * kept by triggers on visit_records in the writing statement. A report reads them instead of the
 * visits when its window is whole portal days (the report screens' date ranges always are).
 *
 * The data scope applies through customers' reportDoctorRowFilter on the doctor's hospital and
 * province the rows carry (the scope's own condition, doctorInScope): a province viewer reads its
 * province's rows only (visit_doctor_days_province_idx).
 */

/** A window's first portal day and the day after its last (YYYY-MM-DD). */
export interface KeptDays {
  from: string;
  to: string;
}

/** The window as whole portal days, or null when it starts or ends inside a day (then only the visit rows can answer). */
export function keptDays(w: Pick<ReportWindow, 'from' | 'to'>): KeptDays | null {
  const from = w.from.getTime();
  const to = w.to.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || !isPortalDayStart(from) || !isPortalDayStart(to)) return null;
  return { from: portalDay(from), to: portalDay(to) };
}

/** The kept days a figure reads: none when the caller asks for the visit rows (`path: 'rows'`) or the window is not whole days. */
export const keptDaysFor = (w: Pick<ReportWindow, 'from' | 'to'>, how: FigurePath): KeptDays | null => (how.path === 'rows' ? null : keptDays(w));

/** Visits of a representative of the BU (`column`: the representative's user id; '' for all). */
export const repBu = (column: SQL, bu: string) => (bu ? sql`${column} in ${userIdsOfBu(bu)}` : sql`true`);

/** The kept rows of the window's days, in scope, province and BU (and channels when given), as a subquery aliased `a`. */
export function keptVisits(w: ReportWindow & { bu: string }, days: KeptDays, channels?: readonly string[]): SQL {
  const parts = [sql`vd.day >= ${days.from}::date and vd.day < ${days.to}::date`, reportDoctorRowFilter(w, 'vd')];
  if (w.bu) parts.push(repBu(sql`vd.user_id`, w.bu));
  if (channels) parts.push(sql`vd.channel in (${paramList(channels)})`);
  return sql`(select vd.* from visit_doctor_days vd where ${sql.join(parts, sql` and `)}) a`;
}
