/** The arithmetic of the pie chart (a module of its own, so bar and line charts do not download it). */

/** A donut sector from angle a to b (radians, clockwise from twelve o'clock). */
export function sectorPath(cx: number, cy: number, inner: number, outer: number, a: number, b: number): string {
  const f = (n: number) => Number(n.toFixed(2));
  const at = (r: number, angle: number) => `${f(cx + r * Math.sin(angle))},${f(cy - r * Math.cos(angle))}`;
  // A whole ring as two halves: an arc cannot start and end at the same point.
  if (b - a >= Math.PI * 2 - 1e-9) {
    const mid = a + Math.PI;
    return `M${at(outer, a)}A${outer},${outer} 0 1 1 ${at(outer, mid)}A${outer},${outer} 0 1 1 ${at(outer, a)}` + (inner > 0 ? `M${at(inner, a)}A${inner},${inner} 0 1 0 ${at(inner, mid)}A${inner},${inner} 0 1 0 ${at(inner, a)}Z` : 'Z');
  }
  const large = b - a > Math.PI ? 1 : 0;
  const outerArc = `M${at(outer, a)}A${outer},${outer} 0 ${large} 1 ${at(outer, b)}`;
  return inner > 0 ? `${outerArc}L${at(inner, b)}A${inner},${inner} 0 ${large} 0 ${at(inner, a)}Z` : `${outerArc}L${f(cx)},${f(cy)}Z`;
}

/** Each slice's angles (radians, clockwise from twelve o'clock) and share in percent (two decimals). */
export function pieAngles(values: readonly number[]): { start: number; end: number; mid: number; percent: number }[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  let angle = 0;
  return values.map((v) => {
    const start = angle;
    angle += total > 0 ? (v / total) * Math.PI * 2 : 0;
    return { start, end: angle, mid: (start + angle) / 2, percent: total > 0 ? Math.round((v / total) * 10000) / 100 : 0 };
  });
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
