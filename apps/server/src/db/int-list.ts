import { sql, type SQL } from 'drizzle-orm';

/**
 * A literal list of whole numbers for `in (…)`: only safe integers pass, the planner sees
 * constants, and a long list costs no bound parameters.
 */
export function intList(values: readonly number[]): SQL {
  return sql.raw(values.filter((v) => Number.isSafeInteger(v)).join(','));
}

/** A list of values for `in (…)` as bound parameters (texts such as channels or kinds). */
export function paramList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}
