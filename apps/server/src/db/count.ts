import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from './client.js';

/**
 * `count(*)` of the rows of `fromWhere` (a `from … where …` clause) up to `cap` (ARCHITECTURE.md
 * scale rules): the database stops after cap + 1 rows, so a big table is never counted whole.
 * `capped` says there are more than `cap`; `total` is then `cap`. The cap is the calling area's
 * limit from packages/shared.
 */
export async function countUpTo(db: Db | Tx, fromWhere: SQL, cap: number): Promise<{ total: number; capped: boolean }> {
  const [row] = await selectRows<{ n: number | string }>(db, sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${cap + 1}) c`);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}
