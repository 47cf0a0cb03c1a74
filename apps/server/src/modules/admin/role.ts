import { and, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ROLE_APP_KEYS, type AdminPage, type DataScope, type roleRequest, type RoleItem } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { menus, organisations, roleMenus, roles, userRoles } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { audit, isUniqueViolation, likePattern, type Actor } from './common.js';

type Body = z.output<typeof roleRequest>;

interface RoleRow {
  id: number;
  name: string;
  name_en: string;
  org_id: number | null;
  org_name: string | null;
  data_scope: string;
  role_type: string;
  usable: boolean;
  remark: string;
  user_count: string | number;
  menu_ids: number[] | null;
}

const toItem = (row: RoleRow): RoleItem => ({
  id: row.id,
  name: row.name,
  nameEn: row.name_en,
  orgId: row.org_id,
  orgName: row.org_name ?? '',
  dataScope: row.data_scope as DataScope,
  roleType: row.role_type as RoleItem['roleType'],
  usable: row.usable,
  remark: row.remark,
  appKey: ROLE_APP_KEYS[row.name] ?? '',
  userCount: Number(row.user_count),
  menuIds: (row.menu_ids ?? []).map(Number).sort((a, b) => a - b),
});

async function selectRoles(db: Db | Tx, where: ReturnType<typeof sql>, limit: number, offset: number): Promise<RoleItem[]> {
  const rows = await selectRows<RoleRow>(
    db,
    sql`
    select r.id, r.name, r.name_en, r.org_id, o.name as org_name, r.data_scope, r.role_type, r.usable, r.remark,
           (select count(*) from user_roles ur where ur.role_id = r.id) as user_count,
           array(select rm.menu_id from role_menus rm where rm.role_id = r.id) as menu_ids
      from roles r left join organisations o on o.id = r.org_id
     where ${where}
     order by r.id
     limit ${limit} offset ${offset}`,
  );
  return rows.map(toItem);
}

export async function listRoles(db: Db, query: { page: number; size: number; keyword: string }): Promise<AdminPage<RoleItem>> {
  const where = query.keyword ? or(ilike(roles.name, likePattern(query.keyword)), ilike(roles.nameEn, likePattern(query.keyword))) : undefined;
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  const filter = query.keyword ? sql`(r.name ilike ${likePattern(query.keyword)} or r.name_en ilike ${likePattern(query.keyword)})` : sql`true`;
  return { total: total?.n ?? 0, content: await selectRoles(db, filter, query.size, query.page * query.size) };
}

export async function roleOptions(db: Db): Promise<{ id: number; name: string; nameEn: string; usable: boolean }[]> {
  return db.select({ id: roles.id, name: roles.name, nameEn: roles.nameEn, usable: roles.usable }).from(roles).orderBy(roles.id);
}

export async function getRole(db: Db | Tx, id: number): Promise<RoleItem> {
  const [role] = await selectRoles(db, sql`r.id = ${id}`, 1, 0);
  if (!role) throw notFound();
  return role;
}

async function checkRole(tx: Tx, body: Body, selfId?: number) {
  const conditions = [eq(roles.name, body.name)];
  if (selfId !== undefined) conditions.push(ne(roles.id, selfId));
  const [same] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conditions))
    .limit(1);
  if (same) throw badRequest('sys.role.nameDuplicate', 'name');
  if (body.orgId !== null) {
    const [org] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, body.orgId)).limit(1);
    if (!org) throw badRequest('sys.role.orgMissing', 'orgId');
  }
  const wanted = [...new Set(body.menuIds)];
  if (wanted.length > 0) {
    const found = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, wanted));
    if (found.length !== wanted.length) throw badRequest('sys.role.menuMissing', 'menuIds');
  }
  return wanted;
}

async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('sys.role.nameDuplicate', 'name');
    throw error;
  }
}

const columns = (body: Body) => ({
  name: body.name,
  nameEn: body.nameEn,
  orgId: body.orgId,
  dataScope: body.dataScope,
  roleType: body.roleType,
  usable: body.usable,
  remark: body.remark,
});

/** Role writes change authorities and data scopes: the auth cache forgets every signed-in user. */
export async function createRole(db: Db, cache: AuthCache, actor: Actor, body: Body): Promise<RoleItem> {
  const role = await guardName(() =>
    db.transaction(async (tx) => {
      const menuIds = await checkRole(tx, body);
      const [row] = await tx.insert(roles).values(columns(body)).returning({ id: roles.id });
      if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: row!.id, menuId })));
      const after = await getRole(tx, row!.id);
      await audit(tx, actor, 'create', 'role', row!.id, null, after);
      return after;
    }),
  );
  await cache.invalidateAll();
  return role;
}

export async function updateRole(db: Db, cache: AuthCache, actor: Actor, id: number, body: Body): Promise<RoleItem> {
  const role = await guardName(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
      if (!locked) throw notFound();
      const before = await getRole(tx, id);
      const menuIds = await checkRole(tx, body, id);
      await tx.update(roles).set(columns(body)).where(eq(roles.id, id));
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
      if (menuIds.length > 0) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id, menuId })));
      const after = await getRole(tx, id);
      await audit(tx, actor, 'update', 'role', id, before, after);
      return after;
    }),
  );
  await cache.invalidateAll();
  return role;
}

/** Deletes a role (after the screen's confirmation); its grants and user assignments go with it. A role one holds cannot be deleted by oneself (no lock-out). */
export async function deleteRole(db: Db, cache: AuthCache, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getRole(tx, id);
    const [held] = await tx
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, actor.id), eq(userRoles.roleId, id)))
      .limit(1);
    if (held) throw badRequest('sys.role.own', 'id');
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, actor, 'delete', 'role', id, before, null);
  });
  await cache.invalidateAll();
}
