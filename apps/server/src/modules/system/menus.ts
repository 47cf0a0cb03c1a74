import { sql } from 'drizzle-orm';
import { buildTree, type MenuEntry, type MenuListResult } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { grantedMenuIds, menuCatalogue, usableRoleIdsSql, visibleMenus } from '../../platform/menu-catalogue.js';
import { leadsAnOrganisation, menuEntry } from '../admin/index.js';

/** The team records: the records of the organisations the reader leads (activity's teamIdsSql). */
const TEAM_RECORDS = 'teamInteractioRecord';

/**
 * The menus a user's usable roles grant, with their ancestors so the tree is whole; invisible
 * menus and whatever hangs below them are left out. The team records are hidden from a user who
 * leads no organisation: still a route (a typed address says the reader leads no team), no
 * longer an entry of the menu. Organisation writes that change a leader clear the cached answer.
 * The menu catalogue is shared and cached (platform/menu-catalogue.ts); `grantedIds` (the
 * signed-in user's, resolved with the session) saves the one query for the granted ids.
 */
export async function permittedMenus(db: Db, userId: number, cache?: AuthCache, grantedIds?: readonly number[]): Promise<MenuListResult> {
  const [catalogue, roleIds, leads] = await Promise.all([
    menuCatalogue(db, cache),
    grantedIds
      ? []
      : selectRows<{ role_ids: number[] | null }>(db, sql`select ${usableRoleIdsSql(userId)} as role_ids`).then((rows) => rows[0]?.role_ids ?? []),
    leadsAnOrganisation(db, userId),
  ]);
  const menuList = visibleMenus(catalogue, grantedIds ?? grantedMenuIds(catalogue, roleIds))
    .map(menuEntry)
    .map((entry) => (entry.router === TEAM_RECORDS && !leads ? { ...entry, hidden: true } : entry));
  const voList = buildTree(menuList) as MenuEntry[];
  return { voList, menuList };
}
