import { arc, pie } from 'd3-shape';
import { shareOf } from '@/lib/format';

/** The arithmetic of the pie chart (a module of its own, so bar and line charts do not download it). */

/**
 * A donut sector from angle a to b (radians, clockwise from twelve o'clock), d3-shape's arc around
 * the origin: draw it translated to the pie's centre.
 */
export function sectorPath(inner: number, outer: number, a: number, b: number): string {
  return arc().digits(2)({ innerRadius: inner, outerRadius: outer, startAngle: a, endAngle: b }) ?? '';
}

/**
 * Each slice's angles (radians, clockwise from twelve o'clock; d3-shape's pie, in the given order)
 * and share in percent to one decimal, as `shareOf` gives it: a label or a table beside the pie then
 * writes the same figure with `formatPercent`.
 */
export function pieAngles(values: readonly number[]): { start: number; end: number; mid: number; percent: number }[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  const slices = pie<number>()
    .sort(null)
    .value((v) => v)(values as number[]);
  return slices.map((p) => ({
    start: p.startAngle,
    end: p.endAngle,
    mid: (p.startAngle + p.endAngle) / 2,
    percent: shareOf(p.value, total),
  }));
}

/**
 * Label positions on one side of a pie, moved apart so no two are closer than `gap`, kept within
 * [top, bottom]: the wanted positions in, the drawn ones out (same order).
 */
export function spreadLabels(wanted: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = wanted.map((y, i) => ({ y, i })).sort((p, q) => p.y - q.y);
  const placed = order.map((p) => p.y);
  for (let k = 0; k < placed.length; k++) placed[k] = Math.max(placed[k]!, k === 0 ? top : placed[k - 1]! + gap);
  // Pushed past the bottom: move back up, keeping the gaps.
  for (let k = placed.length - 1; k >= 0; k--) placed[k] = Math.min(placed[k]!, k === placed.length - 1 ? bottom : placed[k + 1]! - gap);
  const out = new Array<number>(wanted.length);
  order.forEach((p, k) => (out[p.i] = placed[k]!));
  return out;
}
