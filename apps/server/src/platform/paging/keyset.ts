import { sql, type SQL } from 'drizzle-orm';
import { encodeCursor } from './cursor.js';

/**
 * A keyset page from `size + 1` rows read: the first `size`, and the cursor of the last of them
 * when one more row followed (null on the last page).
 */
export function keysetPage<R>(
  rows: R[],
  size: number,
  keyOf: (row: R) => readonly (number | string | readonly number[])[],
): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** A cursor's time (ms) as the key's timestamptz. */
export const timeKey = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The rows after a key in `order`: `(a, b) < (x, y)` newest first, `>` oldest first; every row without a key. */
export function afterKey(columns: SQL[], key: readonly (SQL | number | string)[] | undefined, order: 'asc' | 'desc' = 'desc'): SQL {
  if (!key) return sql`true`;
  const values = key.map((v) => (typeof v === 'object' ? v : sql`${v}`));
  return sql`(${sql.join(columns, sql`, `)}) ${order === 'desc' ? sql`<` : sql`>`} (${sql.join(values, sql`, `)})`;
}

/** Where a server-side read (an export) stopped: its last row's time as the database wrote it (text, exact to the microsecond) and ids. */
export interface TimeCursor {
  at: string;
  ids: number[];
}

/** The rows after the cursor in the order `time desc, ids… desc`; every row when there is none. */
export function afterTimeCursor(time: SQL, ids: SQL[], after: TimeCursor | null): SQL {
  if (!after) return sql`true`;
  return afterKey([time, ...ids], [sql`${after.at}::timestamptz`, ...after.ids.map((id) => sql`${id}`)]);
}

/** Reads pages with `read(after, pageSize)` until a short page; `cursorOf` gives the cursor of a page's last row. */
export async function* keysetPages<R>(
  read: (after: TimeCursor | null, pageSize: number) => Promise<R[]>,
  cursorOf: (row: R) => TimeCursor,
  pageSize: number,
): AsyncGenerator<R[]> {
  let after: TimeCursor | null = null;
  for (;;) {
    const rows = await read(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}
