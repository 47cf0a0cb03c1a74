import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from './client.js';

/**
 * A heavy report read (the report screens' figures over the national tables; decision 0033):
 * one statement in its own short transaction with two settings local to it.
 *
 * - `work_mem` REPORT_WORK_MEM: an exact distinct count sorts its rows and a grouping hashes them;
 *   at the server's default 4 MB a 30-day window of the national visits (~0.8M rows) spills both to
 *   disk. The setting is per sort or hash node of this one statement and ends with its transaction,
 *   so the memory a report can take is bounded: nodes × REPORT_WORK_MEM per pooled connection.
 * - `jit` off: the planner's cost for these reads passes the JIT thresholds, and compiling
 *   (inlining, optimisation) took longer than the reads themselves (callRecord's totals: 270 ms of
 *   504 ms on 60,000 calls).
 *
 * Results are those of the statement without the settings: they change how, never what.
 * Independent reads stay concurrent (each takes its own pooled connection).
 */
export const REPORT_WORK_MEM = '64MB';

export async function reportRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', ${REPORT_WORK_MEM}, true), set_config('jit', 'off', true)`);
    return selectRows<T>(tx, query);
  });
}
