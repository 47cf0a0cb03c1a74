import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { buildTree, type menuRequest, type MenuNode } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { menus } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { audit, isUniqueViolation, subtreeIds, type Actor } from './common.js';

type Row = typeof menus.$inferSelect;
type Body = z.output<typeof menuRequest>;

const toNode = (row: Row): MenuNode => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  nameEn: row.nameEn,
  path: row.path,
  router: row.router,
  code: row.code,
  link: row.link,
  sort: row.sort,
  visible: row.visible,
  hidden: row.hidden,
  icon: row.icon,
});

export async function menuManageTree(db: Db): Promise<MenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return buildTree(rows.map(toNode)) as MenuNode[];
}

async function checkMenu(tx: Tx, body: Body, selfId?: number) {
  if (body.parentId !== null) {
    const [parent] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, body.parentId)).limit(1);
    if (!parent) throw badRequest('sys.tree.parentMissing', 'parentId');
    if (selfId !== undefined && (await subtreeIds(tx, 'menus', selfId)).includes(body.parentId)) throw badRequest('sys.tree.parentLoop', 'parentId');
  }
  const conditions = [eq(menus.router, body.router)];
  if (selfId !== undefined) conditions.push(ne(menus.id, selfId));
  const [same] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(...conditions))
    .limit(1);
  if (same) throw badRequest('sys.menu.routerDuplicate', 'router');
}

async function guardRouter<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('sys.menu.routerDuplicate', 'router');
    throw error;
  }
}

/** Menu writes change what menus and authorities every signed-in user holds: the auth cache forgets them all. */
export async function createMenu(db: Db, cache: AuthCache, actor: Actor, body: Body): Promise<MenuNode> {
  const node = await guardRouter(() =>
    db.transaction(async (tx) => {
      await checkMenu(tx, body);
      const [row] = await tx.insert(menus).values(body).returning();
      await audit(tx, actor, 'create', 'menu', row!.id, null, toNode(row!));
      return toNode(row!);
    }),
  );
  await cache.invalidateAll();
  return node;
}

export async function updateMenu(db: Db, cache: AuthCache, actor: Actor, id: number, body: Body): Promise<MenuNode> {
  const node = await guardRouter(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(menus).where(eq(menus.id, id)).for('update');
      if (!before) throw notFound();
      await checkMenu(tx, body, id);
      const [row] = await tx.update(menus).set(body).where(eq(menus.id, id)).returning();
      await audit(tx, actor, 'update', 'menu', id, toNode(before), toNode(row!));
      return toNode(row!);
    }),
  );
  await cache.invalidateAll();
  return node;
}

/** Deletes a menu with all its descendants (spec 001 section 4); role grants of them go too (foreign key cascade). */
export async function deleteMenu(db: Db, cache: AuthCache, actor: Actor, id: number, cascade: boolean): Promise<{ deleted: number }> {
  const result = await db.transaction(async (tx) => {
    const ids = await subtreeIds(tx, 'menus', id);
    if (ids.length === 0) throw notFound();
    if (ids.length > 1 && !cascade) throw new AppError(409, 'sys.tree.hasChildren', { count: ids.length - 1 });
    const removed = await tx.delete(menus).where(inArray(menus.id, ids)).returning();
    const node = removed.find((r) => r.id === id)!;
    await audit(tx, actor, 'delete', 'menu', id, { ...toNode(node), descendants: removed.filter((r) => r.id !== id).map(toNode) }, null);
    return { deleted: removed.length };
  });
  await cache.invalidateAll();
  return result;
}
