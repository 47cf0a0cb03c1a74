import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { users } from '../../db/schema/index.js';

/**
 * The doors through which other areas reach admin's users and their roles (docs/decisions/0062):
 * rows that record a user show that user's name, a report narrows to a BU's users, a picker finds
 * enabled users, an app is shown to the roles it names. Other areas read only these columns of
 * the joined user: id, username, real_name, first_name, avatar, bu_list, enabled.
 */

/**
 * A join of the user `userId` names, as `alias`. A plain join rather than a subselect or a
 * per-row lookup, so that the reports grouping by user keep their hash joins and may group by
 * `alias.id` alone (the key of the users table).
 */
export function joinUser(alias: string, userId: SQL, kind: 'inner' | 'left' = 'inner'): SQL {
  const u = sql.identifier(alias);
  return sql`${kind === 'left' ? sql`left join` : sql`join`} users ${u} on ${u}.id = ${userId}`;
}

/** A join of the user whose login name `username` names, as `alias` (rows that record their creator by login name). */
export function joinUserByUsername(alias: string, username: SQL, kind: 'inner' | 'left' = 'inner'): SQL {
  const u = sql.identifier(alias);
  return sql`${kind === 'left' ? sql`left join` : sql`join`} users ${u} on ${u}.username = ${username}`;
}

/** The ids of the users of a BU, as a subquery: `where m.owner_id in ${userIdsOfBu(bu)}`. */
export function userIdsOfBu(bu: string): SQL {
  return sql`(select bu_u.id from users bu_u where ${bu} = any(bu_u.bu_list))`;
}

/**
 * The login names of the users whose employee record is in a BU, as a subquery (the usage
 * events name users by login name): `where e.username in ${usernamesOfEmployeeBu(bu)}`.
 */
export function usernamesOfEmployeeBu(bu: string): SQL {
  return sql`(select u.username from users u join employees em on em.wwid = u.employee_no where em.bu = ${bu})`;
}

/** The role ids a user holds, as a subquery: `where r.role_id in ${roleIdsOfUser(id)}`. */
export function roleIdsOfUser(userId: number | SQL): SQL {
  return sql`(select ur.role_id from user_roles ur where ur.user_id = ${userId})`;
}

/** How many of these ids name a row of `table` (a role, or a user enabled or not). */
async function countIds(db: Tx, table: 'roles' | 'users', ids: readonly number[]): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`,
  );
  return row?.n ?? 0;
}

/** How many of these role ids name a role. */
export const countRoles = (db: Tx, roleIds: readonly number[]) => countIds(db, 'roles', roleIds);

/** How many of these user ids name a user (enabled or not). */
export const countUsers = (db: Tx, userIds: readonly number[]) => countIds(db, 'users', userIds);

export interface UserPick {
  id: number;
  username: string;
  /** The first name, else the username. */
  name: string;
}

const PICK = sql`id, username, coalesce(nullif(first_name, ''), username) as name`;

/** The enabled account of this login name, as a signed launch names it to the app. */
export async function enabledAccount(
  db: Tx,
  username: string,
): Promise<{ id: number; username: string; realName: string; firstName: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, realName: users.realName, firstName: users.firstName, email: users.email })
    .from(users)
    .where(and(eq(users.username, username), eq(users.enabled, true)))
    .limit(1);
  return row;
}

/** The ids of the users of these login names (enabled or not), by login name; unknown names are left out. */
export async function userIdsOfUsernames(db: Tx, usernames: readonly string[]): Promise<Map<string, number>> {
  if (usernames.length === 0) return new Map();
  const rows = await selectRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users where username = any(${sql.param([...usernames])}::text[])`,
  );
  return new Map(rows.map((r) => [r.username, Number(r.id)]));
}

/** An enabled user by id. */
export async function findEnabledUser(db: Tx, userId: number): Promise<UserPick | undefined> {
  const [row] = await selectRows<UserPick>(db, sql`select ${PICK} from users where id = ${userId} and enabled`);
  return row;
}

/** The id of the enabled user of this login name. */
export async function enabledUserId(db: Tx, username: string): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from users where username = ${username} and enabled`);
  return row?.id;
}

/**
 * Enabled users whose username or first name (and, with `realName`, real name) holds the keyword,
 * by username: the pickers of co-organisers and survey audiences.
 */
export async function searchEnabledUsers(db: Tx, keyword: string, limit: number, realName = false): Promise<UserPick[]> {
  const like = `%${escapeLike(keyword)}%`;
  return selectRows<UserPick>(
    db,
    sql`
    select ${PICK} from users
     where enabled and (${keyword} = '' or username ilike ${like} or first_name ilike ${like} ${realName ? sql`or real_name ilike ${like}` : sql``})
     order by username limit ${limit}`,
  );
}

/** A user's BU list (empty for an unknown user). */
export async function userBuList(db: Tx, userId: number): Promise<string[]> {
  const [row] = await db.select({ buList: users.buList }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.buList ?? [];
}
