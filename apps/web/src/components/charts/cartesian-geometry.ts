import { nice, ticks as roundTicks } from 'd3-array';
import { textWidth } from './geometry';

/**
 * The arithmetic of the bar and line charts (a module of its own, so the charts that draw no axis
 * do not download it): value axes with round ticks. The lines' paths are in line-path.ts.
 */

export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * A value axis over [low, high] with about `count` round steps (d3-array's nice ticks: 1, 2, 5 ×
 * 10ⁿ; whole numbers when `integer`). Zero stays on the axis unless `fixed` gives its ends.
 */
export function valueScale(
  low: number,
  high: number,
  { count = 5, integer = false, fixed }: { count?: number; integer?: boolean; fixed?: { min?: number; max?: number } } = {},
): ValueScale {
  let min = fixed?.min ?? Math.min(0, low);
  let max = fixed?.max ?? Math.max(0, high);
  if (!Number.isFinite(min) || !Number.isFinite(max)) [min, max] = [0, 1];
  if (max <= min) max = min + (integer ? 1 : Math.abs(min) || 1);
  const [start, end] = fixed?.min !== undefined && fixed.max !== undefined ? [min, max] : nice(min, max, count);
  const lo = fixed?.min ?? start;
  const hi = fixed?.max ?? end;
  let ticks = roundTicks(lo, hi, count);
  if (integer) ticks = ticks.filter(Number.isInteger);
  if (ticks[0] !== lo) ticks.unshift(lo);
  if (ticks[ticks.length - 1] !== hi) ticks.push(hi);
  return { min: lo, max: hi, ticks };
}

export type Point = readonly [number, number];

/** Degrees a slanted category label turns up from the axis. */
export const SLANT = 40;
/** The widest a slanted label is written when the chart does not say (then cut with an ellipsis). */
const SLANT_WIDTH = 110;
/** Categories that are points of a sequence: dates, months, years, hours (digits and their separators). */
const SEQUENCE = /^\d[\d\s\-/.:年月日时]*$/;

/**
 * Which category labels an upright chart writes under its axis, and how. Labels that fit are all
 * written level. Dates and other points of a sequence may be thinned to every k-th (a reader counts
 * between them, as ECharts' hideOverlap does). Names never are: a team, a region or a product
 * without its label is a bar nobody can read (docs/decisions/0058), so names that do not fit level
 * are slanted, cut to a width with an ellipsis (the full name is their title), and thinned only
 * when even slanted they would overlap.
 */
export function categoryLabels(
  categories: readonly string[],
  band: number,
  labelWidth?: number,
): { every: number; slant: boolean; width: number; slantDrop: number } {
  const widest = Math.max(0, ...categories.map(textWidth));
  const level = Math.min(labelWidth ?? Infinity, widest) + 8;
  const fits = level <= band;
  if (fits || categories.every((c) => SEQUENCE.test(c.trim()))) {
    return { every: Math.max(1, Math.ceil(level / (band || 1))), slant: false, width: level - 8, slantDrop: 0 };
  }
  const width = Math.min(labelWidth ?? SLANT_WIDTH, widest);
  // Slanted labels stand apart by the band times the sine of their angle; a line of text needs 14 px.
  const apart = band * Math.sin((SLANT * Math.PI) / 180);
  return { every: Math.max(1, Math.ceil(14 / (apart || 1))), slant: true, width, slantDrop: Math.ceil(width * Math.sin((SLANT * Math.PI) / 180)) + 8 };
}
