import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { buildTree, type orgRequest, type OrgNode } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { organisations, roles, users } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { audit, subtreeIds, type Actor } from './common.js';

type Row = typeof organisations.$inferSelect;
type Body = z.output<typeof orgRequest>;

const toNode = (row: Row): OrgNode => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  nameEn: row.nameEn,
  sort: row.sort,
  code: row.code,
  type: row.type,
  grade: row.grade,
  leader: row.leader,
});

export async function orgTree(db: Db): Promise<OrgNode[]> {
  const rows = await db.select().from(organisations).orderBy(asc(organisations.sort), asc(organisations.id));
  return buildTree(rows.map(toNode)) as OrgNode[];
}

/** The parent must exist and, on an edit, must not be the node or one of its descendants. */
async function checkParent(tx: Tx, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  const [parent] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, parentId)).limit(1);
  if (!parent) throw badRequest('sys.tree.parentMissing', 'parentId');
  if (selfId !== undefined && (await subtreeIds(tx, 'organisations', selfId)).includes(parentId)) throw badRequest('sys.tree.parentLoop', 'parentId');
}

/** Whether the user leads an organisation (its leader is the user's username): the team records are theirs to read. */
export async function leadsAnOrganisation(db: Db, userId: number): Promise<boolean> {
  const [row] = await selectRows<{ leads: boolean }>(
    db,
    sql`select exists(select 1 from organisations o join users u on u.username = o.leader where u.id = ${userId} and u.username <> '') as leads`,
  );
  return row?.leads === true;
}

/**
 * A user's menu answer depends on whether they lead an organisation (system/menus.ts), and it is
 * cached: the users a change names or no longer names as leader read it anew.
 */
export async function forgetLeaders(db: Db, cache: AuthCache, leaders: Iterable<string>): Promise<void> {
  const names = [...new Set(leaders)].filter((name) => name !== '');
  if (names.length === 0) return;
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, names));
  await Promise.all(rows.map((row) => cache.invalidateUser(row.id)));
}

export async function createOrg(db: Db, cache: AuthCache, actor: Actor, body: Body): Promise<OrgNode> {
  const node = await db.transaction(async (tx) => {
    await checkParent(tx, body.parentId);
    const [row] = await tx.insert(organisations).values(body).returning();
    await audit(tx, actor, 'create', 'organisation', row!.id, null, toNode(row!));
    return toNode(row!);
  });
  await forgetLeaders(db, cache, [node.leader]);
  return node;
}

export async function updateOrg(db: Db, cache: AuthCache, actor: Actor, id: number, body: Body): Promise<OrgNode> {
  const { before, after } = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
    if (!old) throw notFound();
    await checkParent(tx, body.parentId, id);
    const [row] = await tx.update(organisations).set(body).where(eq(organisations.id, id)).returning();
    await audit(tx, actor, 'update', 'organisation', id, toNode(old), toNode(row!));
    return { before: toNode(old), after: toNode(row!) };
  });
  if (before.leader !== after.leader) await forgetLeaders(db, cache, [before.leader, after.leader]);
  return after;
}

/**
 * Deletes an organisation with all its descendants (spec 001 section 4), in one transaction.
 * With descendants the caller must confirm (`cascade`); users and roles of the deleted
 * organisations are left without one rather than pointing at nothing.
 */
export async function deleteOrg(db: Db, cache: AuthCache, actor: Actor, id: number, cascade: boolean): Promise<{ deleted: number }> {
  const { deleted, leaders } = await db.transaction(async (tx) => {
    const ids = await subtreeIds(tx, 'organisations', id);
    if (ids.length === 0) throw notFound();
    if (ids.length > 1 && !cascade) throw new AppError(409, 'sys.tree.hasChildren', { count: ids.length - 1 });
    const removed = await tx.delete(organisations).where(inArray(organisations.id, ids)).returning();
    await tx.update(users).set({ orgId: null }).where(inArray(users.orgId, ids));
    await tx.update(roles).set({ orgId: null }).where(inArray(roles.orgId, ids));
    const node = removed.find((r) => r.id === id)!;
    await audit(tx, actor, 'delete', 'organisation', id, { ...toNode(node), descendants: removed.filter((r) => r.id !== id).map(toNode) }, null);
    return { deleted: removed.length, leaders: removed.map((r) => r.leader) };
  });
  await forgetLeaders(db, cache, leaders);
  return { deleted };
}
