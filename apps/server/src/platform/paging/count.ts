import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';

/** A list's count, stopped at its area's cap: `capped` says there are more than `total` (then the cap). */
export interface CappedCount {
  total: number;
  capped: boolean;
}

/**
 * `count(*)` of the rows of `fromWhere` (a `from … where …` clause) up to `cap` (ARCHITECTURE.md
 * scale rules): the database stops after cap + 1 rows, so a big table is never counted whole. The
 * cap is the calling area's limit from packages/shared.
 */
export async function countUpTo(db: Db | Tx, fromWhere: SQL, cap: number): Promise<CappedCount> {
  const [row] = await selectRows<{ n: number | string }>(db, sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${cap + 1}) c`);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}

/** The count as the lists whose API names it `totalCapped` answer it. */
export const asTotal = (count: CappedCount): { total: number; totalCapped: boolean } => ({ total: count.total, totalCapped: count.capped });
