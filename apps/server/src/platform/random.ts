/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): the same sequence for the same seed on every machine. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Draws an index by weight: `weights[i]` is the chance of `i` relative to the others (a cumulative
 * table and a binary search, one number of `r` a draw).
 */
export function weightedIndex(weights: Iterable<number>): (r: () => number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  return (r) => {
    const x = r() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
