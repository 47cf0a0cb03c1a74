import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { dataPermissions, hospitals, users } from '../db/schema/index.js';
import { writeTextCatalogue } from './system.js';

/**
 * Demo data of system administration; runs inside the demo seed's transaction, after the users
 * and the directory: the text catalogue (every shared message in zh and en) and
 * data permissions for the field roles (Sales reps see only their provinces or hospitals).
 */
export async function seedAdmin(tx: Tx): Promise<void> {
  await writeTextCatalogue(tx);

  // Sales representatives see only what their data permissions name (their role is built narrow: seed/system.ts).
  const reps = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['rep01', 'rep02', 'rep03']));
  const byName = new Map(reps.map((u) => [u.username, u.id]));
  // The hospitals are the customer area's (seed/customers.ts runs first).
  const beijing = (await tx.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.province, '北京市')).orderBy(hospitals.id).limit(2)).map(
    (h) => h.id,
  );
  const grants = [
    { username: 'rep01', permissionType: 'province', permissionValue: '上海市' },
    { username: 'rep01', permissionType: 'province', permissionValue: '浙江省' },
    { username: 'rep02', permissionType: 'hospital', permissionValue: String(beijing[0]) },
    { username: 'rep02', permissionType: 'hospital', permissionValue: String(beijing[1]) },
    { username: 'rep03', permissionType: 'province', permissionValue: '广东省' },
  ];
  const rows = grants
    .filter((g) => byName.has(g.username))
    .map((g) => ({ userId: byName.get(g.username)!, permissionType: g.permissionType, permissionValue: g.permissionValue }));
  if (rows.length > 0) await tx.insert(dataPermissions).values(rows);
}
