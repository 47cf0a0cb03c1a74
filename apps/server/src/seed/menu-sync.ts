import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menus, releaseMenus, roleMenus, roles } from '../db/schema/index.js';
import { MENU_TREE, type MenuSeed } from './menus.js';
import { BUILT_IN_ROLES, grantedRouters, menuValues } from './system.js';

/**
 * Menus follow the release (docs/decisions/0052). The menus and their grants are seeded once, so a
 * database made by an earlier release never had the entries added since (导入中心, 访问令牌). On
 * every start, after the migrations, the menu list's entries this database was never given are
 * added where a fresh install puts them, with the built-in roles' grants of a fresh install.
 * `release_menus` records every entry a database has been given: one an administrator removed
 * stays removed, a role an administrator took an entry from does not get it back, and an entry
 * an administrator renamed, moved or reordered is left as it is (only missing entries are written).
 */

interface Placed {
  item: MenuSeed;
  parent: MenuSeed | undefined;
  /** Its place among its siblings in the menu list (the sort value a fresh install gives). */
  index: number;
}

/** The menu list, parents before their children. */
function releaseEntries(): Placed[] {
  const out: Placed[] = [];
  const walk = (items: MenuSeed[], parent: MenuSeed | undefined) => {
    for (const [index, item] of items.entries()) {
      out.push({ item, parent, index });
      if (item.children) walk(item.children, item);
    }
  };
  walk(MENU_TREE, undefined);
  return out;
}

/**
 * Whether a fresh install gives a new entry to a built-in role, in this database: a grant that names
 * the entry (or the whole menu, for an area of its own) stands; one that comes with an area the
 * role was given follows the area as the role holds it now, so an area an administrator took from
 * the role does not come back through a page added to it.
 */
function grants(roleName: string, { item, parent }: Placed, holdsParent: boolean): boolean {
  const role = BUILT_IN_ROLES.find((r) => r.name === roleName);
  if (!role || !grantedRouters(role.grants).has(item.router)) return false;
  if (role.grants.includes(item.router) || (!parent && role.grants.includes('*'))) return true;
  return holdsParent;
}

/**
 * Adds the menu entries of this release that the database was never given, in one transaction under
 * an advisory lock (instances starting together add each entry once); gives the routers added. A
 * database without menus is left to the seeds, which write the whole list.
 */
export async function syncReleaseMenus(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('field-portal-release-menus'))`);
    const present = new Map((await tx.select({ id: menus.id, router: menus.router }).from(menus)).map((m) => [m.router, m.id]));
    if (present.size === 0) return [];
    const given = new Set((await tx.select({ router: releaseMenus.router }).from(releaseMenus)).map((m) => m.router));
    const entries = releaseEntries();
    const added: string[] = [];
    if (entries.some(({ item }) => !present.has(item.router) && !given.has(item.router))) {
      const builtInNames = BUILT_IN_ROLES.map((r) => r.name);
      const builtIn = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, builtInNames));
      const builtInIds = builtIn.map((r) => r.id);
      const grantRows = builtInIds.length === 0 ? [] : await tx.select().from(roleMenus).where(inArray(roleMenus.roleId, builtInIds));
      const held = new Set(grantRows.map((g) => `${g.roleId}:${g.menuId}`));
      for (const entry of entries) {
        const { item, parent, index } = entry;
        if (present.has(item.router) || given.has(item.router)) continue;
        const parentId = parent ? present.get(parent.router) : undefined;
        // Its area was removed by an administrator: the page stays out with it (recorded as given below).
        if (parent && parentId === undefined) continue;
        const placed = parent && parentId !== undefined ? { id: parentId, router: parent.router } : undefined;
        const [row] = await tx
          .insert(menus)
          .values(menuValues(item, placed, index))
          .onConflictDoNothing({ target: menus.router })
          .returning({ id: menus.id });
        if (!row) continue;
        present.set(item.router, row.id);
        added.push(item.router);
        const grantees = builtIn.filter((role) => grants(role.name, entry, held.has(`${role.id}:${parentId}`)));
        if (grantees.length === 0) continue;
        await tx
          .insert(roleMenus)
          .values(grantees.map((role) => ({ roleId: role.id, menuId: row.id })))
          .onConflictDoNothing();
        for (const role of grantees) held.add(`${role.id}:${row.id}`);
      }
    }
    const recorded = entries.filter(({ item }) => !given.has(item.router)).map(({ item }) => ({ router: item.router }));
    if (recorded.length > 0) await tx.insert(releaseMenus).values(recorded).onConflictDoNothing();
    return added;
  });
}
