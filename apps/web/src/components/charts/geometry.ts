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

const round = (v: number, step: number) => {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(v.toFixed(Math.min(digits, 12)));
};

/**
 * A value axis over [low, high] with about `count` round steps (1, 2, 5 × 10ⁿ; whole numbers when
 * `integer`). Zero stays on the axis unless `fixed` gives its ends.
 */
export function valueScale(low: number, high: number, { count = 5, integer = false, fixed }: { count?: number; integer?: boolean; fixed?: { min?: number; max?: number } } = {}): ValueScale {
  let min = fixed?.min ?? Math.min(0, low);
  let max = fixed?.max ?? Math.max(0, high);
  if (!Number.isFinite(min) || !Number.isFinite(max)) [min, max] = [0, 1];
  if (max <= min) max = min + (integer ? 1 : Math.abs(min) || 1);
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  let step = (fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10) * magnitude;
  if (integer) step = Math.max(1, Math.round(step));
  const start = fixed?.min ?? Math.floor(min / step) * step;
  const end = fixed?.max ?? Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= end + step * 1e-9; v += step) ticks.push(round(v, step));
  if (fixed?.max !== undefined && ticks[ticks.length - 1] !== end) ticks.push(end);
  return { min: start, max: end, ticks };
}

export type Point = readonly [number, number];

/**
 * An SVG path through the points: straight, or a monotone cubic (Fritsch–Carlson), which bends
 * through every point without going above or below its neighbours.
 */
export function linePath(points: readonly Point[], smooth: boolean): string {
  if (points.length === 0) return '';
  const f = (n: number) => Number(n.toFixed(2));
  const [x0, y0] = points[0]!;
  if (!smooth || points.length < 3) return `M${f(x0)},${f(y0)}` + points.slice(1).map(([x, y]) => `L${f(x)},${f(y)}`).join('');
  const n = points.length;
  const dx: number[] = [];
  const slope: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    dx.push(points[i + 1]![0] - points[i]![0]);
    slope.push((points[i + 1]![1] - points[i]![1]) / (dx[i] || 1));
  }
  const tangent = points.map((_, i) => {
    if (i === 0) return slope[0]!;
    if (i === n - 1) return slope[n - 2]!;
    const a = slope[i - 1]!;
    const b = slope[i]!;
    if (a * b <= 0) return 0;
    return (3 * (dx[i - 1]! + dx[i]!)) / ((2 * dx[i]! + dx[i - 1]!) / a + (dx[i]! + 2 * dx[i - 1]!) / b);
  });
  let d = `M${f(x0)},${f(y0)}`;
  for (let i = 0; i < n - 1; i++) {
    const [xa, ya] = points[i]!;
    const [xb, yb] = points[i + 1]!;
    const h = dx[i]! / 3;
    d += `C${f(xa + h)},${f(ya + tangent[i]! * h)},${f(xb - h)},${f(yb - tangent[i + 1]! * h)},${f(xb)},${f(yb)}`;
  }
  return d;
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
