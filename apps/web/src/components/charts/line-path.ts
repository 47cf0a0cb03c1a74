import { curveMonotoneX, line } from 'd3-shape';
import type { Point } from './cartesian-geometry';

/*
 * The lines' paths, a module of their own: a chart of bars only (BarsChart) does not download
 * d3-shape (docs/decisions/0031, "What a browser downloads, within 400 KB").
 */

/**
 * An SVG path through the points (d3-shape): straight, or a monotone cubic, which bends through
 * every point without going above or below its neighbours.
 */
export function linePath(points: readonly Point[], smooth: boolean): string {
  if (points.length === 0) return '';
  const path = line<Point>().digits(2);
  return (smooth ? path.curve(curveMonotoneX) : path)(points as Point[]) ?? '';
}
