import type { SQL } from 'drizzle-orm';
import { CUSTOMERS_LIMITS } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { countUpTo } from '../../db/count.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Keyset paging and capped counts (ARCHITECTURE.md scale rules): lists go by id, newest first;
 * the cursor is the last id seen; a count stops at CUSTOMERS_LIMITS.countCap.
 */

/** A cursor: the last id seen and, for lists that count once, the first page's totals (`carry`). */
export function encodeCursor(lastId: number, carry: readonly number[] = []): string {
  return Buffer.from(['id', lastId, ...carry].join(':')).toString('base64url');
}

/** The id a cursor carries, or 400 customers.cursor.invalid. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  return readCursor(cursor)?.id;
}

/** The id and the carried numbers of a cursor, or 400 customers.cursor.invalid. */
export function readCursor(cursor: string | undefined): { id: number; carry: number[] } | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^id:(\d{1,10})((?::\d{1,10}){0,4})$/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw badRequest('customers.cursor.invalid', 'cursor');
  return { id, carry: match[2] ? match[2].slice(1).split(':').map(Number) : [] };
}

/** `count(*)` of the rows of `from` (a FROM … WHERE … text) up to the cap. */
export function cappedCount(db: Db | Tx, fromWhere: SQL): Promise<{ total: number; capped: boolean }> {
  return countUpTo(db, fromWhere, CUSTOMERS_LIMITS.countCap);
}

/** The page's rows and the next cursor: one row more than the size is read to know if more follow. */
export function pageOf<T extends { id: number }>(rows: T[], size: number, carry: readonly number[] = []): { content: T[]; nextCursor: string | null } {
  const content = rows.slice(0, size);
  return { content, nextCursor: rows.length > size ? encodeCursor(content[content.length - 1]!.id, carry) : null };
}
