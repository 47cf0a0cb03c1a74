import { dateRange } from '../src/modules/analytics/dashboards/common.js';
import type { DataScope } from '../src/modules/customers/scope.js';

/** A report window with a BU filter: what the activity and meeting report reads take. */
export interface WindowWithBu {
  from: Date;
  to: Date;
  province: string;
  scope: DataScope;
  bu: string;
}

/**
 * The windows the report equality tests compare the kept and the row paths over: five scope kinds
 * (whole country, a province, hospitals, hospitals and a province, nothing), each with and without a
 * province filter, over the last 30 portal days; a week with a BU; a province scope with a BU.
 */
export function reportWindows(user: number, hospitals: readonly { id: number; province: string }[], bu: string, now: number): WindowWithBu[] {
  const provinces = [...new Set(hospitals.map((x) => x.province))];
  const scopes: DataScope[] = [
    { userId: user, all: true, hospitalIds: [], provinceCodes: [] },
    { userId: user, all: false, hospitalIds: [], provinceCodes: provinces.slice(0, 1) },
    { userId: user, all: false, hospitalIds: hospitals.slice(0, 4).map((x) => x.id), provinceCodes: [] },
    { userId: user, all: false, hospitalIds: hospitals.slice(0, 2).map((x) => x.id), provinceCodes: provinces.slice(1, 2) },
    { userId: user, all: false, hospitalIds: [], provinceCodes: [] },
  ];
  const last30 = dateRange({}, now);
  const week = dateRange({ startDate: last30.days[10], endDate: last30.days[16] }, now);
  const out: WindowWithBu[] = [];
  for (const scope of scopes) for (const province of ['', provinces[0]!]) out.push({ from: last30.from, to: last30.to, province, scope, bu: '' });
  out.push({ from: week.from, to: week.to, province: '', scope: scopes[0]!, bu });
  out.push({ from: last30.from, to: last30.to, province: '', scope: scopes[1]!, bu });
  return out;
}
