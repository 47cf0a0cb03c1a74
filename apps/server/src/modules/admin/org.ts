import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { buildTree, type orgRequest, type OrgNode } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { organisations, roles, users } from '../../db/schema/index.js';
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

export async function createOrg(db: Db, actor: Actor, body: Body): Promise<OrgNode> {
  return db.transaction(async (tx) => {
    await checkParent(tx, body.parentId);
    const [row] = await tx.insert(organisations).values(body).returning();
    await audit(tx, actor, 'create', 'organisation', row!.id, null, toNode(row!));
    return toNode(row!);
  });
}

export async function updateOrg(db: Db, actor: Actor, id: number, body: Body): Promise<OrgNode> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
    if (!before) throw notFound();
    await checkParent(tx, body.parentId, id);
    const [row] = await tx.update(organisations).set(body).where(eq(organisations.id, id)).returning();
    await audit(tx, actor, 'update', 'organisation', id, toNode(before), toNode(row!));
    return toNode(row!);
  });
}

/**
 * Deletes an organisation with all its descendants (spec 001 section 4), in one transaction.
 * With descendants the caller must confirm (`cascade`); users and roles of the deleted
 * organisations are left without one rather than pointing at nothing.
 */
export async function deleteOrg(db: Db, actor: Actor, id: number, cascade: boolean): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const ids = await subtreeIds(tx, 'organisations', id);
    if (ids.length === 0) throw notFound();
    if (ids.length > 1 && !cascade) throw new AppError(409, 'sys.tree.hasChildren', { count: ids.length - 1 });
    const removed = await tx.delete(organisations).where(inArray(organisations.id, ids)).returning();
    await tx.update(users).set({ orgId: null }).where(inArray(users.orgId, ids));
    await tx.update(roles).set({ orgId: null }).where(inArray(roles.orgId, ids));
    const node = removed.find((r) => r.id === id)!;
    await audit(tx, actor, 'delete', 'organisation', id, { ...toNode(node), descendants: removed.filter((r) => r.id !== id).map(toNode) }, null);
    return { deleted: removed.length };
  });
}
