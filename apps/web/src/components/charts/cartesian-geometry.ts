import { nice, ticks as roundTicks } from 'd3-array';

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
