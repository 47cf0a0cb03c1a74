import { describe, expect, it } from 'vitest';
import { authoritiesOf, grantedMenuIds, visibleMenus, type CatalogueMenu, type MenuCatalogue } from '../src/platform/menu-catalogue.js';

const menu = (id: number, parentId: number | null, code: string, visible = true): CatalogueMenu => ({
  id,
  parent_id: parentId,
  name: `m${id}`,
  name_en: '',
  path: `/m${id}`,
  code,
  router: `m${id}`,
  sort: id,
  icon: '',
  hidden: false,
  watermark: false,
  secondary_menu: false,
  visible,
});

// 1 system ─ 2 users, 3 roles (invisible) ─ 4 role detail; 5 home
const rows = [menu(1, null, 'system'), menu(2, 1, 'system:user'), menu(3, 1, 'system:role', false), menu(4, 3, 'system:role:detail'), menu(5, null, '')];
const catalogue: MenuCatalogue = {
  rows,
  byId: new Map(rows.map((r) => [r.id, r])),
  grants: new Map([
    [10, [2, 5]],
    [11, [2, 4]],
  ]),
};

describe('menu catalogue', () => {
  it('unites the grants of several roles, each menu once', () => {
    expect(grantedMenuIds(catalogue, [10, 11]).sort()).toEqual([2, 4, 5]);
    expect(grantedMenuIds(catalogue, [99])).toEqual([]);
  });

  it('adds the ancestors of granted menus and leaves out invisible menus and what hangs below them', () => {
    expect(visibleMenus(catalogue, [2, 4, 5]).map((m) => m.id)).toEqual([1, 2, 5]);
    expect(visibleMenus(catalogue, [4]).map((m) => m.id)).toEqual([]);
  });

  it('gives the authority markings of granted menus, visible or not, and never an empty one', () => {
    expect([...authoritiesOf(catalogue, [2, 4, 5])].sort()).toEqual(['system:role:detail', 'system:user']);
  });
});
