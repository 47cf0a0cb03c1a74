import { sql, type SQL } from 'drizzle-orm';

/**
 * A literal list of whole numbers for `in (…)`: only safe integers pass, the planner sees
 * constants, and a long list costs no bound parameters.
 */
export function intList(values: readonly number[]): SQL {
  return sql.raw(values.filter((v) => Number.isSafeInteger(v)).join(','));
}
