import { sql, type SQL } from 'drizzle-orm';
import type { RegionOption } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { REFERENCE_KINDS, type ReferenceKind } from './seed.js';

/**
 * The doors through which other areas name reference data inside their own statements
 * (docs/decisions/0064): the doctor list, a doctor's summary and the reports name a code's
 * department, region or title in the same statement that reads the doctors, so that a page at a
 * million doctors stays one statement with the plan it had. Each fragment is the text those
 * statements held before, with the table name kept here.
 */

/**
 * A join of the department a code names, as `alias` (left by default: a doctor's code may name
 * no department). A plain join, so the planner keeps its hash or nested-loop join on the key.
 */
export function joinDepartment(alias: string, code: SQL, kind: 'inner' | 'left' = 'left'): SQL {
  const a = sql.identifier(alias);
  return sql`${kind === 'left' ? sql`left join` : sql`join`} departments ${a} on ${a}.code = ${code}`;
}

/** The name of the department a code names, as a scalar subquery (a top-ten's labels: ten lookups). */
export function departmentName(code: SQL): SQL {
  return sql`(select name from departments where code = ${code})`;
}

/** The name of the region (province, city or county) a code names, as a scalar subquery. */
export function regionName(code: SQL): SQL {
  return sql`(select name from regions where code = ${code})`;
}

/** The name of a coded list's entry (a title, a position…), as a scalar subquery. */
export function codeName(kind: ReferenceKind, code: SQL): SQL {
  // The kind is written into the text, as the statements held it, so the planner sees a constant.
  if (!REFERENCE_KINDS.includes(kind)) throw new Error(`unknown reference kind ${kind}`);
  return sql`(select name from reference_codes where kind = ${sql.raw(`'${kind}'`)} and code = ${code})`;
}

/**
 * The provinces as a source of rows (`code`, `name`) aliased `alias`, for a statement that turns
 * province names (as data permissions and older hospital rows store them) into codes:
 * `from ${provinces('r')} where r.name = ...`. A subquery the planner pulls up into the statement.
 */
export function provinces(alias: string): SQL {
  return sql`(select code, name from regions where level = 1) ${sql.identifier(alias)}`;
}

/** The departments whose name matches a LIKE pattern, with their level (the doctor search's departments). */
export function departmentsNamedLike(db: Db | Tx, pattern: string): Promise<{ code: string; level: number }[]> {
  return selectRows<{ code: string; level: number }>(db, sql`select code, level from departments where name like ${pattern}`);
}

/**
 * The regions whose code the subquery `codes` yields (a single column), by code; a city
 * (level 2) with its city level. The pickers of the regions where hospitals of a scope lie.
 */
export function regionsWithCodeIn(db: Db | Tx, codes: SQL, level: 1 | 2 | 3): Promise<RegionOption[]> {
  return selectRows<RegionOption>(
    db,
    sql`select r.code, r.name${level === 2 ? sql`, r.city_level as "cityLevel"` : sql``} from regions r
         where r.code in (${codes})
         order by r.code`,
  );
}
