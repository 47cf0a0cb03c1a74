import type { Point } from './cartesian-geometry';

/*
 * The lines' paths, a module of their own: a chart of bars only (BarsChart) leaves them out
 * (docs/decisions/0031, "What a browser downloads, within 400 KB").
 */

const at = (v: number) => Math.round(v * 100) / 100;

/**
 * An SVG path of straight segments from point to point. A line chart of the portal draws counts
 * and shares measured at its categories only: a curve between them would draw values nobody
 * measured (humps, or dips below zero), so there is no smoothing (docs/decisions/0058).
 */
export function linePath(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${at(x)},${at(y)}`).join('');
}
