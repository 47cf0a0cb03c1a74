import { sql } from 'drizzle-orm';
import { ACTIVITY_LIMITS, type PrincipalItem, type UserRef } from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';

/**
 * Accounts and teams as the field areas read them (docs/decisions/0062): a page's users named,
 * the task principals' picker, and a manager's team over the organisation tree.
 */

export async function userRefs(db: Tx, ids: Iterable<number>): Promise<Map<number, UserRef>> {
  const list = [...new Set(ids)];
  const out = new Map<number, UserRef>();
  if (list.length === 0) return out;
  const rows = await selectRows<{ id: number; username: string; name: string }>(
    db,
    sql`select id, username, coalesce(nullif(real_name, ''), first_name, username) as name from users where id = any(${sql.param(list)}::int[])`,
  );
  for (const r of rows) out.set(r.id, { id: r.id, username: r.username, name: r.name });
  return out;
}

/** Whether the account exists and may sign in (a task can be given to it). */
export async function isEnabledUser(db: Tx, id: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(db, sql`select id from users where id = ${id} and enabled`);
  return rows.length > 0;
}

/** Enabled accounts whose username or name contains the keyword (getPrincipal). */
export async function searchPrincipals(db: Tx, keyword: string): Promise<PrincipalItem[]> {
  const like = likePattern(keyword);
  return selectRows<PrincipalItem>(
    db,
    sql`select id, username, coalesce(nullif(real_name, ''), first_name, username) as name, department
          from users
         where enabled and user_type <> 'system'
           and (${keyword} = '' or username ilike ${like} or real_name ilike ${like} or first_name ilike ${like})
         order by username
         limit ${ACTIVITY_LIMITS.principalsMax}`,
  );
}

/**
 * A manager's team: the enabled accounts of the organisations the manager leads (the
 * organisation's leader is the manager's username) and of every organisation below them.
 */
export function teamIdsSql(managerId: number) {
  return sql`(with recursive led as (
                select o.id from organisations o join users m on m.id = ${managerId} where o.leader = m.username and m.username <> ''
                union
                select o.id from organisations o join led on o.parent_id = led.id)
              select u.id from users u where u.org_id in (select id from led) and u.id <> ${managerId} and u.enabled)`;
}

export async function teamIds(db: Tx, managerId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(db, sql`select id from ${teamIdsSql(managerId)} t order by id`);
  return rows.map((r) => r.id);
}
