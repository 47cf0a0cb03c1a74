import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.js';
import type { AuthCache } from './auth-cache.js';

/** One menu as the catalogue keeps it (the columns of `menus` that sign-in needs). */
export interface CatalogueMenu {
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
  visible: boolean;
}

export interface MenuCatalogue {
  /** Every menu in tree order (sort, then id). */
  rows: CatalogueMenu[];
  byId: Map<number, CatalogueMenu>;
  /** The menu ids each role grants. */
  grants: Map<number, number[]>;
}

const CATALOGUE_KEY = 'menus:catalogue';

/**
 * Every menu and every role's grants, the same for everyone, kept by the auth cache: menu and
 * role writes clear it (`invalidateAll`, on every instance), the cache's TTL bounds a change made
 * by hand. Resolving a user's menus and authorities is then one small query for the user's
 * usable role ids, whatever the number of roles and menus.
 */
export async function menuCatalogue(db: Db, cache: AuthCache | undefined): Promise<MenuCatalogue> {
  const load = async (): Promise<MenuCatalogue> => {
    const [rows, grants] = await Promise.all([
      selectRows<CatalogueMenu>(
        db,
        sql`
        select id, parent_id, name, name_en, path, code, router, sort, icon, hidden, watermark, secondary_menu, visible
          from menus order by sort, id`,
      ),
      selectRows<{ role_id: number; menu_ids: number[] }>(db, sql`select role_id, array_agg(menu_id) as menu_ids from role_menus group by role_id`),
    ]);
    return {
      rows,
      byId: new Map(rows.map((row) => [Number(row.id), row])),
      grants: new Map(grants.map((g) => [Number(g.role_id), g.menu_ids.map(Number)])),
    };
  };
  return cache ? (await cache.getOrLoad(CATALOGUE_KEY, { userId: 0 }, load))! : load();
}

/** The SQL of a user's usable role ids, as one int[] column. */
export const usableRoleIdsSql = (userId: number | ReturnType<typeof sql>) => sql`
  array(select ur.role_id from user_roles ur join roles r on r.id = ur.role_id and r.usable where ur.user_id = ${userId})`;

/** The menu ids the roles grant, each once. */
export function grantedMenuIds(catalogue: MenuCatalogue, roleIds: readonly number[]): number[] {
  const out = new Set<number>();
  for (const roleId of roleIds) for (const menuId of catalogue.grants.get(Number(roleId)) ?? []) out.add(menuId);
  return [...out];
}

/** The authority markings of the granted menus (visible or not): what the route guards check. */
export function authoritiesOf(catalogue: MenuCatalogue, menuIds: readonly number[]): Set<string> {
  const out = new Set<string>();
  for (const id of menuIds) {
    const code = catalogue.byId.get(Number(id))?.code;
    if (code) out.add(code);
  }
  return out;
}

/**
 * The granted menus with their ancestors, so the tree is whole, in tree order; invisible menus
 * and whatever hangs below them are left out.
 */
export function visibleMenus(catalogue: MenuCatalogue, menuIds: readonly number[]): CatalogueMenu[] {
  const keep = new Set<number>();
  for (const id of menuIds) {
    // The menu and its ancestors, up to the root or to one already kept; all must be visible.
    const chain: number[] = [];
    let row = catalogue.byId.get(Number(id));
    let shown = true;
    while (row && !keep.has(row.id)) {
      // A parent loop made by hand cannot hang the walk.
      if (!row.visible || chain.length > catalogue.rows.length) {
        shown = false;
        break;
      }
      chain.push(row.id);
      row = row.parent_id === null ? undefined : catalogue.byId.get(row.parent_id);
    }
    if (shown) for (const menuId of chain) keep.add(menuId);
  }
  return catalogue.rows.filter((row) => keep.has(row.id));
}
