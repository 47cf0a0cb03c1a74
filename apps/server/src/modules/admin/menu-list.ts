import { sql } from 'drizzle-orm';
import { buildTree, type MenuEntry } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import type { CatalogueMenu } from '../../platform/menu-catalogue.js';

/**
 * Menus as sign-in and the settings' menu list show them (the system area serves both; the
 * menus are admin's, docs/decisions/0062).
 */

/** A menu row as sign-in and administration read it (the catalogue's columns but `visible`). */
type MenuRow = Omit<CatalogueMenu, 'visible'>;

export function menuEntry(row: MenuRow): MenuEntry {
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

/** Every menu, as a tree, for administration. */
export async function allMenus(db: Db): Promise<MenuEntry[]> {
  const rows = await selectRows<MenuRow>(
    db,
    sql`
    select id, parent_id, name, name_en, path, code, router, sort, icon, hidden, watermark, secondary_menu
      from menus order by sort, id`,
  );
  return buildTree(rows.map(menuEntry)) as MenuEntry[];
}
