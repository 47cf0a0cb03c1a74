import { sql, type SQL } from 'drizzle-orm';
import type { DirectoryPage, directorySearchQuery } from '@field-portal/shared';
import type { z } from 'zod';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';

/**
 * The employee directory as other areas reach it (docs/decisions/0065): a push to everyone
 * delivers to every employee, recipients are checked against the directory, and a signed-in user
 * finds their deliveries by their employee number. Fragments rather than lookups where the
 * caller's statement must stay one statement (the push to everyone is one INSERT ... SELECT over
 * the whole directory). Other areas read only these columns of an employee: wwid, name, email.
 */

/** The directory as a `from` source under `alias`: `from ${employeesSource('e')}`. */
export function employeesSource(alias: string): SQL {
  return sql`employees ${sql.identifier(alias)}`;
}

/** A join of the employee whose wwid `wwid` names, as `alias`. */
export function joinEmployee(alias: string, wwid: SQL, kind: 'inner' | 'left' = 'inner'): SQL {
  const e = sql.identifier(alias);
  return sql`${kind === 'left' ? sql`left join` : sql`join`} employees ${e} on ${e}.wwid = ${wwid}`;
}

/** Whether the directory holds this wwid, as a condition: `where not ${isEmployee(sql`x.wwid`)}`. */
export function isEmployee(wwid: SQL): SQL {
  return sql`exists (select 1 from employees dir_e where dir_e.wwid = ${wwid})`;
}

/**
 * The employee number (the directory's wwid) of a user, as a one-value subquery. The user's row
 * is read once for the statement, so the deliveries' wwid index is used against a constant.
 */
export function employeeNoOfUser(userId: number): SQL {
  return sql`(select emp_u.employee_no from users emp_u where emp_u.id = ${userId})`;
}

/** A user's employee number, trimmed; undefined when the user has none. */
export async function employeeNoOf(db: Tx, userId: number): Promise<string | undefined> {
  const [row] = await selectRows<{ employee_no: string | null }>(db, sql`select employee_no from users where id = ${userId}`);
  const wwid = row?.employee_no?.trim();
  return wwid ? wwid : undefined;
}

/**
 * Directory search: by name or e-mail (any part, any case), wwid (prefix), or the login name of
 * the employee's portal account (any part, any case); or one exact amsNumber (wwid).
 */
export async function searchDirectory(db: Db, input: z.output<typeof directorySearchQuery>): Promise<DirectoryPage> {
  const where: SQL[] = [sql`true`];
  const search = input.search.trim();
  if (search) {
    const anyPart = `%${escapeLike(search)}%`;
    where.push(sql`(e.name ilike ${anyPart} or e.email ilike ${anyPart} or e.wwid like ${`${escapeLike(search)}%`}
      or e.wwid in (select u.employee_no from users u where u.username ilike ${anyPart} and u.employee_no <> ''))`);
  }
  if (input.amsNumber.trim()) where.push(sql`e.wwid = ${input.amsNumber.trim()}`);
  const condition = sql.join(where, sql` and `);
  const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from employees e where ${condition}`);
  const lists = await selectRows<{ no: string; name: string; email: string }>(
    db,
    sql`
    select e.wwid as no, e.name, e.email from employees e where ${condition} order by e.wwid limit ${input.limit} offset ${input.page * input.limit}`,
  );
  return { lists, total: count?.n ?? 0 };
}

/** The directory entries of these wwids, by wwid. */
export async function directoryByWwids(db: Db, wwids: string[]): Promise<DirectoryPage> {
  if (wwids.length === 0) return { lists: [], total: 0 };
  const lists = await selectRows<{ no: string; name: string; email: string }>(
    db,
    sql`
    select e.wwid as no, e.name, e.email from employees e
     where e.wwid in (select jsonb_array_elements_text(${JSON.stringify(wwids)}::jsonb)) order by e.wwid`,
  );
  return { lists, total: lists.length };
}
