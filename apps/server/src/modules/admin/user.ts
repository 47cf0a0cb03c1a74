import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { RESERVED_USERNAMES, type AdminPage, type userCreateRequest, type UserItem, type userListQuery, type userUpdateRequest } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { organisations, roles, userRoles, users } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { hashPassword, isCommonPassword } from '../../platform/passwords.js';
import { endSessionsOf } from '../auth/index.js';
import { audit, isUniqueViolation, likePattern, type Actor } from './common.js';

type CreateBody = z.output<typeof userCreateRequest>;
type UpdateBody = z.output<typeof userUpdateRequest>;
type ListQuery = z.output<typeof userListQuery>;

interface UserRow {
  id: number;
  username: string;
  real_name: string;
  first_name: string;
  company: string;
  department: string;
  phone: string;
  mobile: string;
  language: string;
  employee_no: string;
  email: string;
  enabled: boolean;
  user_type: string;
  org_id: number | null;
  org_name: string | null;
  role_ids: number[] | null;
  role_names: string[] | null;
  created_at: Date | string;
}

const toItem = (row: UserRow): UserItem => ({
  id: row.id,
  username: row.username,
  realName: row.real_name,
  firstName: row.first_name,
  company: row.company,
  department: row.department,
  phone: row.phone,
  mobile: row.mobile,
  language: row.language === 'en' ? 'en' : 'zh',
  employeeNo: row.employee_no,
  email: row.email,
  enabled: row.enabled,
  userType: row.user_type === 'system' ? 'system' : 'internal',
  orgId: row.org_id,
  orgName: row.org_name ?? '',
  roleIds: (row.role_ids ?? []).map(Number),
  roleNames: row.role_names ?? [],
  createdAt: new Date(row.created_at).toISOString(),
});

const SELECT = sql`
  select u.id, u.username, u.real_name, u.first_name, u.company, u.department, u.phone, u.mobile, u.language,
         u.employee_no, u.email, u.enabled, u.user_type, u.org_id, o.name as org_name, u.created_at,
         array(select ur.role_id from user_roles ur where ur.user_id = u.id order by ur.role_id) as role_ids,
         array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.id) as role_names
    from users u left join organisations o on o.id = u.org_id`;

function listFilter(query: ListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.keyword) {
    const like = likePattern(query.keyword);
    parts.push(
      sql`(u.username ilike ${like} or u.real_name ilike ${like} or u.first_name ilike ${like} or u.email ilike ${like} or u.employee_no ilike ${like} or u.mobile ilike ${like})`,
    );
  }
  if (query.enabled) parts.push(sql`u.enabled = ${query.enabled === 'true'}`);
  if (query.userType) parts.push(sql`u.user_type = ${query.userType}`);
  if (query.roleId) parts.push(sql`exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ${query.roleId})`);
  if (query.orgId) parts.push(sql`u.org_id = ${query.orgId}`);
  return sql.join(parts, sql` and `);
}

export async function listUsers(db: Db, query: ListQuery): Promise<AdminPage<UserItem>> {
  const where = listFilter(query);
  const [total] = await selectRows<{ n: string }>(db, sql`select count(*) as n from users u where ${where}`);
  const rows = await selectRows<UserRow>(db, sql`${SELECT} where ${where} order by u.id limit ${query.size} offset ${query.page * query.size}`);
  return { total: Number(total?.n ?? 0), content: rows.map(toItem) };
}

export async function getUser(db: Db | Tx, id: number): Promise<UserItem> {
  const [row] = await selectRows<UserRow>(db, sql`${SELECT} where u.id = ${id}`);
  if (!row) throw notFound();
  return toItem(row);
}

async function checkRefs(tx: Tx, body: { orgId: number | null; roleIds: number[] }): Promise<number[]> {
  if (body.orgId !== null) {
    const [org] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, body.orgId)).limit(1);
    if (!org) throw badRequest('sys.role.orgMissing', 'orgId');
  }
  const roleIds = [...new Set(body.roleIds)];
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== roleIds.length) throw badRequest('sys.user.roleMissing', 'roleIds');
  return roleIds;
}

/** The password rules the schema cannot check: not a common password. */
async function newHash(password: string): Promise<string | undefined> {
  if (!password) return undefined;
  if (isCommonPassword(password)) throw badRequest('password.common', 'newPassword');
  return hashPassword(password);
}

const profile = (body: UpdateBody) => ({
  realName: body.realName,
  firstName: body.firstName || body.realName,
  company: body.company,
  department: body.department,
  phone: body.phone,
  mobile: body.mobile,
  language: body.language,
  employeeNo: body.employeeNo,
  email: body.email,
  enabled: body.enabled,
  userType: body.userType,
  orgId: body.orgId,
});

const endSessions = (tx: Tx, userId: number, now: Date, reason: string) => endSessionsOf(tx, [userId], reason, now);

export async function createUser(db: Db, actor: Actor, body: CreateBody, now: Date): Promise<UserItem> {
  if ((RESERVED_USERNAMES as readonly string[]).includes(body.username.toLowerCase())) throw badRequest('sys.user.usernameReserved', 'username');
  const passwordHash = (await newHash(body.newPassword))!;
  try {
    return await db.transaction(async (tx) => {
      const [same] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${body.username.toLowerCase()}`)
        .limit(1);
      if (same) throw badRequest('sys.user.usernameDuplicate', 'username');
      const roleIds = await checkRefs(tx, body);
      const [row] = await tx
        .insert(users)
        .values({ username: body.username, passwordHash, ...profile(body), createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
      const after = await getUser(tx, row!.id);
      await audit(tx, actor, 'create', 'user', row!.id, null, after);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('sys.user.usernameDuplicate', 'username');
    throw error;
  }
}

/**
 * Edits a user. Disabling ends every session at once; a new password or a change of roles
 * takes effect on the next request (the auth cache forgets the user).
 */
export async function updateUser(db: Db, cache: AuthCache, actor: Actor, id: number, body: UpdateBody, now: Date): Promise<UserItem> {
  if (id === actor.id && !body.enabled) throw badRequest('sys.user.self', 'enabled');
  const passwordHash = await newHash(body.newPassword);
  const after = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!locked) throw notFound();
    const before = await getUser(tx, id);
    const roleIds = await checkRefs(tx, body);
    await tx
      .update(users)
      .set({ ...profile(body), ...(passwordHash ? { passwordHash } : {}), updatedAt: now })
      .where(eq(users.id, id));
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
    if (!body.enabled && before.enabled) await endSessions(tx, id, now, 'user-disabled');
    else if (passwordHash && id !== actor.id) await endSessions(tx, id, now, 'password-reset');
    const result = await getUser(tx, id);
    await audit(tx, actor, 'update', 'user', id, before, passwordHash ? { ...result, password: 'changed' } : result);
    return result;
  });
  await cache.invalidateUser(id);
  return after;
}

/** Enable or disable (login allowed); disabling revokes every session, so refresh tokens and access tokens fail at once. */
export async function setEnabled(db: Db, cache: AuthCache, actor: Actor, id: number, enabled: boolean, now: Date): Promise<UserItem> {
  if (id === actor.id && !enabled) throw badRequest('sys.user.self', 'enabled');
  const after = await db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    await tx.update(users).set({ enabled, updatedAt: now }).where(eq(users.id, id));
    if (!enabled) await endSessions(tx, id, now, 'user-disabled');
    const result = await getUser(tx, id);
    await audit(tx, actor, enabled ? 'enable' : 'disable', 'user', id, { enabled: before.enabled }, { enabled });
    return result;
  });
  await cache.invalidateUser(id);
  return after;
}

/** An administrator sets a new password; the user's sessions end. */
export async function resetPassword(db: Db, cache: AuthCache, actor: Actor, id: number, password: string, now: Date): Promise<void> {
  const passwordHash = (await newHash(password))!;
  await db.transaction(async (tx) => {
    await getUser(tx, id);
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, id));
    if (id !== actor.id) await endSessions(tx, id, now, 'password-reset');
    await audit(tx, actor, 'resetPassword', 'user', id, null, { password: 'changed' });
  });
  await cache.invalidateUser(id);
}

/** Deletes a user (after the screen's confirmation); roles, sessions and data permissions go with it. */
export async function deleteUser(db: Db, cache: AuthCache, actor: Actor, id: number): Promise<void> {
  if (id === actor.id) throw badRequest('sys.user.self', 'id');
  await db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, actor, 'delete', 'user', id, before, null);
  });
  await cache.invalidateUser(id);
}
