import { z } from 'zod';
import { APPS_LIMITS as L } from './apps.js';
import { idField, listFormMessage as m, listFormMissing as missing, optionalText, requiredText, sortField } from './apps-fields.js';
import type { HomeMessageKey } from './home-messages.js';

/** Request schemas and records of the home page's data and charts (docs/decisions/0010). */

export const homeDataInput = z.strictObject({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, m('data.homeData.keyInvalid')),
  name: requiredText('data.homeData.nameRequired'),
  nameEn: optionalText(L.nameMax),
  value: z.number(missing('data.homeData.valueRequired')).int(m('data.homeData.valueRequired')).min(0, m('data.homeData.valueRequired')).max(L.homeValueMax),
  unit: optionalText(10),
  sort: sortField,
});
export const homeDataUpdate = homeDataInput.extend({ id: idField });
export interface HomeDataRecord {
  id: number;
  key: string;
  name: string;
  nameEn: string;
  value: number;
  unit: string;
  sort: number;
}

export const CHART_TYPES = ['line', 'bar'] as const;
export interface ChartPoint {
  time: number;
  value: number;
}
const NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * Chart content (spec 001 section 5): items `time/value` separated by commas (or new lines),
 * numbers on both sides of '/', no time twice. The points, or the message of the first problem.
 */
export function parseChartContent(content: string): { points: ChartPoint[] } | { error: HomeMessageKey; params?: Record<string, string> } {
  const items = content
    .split(/[,,;\n\r]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) return { error: 'data.chart.contentRequired' };
  if (items.length > L.chartPointsMax) return { error: 'data.chart.tooManyPoints' };
  const seen = new Set<number>();
  const points: ChartPoint[] = [];
  for (const item of items) {
    const parts = item.split('/').map((s) => s.trim());
    if (parts.length !== 2 || !NUMBER.test(parts[0]!) || !NUMBER.test(parts[1]!)) return { error: 'data.chart.contentFormat' };
    const time = Number(parts[0]);
    if (seen.has(time)) return { error: 'data.chart.duplicateTime', params: { time: parts[0]! } };
    seen.add(time);
    points.push({ time, value: Number(parts[1]) });
  }
  return { points };
}
export const homeChartInput = z.strictObject({
  name: requiredText('data.chart.nameRequired'),
  nameEn: optionalText(L.nameMax),
  chartType: z.enum(CHART_TYPES).default('line'),
  content: z.string(missing('data.chart.contentRequired')).trim().min(1, m('data.chart.contentRequired')).max(4000),
  sort: sortField,
});
export const homeChartUpdate = homeChartInput.extend({ id: idField });
export interface HomeChartRecord {
  id: number;
  name: string;
  nameEn: string;
  chartType: (typeof CHART_TYPES)[number];
  content: string;
  sort: number;
}
export interface HomeChartSeries extends HomeChartRecord {
  points: ChartPoint[];
}
