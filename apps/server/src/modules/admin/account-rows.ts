import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { enterprises, roles, userRoles, users } from '../../db/schema/index.js';

/**
 * Accounts, their menus and the report menus as the analytics area reaches them
 * (docs/decisions/0065): a report share is checked in one statement that reads the user, the
 * menus their roles hold and their session; the dashboards are the report menus' entries.
 */

/** The users as a `from` source under `alias`. */
export function usersSource(alias: string): SQL {
  return sql`users ${sql.identifier(alias)}`;
}

/** The user `userId` names holds the menu of this code through a usable role, as a condition. */
export function holdsMenuCode(userId: SQL, code: string): SQL {
  return sql`exists (select 1 from user_roles held_ur join roles held_r on held_r.id = held_ur.role_id and held_r.usable
                      join role_menus held_rm on held_rm.role_id = held_r.id join menus held_m on held_m.id = held_rm.menu_id
                     where held_ur.user_id = ${userId} and held_m.code = ${code})`;
}

/** The report screens' menus (the children of the reportDownload menu) as a `from` source under `alias`. */
export function reportMenusSource(alias: string): SQL {
  const m = sql.identifier(alias);
  return sql`menus ${m} join menus report_parent on report_parent.id = ${m}.parent_id and report_parent.router = 'reportDownload'`;
}

/** What a sign-on to another service tells it about a user: names, e-mail, department, avatar. */
export async function userContact(
  db: Tx,
  userId: number,
): Promise<{ real_name: string; first_name: string; email: string; department: string; avatar: string } | undefined> {
  const [row] = await selectRows<{ real_name: string; first_name: string; email: string; department: string; avatar: string }>(
    db,
    sql`select real_name, first_name, email, department, avatar from users where id = ${userId}`,
  );
  return row;
}

/** A user's account row, as the personal centre shows it. */
export async function accountRow(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The names of a user's usable roles, by role id. */
export async function usableRolesOf(db: Db, userId: number): Promise<{ name: string; nameEn: string }[]> {
  return db
    .select({ name: roles.name, nameEn: roles.nameEn })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.usable, true)))
    .orderBy(roles.id);
}

/** The enterprise settings of this domain (when one is given), else the first; undefined on a portal without any. */
export async function enterpriseOf(db: Db | Tx, domain?: string) {
  const [byDomain] = domain === undefined ? [] : await db.select().from(enterprises).where(eq(enterprises.domain, domain)).limit(1);
  if (byDomain) return byDomain;
  const [first] = await db.select().from(enterprises).orderBy(enterprises.id).limit(1);
  return first;
}

/** A user's stored password hash (empty for a single-sign-on account); undefined for an unknown user. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash;
}

/** A new own password: no change is asked for any more (inside the caller's transaction, with the sessions it ends). */
export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: at }).where(eq(users.id, userId));
}
