import { nice, ticks as roundTicks } from 'd3-array';
import { curveMonotoneX, line } from 'd3-shape';
/**
 * The arithmetic of the portal's SVG charts (docs/decisions/0031): value axes with round ticks,
 * smooth lines that never overshoot their points, donut sectors, and labels that fit.
 */

/** ECharts' default colours, so charts that name none keep the look they had. */
export const DEFAULT_PALETTE = ['#5070dd', '#b6d634', '#505372', '#ff994d', '#0ca8df', '#ffd10a', '#fb628b', '#785db0', '#3fbe95'];

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

const straight = line<Point>().digits(2);
const monotone = line<Point>().curve(curveMonotoneX).digits(2);

/**
 * An SVG path through the points (d3-shape): straight, or a monotone cubic, which bends through
 * every point without going above or below its neighbours.
 */
export function linePath(points: readonly Point[], smooth: boolean): string {
  if (points.length === 0) return '';
  return (smooth ? monotone : straight)(points as Point[]) ?? '';
}

let context: CanvasRenderingContext2D | null | undefined;

/** The width of a text at the charts' 12 px font, in pixels (an estimate where there is no canvas). */
export function textWidth(text: string): number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
    if (context) context.font = '12px sans-serif';
  }
  if (context) return context.measureText(text).width;
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 12 : 7;
  return w;
}

/** The text cut to `width` pixels with an ellipsis, as ECharts' `overflow: 'truncate'`. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** 1203 → "1,203", as ECharts writes axis values. */
export const plainNumber = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
