import { sql } from 'drizzle-orm';
import { buildTree, type MenuEntry, type MenuListResult } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  path: string;
  code: string;
  router: string;
  sort: number;
  icon: string;
  hidden: boolean;
  watermark: boolean;
  secondary_menu: boolean;
}

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

/**
 * The menus a user's usable roles grant, with their ancestors so the tree is whole.
 * One recursive query: a user with many roles over many menus costs one round trip.
 */
export async function permittedMenus(db: Db, userId: number): Promise<MenuListResult> {
  const rows = await selectRows<MenuRow>(db, sql`
    with recursive granted as (
      select m.* from menus m
       where m.visible and m.id in (
         select rm.menu_id from user_roles ur
           join roles r on r.id = ur.role_id and r.usable
           join role_menus rm on rm.role_id = r.id
          where ur.user_id = ${userId})
      union
      select p.* from menus p join granted g on p.id = g.parent_id where p.visible
    )
    select id, parent_id, name, name_en, path, code, router, sort, icon, hidden, watermark, secondary_menu
      from granted order by sort, id`);
  const menuList = rows.map(toEntry);
  const voList = buildTree(menuList) as MenuEntry[];
  return { voList, menuList };
}

/** Every menu, as a tree, for administration. */
export async function allMenus(db: Db): Promise<MenuEntry[]> {
  const rows = await selectRows<MenuRow>(db, sql`
    select id, parent_id, name, name_en, path, code, router, sort, icon, hidden, watermark, secondary_menu
      from menus order by sort, id`);
  return buildTree(rows.map(toEntry)) as MenuEntry[];
}
