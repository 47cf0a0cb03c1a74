import { sql, type SQL } from 'drizzle-orm';

/**
 * Keyset paging over "newest first" orders (time desc, then ids desc), used by the report-table
 * export to read a report's rows page by page with the screen's own order.
 */

/** Where the last page ended: its last row's time as the database wrote it (text, exact to the microsecond) and its ids. */
export interface TimeCursor {
  at: string;
  ids: number[];
}

/** The rows after the cursor in the order `time desc, ids… desc`; every row when there is none. */
export function afterTimeCursor(time: SQL, ids: SQL[], after: TimeCursor | null): SQL {
  if (!after) return sql`true`;
  return sql`(${time}, ${sql.join(ids, sql`, `)}) < (${after.at}::timestamptz, ${sql.join(after.ids.map((id) => sql`${id}`), sql`, `)})`;
}

/** Reads pages with `read(after, pageSize)` until a short page; `cursorOf` gives the cursor of a page's last row. */
export async function* keysetPages<R>(read: (after: TimeCursor | null, pageSize: number) => Promise<R[]>, cursorOf: (row: R) => TimeCursor, pageSize: number): AsyncGenerator<R[]> {
  let after: TimeCursor | null = null;
  for (;;) {
    const rows = await read(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}
