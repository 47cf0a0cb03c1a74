import { sql } from 'drizzle-orm';
import { ACTIVITY_LIMITS, type NamedDoctorRef, type PrincipalItem, type UserRef } from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import type { CurrentUser } from '../../platform/auth.js';
import { doctorsNamedToReader } from './doctors.js';

/**
 * The people of the activity area: portal accounts (principals, representatives) and a
 * manager's team. Read-only over the platform's accounts and organisation tree.
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

export const unknownUser = (id: number): UserRef => ({ id, username: '', name: '' });

/** Whether the account exists and may sign in (a task can be given to it). */
export async function isEnabledUser(db: Tx, id: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(db, sql`select id from users where id = ${id} and enabled`);
  return rows.length > 0;
}

export async function userIdByUsername(db: Tx, username: string): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from users where username = ${username}`);
  return row?.id;
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

/**
 * The account and the doctor of each row of a call or visit list, named for `reader`: one read of
 * each for the whole page. Answers a lookup by row; an account no longer found answers a
 * placeholder, a doctor outside the reader's scope the marker (docs/decisions/0036).
 */
export async function rowPeople(
  db: Tx,
  reader: CurrentUser,
  rows: readonly { user_id: number; doctor_id: number }[],
): Promise<(row: { user_id: number; doctor_id: number }) => { user: UserRef; doctor: NamedDoctorRef }> {
  const [users, doctor] = await Promise.all([
    userRefs(
      db,
      rows.map((r) => r.user_id),
    ),
    doctorsNamedToReader(
      db,
      reader,
      rows.map((r) => r.doctor_id),
    ),
  ]);
  return (r) => ({ user: users.get(r.user_id) ?? unknownUser(r.user_id), doctor: doctor(r.doctor_id) });
}
