import { nice, ticks as roundTicks } from 'd3-array';

/**
 * The arithmetic of the bar and line charts (a module of its own, so the charts that draw no axis
 * do not download it): value axes with round ticks and the lines' paths.
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
export function valueScale(low: number, high: number, { count = 5, integer = false, fixed }: { count?: number; integer?: boolean; fixed?: { min?: number; max?: number } } = {}): ValueScale {
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


/** A coordinate as d3-path writes it with two digits. */
const fixed2 = (v: number) => Math.round(v * 100) / 100;
const sign = (v: number) => (v < 0 ? -1 : 1);

/** The tangent at b between its neighbours a and c (Steffen 1990, as d3-shape's monotone curve). */
function innerSlope(a: Point, b: Point, c: Point): number {
  const h0 = b[0] - a[0];
  const h1 = c[0] - b[0];
  const s0 = (b[1] - a[1]) / (h0 || (h1 < 0 ? -0 : 0));
  const s1 = (c[1] - b[1]) / (h1 || (h0 < 0 ? -0 : 0));
  const p = (s0 * h1 + s1 * h0) / (h0 + h1);
  return (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
}

/** The one-sided tangent at an end of the segment a–b, given the tangent t at its other end. */
function endSlope(a: Point, b: Point, t: number): number {
  const h = b[0] - a[0];
  return h ? ((3 * (b[1] - a[1])) / h - t) / 2 : t;
}

/** The cubic Bézier from a to b with tangents ta at a and tb at b. */
function curve(a: Point, b: Point, ta: number, tb: number): string {
  const dx = (b[0] - a[0]) / 3;
  return `C${fixed2(a[0] + dx)},${fixed2(a[1] + dx * ta)},${fixed2(b[0] - dx)},${fixed2(b[1] - dx * tb)},${fixed2(b[0])},${fixed2(b[1])}`;
}

/**
 * An SVG path through the points: straight, or a monotone cubic, which bends through every point
 * without going above or below its neighbours. The same path as d3-shape's line with two digits
 * (curveLinear or curveMonotoneX; charts.test.tsx compares them), written here so that the bar and
 * line charts do not download d3-shape and d3-path for it.
 */
export function linePath(points: readonly Point[], smooth: boolean): string {
  // The monotone curve skips a point that repeats the one before it.
  const kept = smooth ? points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]) : points;
  if (kept.length === 0) return '';
  const move = (p: Point) => `${fixed2(p[0])},${fixed2(p[1])}`;
  let d = `M${move(kept[0]!)}`;
  if (kept.length === 1) return `${d}Z`;
  if (!smooth || kept.length === 2) {
    for (let i = 1; i < kept.length; i++) d += `L${move(kept[i]!)}`;
    return d;
  }
  let t0 = 0;
  for (let i = 2; i < kept.length; i++) {
    const [a, b, c] = [kept[i - 2]!, kept[i - 1]!, kept[i]!];
    const t1 = innerSlope(a, b, c);
    d += curve(a, b, i === 2 ? endSlope(a, b, t1) : t0, t1);
    t0 = t1;
  }
  const [a, b] = [kept[kept.length - 2]!, kept[kept.length - 1]!];
  return d + curve(a, b, t0, endSlope(a, b, t0));
}
