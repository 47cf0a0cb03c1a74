/**
 * A page of a list read by cursor, for a test that answers a list's calls: `n` rows made from the
 * ids `from`, `from + 1`, …, and the cursor of the next page (none: the last one).
 */
export function cursorPage<T>(row: (id: number) => T, from: number, n: number, nextCursor: string | null, total = from + n - 1) {
  return { list: Array.from({ length: n }, (_, i) => row(from + i)), total, totalCapped: false, nextCursor };
}
