import { sql } from 'drizzle-orm';
import { buildTree, type MenuEntry, type MenuListResult } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { leadsAnOrganisation } from '../admin/index.js';
import { grantedMenuIds, menuCatalogue, usableRoleIdsSql, visibleMenus, type CatalogueMenu } from '../../platform/menu-catalogue.js';

/** A menu row as sign-in and administration read it (the catalogue's columns but `visible`). */
type MenuRow = Omit<CatalogueMenu, 'visible'>;

function toEntry(row: MenuRow): MenuEntry {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    nameEn: row.name_en,
    path: row.path,
    code: row.code,
    router: row.router,
    sort: row.sort,
    icon: row.icon,
    hidden: row.hidden,
    watermark: row.watermark,
    secondaryMenu: row.secondary_menu,
  };
}

/** The team records: the records of the organisations the reader leads (activity's teamIdsSql). */
const TEAM_RECORDS = 'teamInteractioRecord';

/**
 * The menus a user's usable roles grant, with their ancestors so the tree is whole; invisible
 * menus and whatever hangs below them are left out. The team records are hidden from a user who
 * leads no organisation: still a route (a typed address says the reader leads no team), no
 * longer an entry of the menu. Organisation writes that change a leader clear the cached answer. The menu catalogue is shared and cached
 * (platform/menu-catalogue.ts); `grantedIds` (the signed-in user's, resolved with the session)
 * saves the one query for the granted ids.
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
    .map(toEntry)
    .map((entry) => (entry.router === TEAM_RECORDS && !leads ? { ...entry, hidden: true } : entry));
  const voList = buildTree(menuList) as MenuEntry[];
  return { voList, menuList };
}

/** Every menu, as a tree, for administration. */
export async function allMenus(db: Db): Promise<MenuEntry[]> {
  const rows = await selectRows<MenuRow>(
    db,
    sql`
    select id, parent_id, name, name_en, path, code, router, sort, icon, hidden, watermark, secondary_menu
      from menus order by sort, id`,
  );
  return buildTree(rows.map(toEntry)) as MenuEntry[];
}
