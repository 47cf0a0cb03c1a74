import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_LIMITS, type ActivityPage } from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import { countUpTo } from '../../db/count.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Keyset pages over (time, id) (ARCHITECTURE.md scale rules): the cursor is the last row's
 * time and id, base64url; the total is counted up to the cap.
 */
export interface Cursor {
  at: number;
  id: number;
}

export function encodeCursor(at: Date | string, id: number): string {
  return Buffer.from(`${new Date(at).getTime()}.${id}`).toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,16})\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  const at = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(at) || at > 8.64e15 || id > 2_147_483_647) throw badRequest('activity.cursorInvalid', 'cursor');
  return { at, id };
}

/** The condition that continues after the cursor, newest first (desc) or oldest first (asc). */
export function after(cursor: Cursor | undefined, at: SQL, id: SQL, order: 'asc' | 'desc'): SQL {
  if (!cursor) return sql`true`;
  const ts = new Date(cursor.at).toISOString();
  return order === 'desc' ? sql`(${at}, ${id}) < (${ts}::timestamptz, ${cursor.id})` : sql`(${at}, ${id}) > (${ts}::timestamptz, ${cursor.id})`;
}

/** count(*) of a FROM … WHERE clause, up to the activity cap. */
export async function cappedCount(db: Tx, fromWhere: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const { total, capped } = await countUpTo(db, fromWhere, ACTIVITY_LIMITS.countCap);
  return { total, totalCapped: capped };
}

/** Builds the page from `size + 1` rows fetched. */
export function pageOf<R, T, C extends { total: number | null; totalCapped: boolean } = { total: number; totalCapped: boolean }>(
  rows: R[],
  size: number,
  count: C,
  map: (row: R) => T,
  key: (row: R) => [Date | string, number],
): Omit<ActivityPage<T>, 'total' | 'totalCapped'> & C {
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  const last = shown.at(-1);
  return { list: shown.map(map), ...count, nextCursor: more && last ? encodeCursor(...key(last)) : null };
}
