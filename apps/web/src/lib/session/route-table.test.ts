import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@field-portal/shared';
import { buildRouteTable, findPage, flyoutEntries, iconMenuEntries, menuReachablePaths, visibleChildren, visibleMenuPages } from '@/lib/session/route-table';

let nextId = 1;
function entry(partial: Partial<MenuEntry> & Pick<MenuEntry, 'path' | 'router'>, parent?: MenuEntry): MenuEntry {
  return {
    id: nextId++,
    parentId: parent?.id ?? null,
    name: `${partial.router}-zh`,
    nameEn: `${partial.router}-en`,
    code: partial.router,
    sort: 0,
    icon: '',
    hidden: false,
    watermark: false,
    secondaryMenu: false,
    ...partial,
  };
}

function menuList() {
  nextId = 1;
  const dashboard = entry({ path: '/dashboard', router: 'dashboard', icon: 'HomeOutlined', sort: 1 });
  const personal = entry({ path: '/personalcenter/index', router: 'personalcenter', hidden: true, sort: 2 });
  const customer = entry({ path: '/customer', router: 'customer', secondaryMenu: true, watermark: true, sort: 3 });
  const hiddenFirst = entry({ path: '/customer/businessRecord/:doctorId/:doctorName', router: 'businessRecord', hidden: true, sort: 1 }, customer);
  const doctors = entry({ path: '/customer/doctorTeamManager', router: 'doctorTeamManager', sort: 2 }, customer);
  const total = entry({ path: '/customer/totaldoctor', router: 'totaldoctor', sort: 3 }, customer);
  const task = entry({ path: '/task', router: 'task', sort: 4 });
  const newRecord = entry({ path: '/task/newRecord', router: 'newRecord', sort: 1 }, task);
  const visit = entry({ path: '/task/newRecord/visitReport', router: 'visitReport', sort: 1 }, newRecord);
  const today = entry({ path: '/task/today', router: 'today', sort: 2 }, task);
  // the flat list arrives in any order
  return [today, visit, total, personal, hiddenFirst, doctors, newRecord, task, customer, dashboard];
}

const implemented = new Set(['dashboard', 'personalcenter']);
const table = () => buildRouteTable(menuList(), (router) => implemented.has(router));

describe('buildRouteTable', () => {
  it('makes every entry without children a page, with its title, router and flags', () => {
    const t = table();
    expect(t.pages.map((p) => p.path).sort()).toEqual(
      [
        '/customer/businessRecord/:doctorId/:doctorName',
        '/customer/doctorTeamManager',
        '/customer/totaldoctor',
        '/dashboard',
        '/personalcenter/index',
        '/task/newRecord/visitReport',
        '/task/today',
      ].sort(),
    );
    const total = t.pages.find((p) => p.router === 'totaldoctor')!;
    expect(total).toMatchObject({
      title: { name: 'totaldoctor-zh', nameEn: 'totaldoctor-en' },
      secondaryMenu: true,
      watermark: true, // inherited from the area
      implemented: false, // no screen yet: rendered as "not yet available"
      hidden: false,
    });
    const dashboard = t.pages.find((p) => p.router === 'dashboard')!;
    expect(dashboard).toMatchObject({ implemented: true, secondaryMenu: false, watermark: false, areaId: null });
  });

  it('redirects areas to their first visible child, descending into nested areas, and / to the dashboard', () => {
    const redirects = Object.fromEntries(table().redirects.map((r) => [r.path, r.to]));
    expect(redirects).toEqual({
      '/customer': '/customer/doctorTeamManager', // the hidden, parameterised first child is skipped
      '/task': '/task/newRecord/visitReport',
      '/task/newRecord': '/task/newRecord/visitReport',
      '/': '/dashboard',
    });
  });

  it('routes hidden entries but keeps them out of the menus', () => {
    const t = table();
    expect(t.pages.some((p) => p.router === 'personalcenter' && p.hidden)).toBe(true);
    expect(iconMenuEntries(t).map((n) => n.router)).toEqual(['dashboard', 'customer', 'task']);
    const customer = t.tree.find((n) => n.router === 'customer')!;
    expect(visibleChildren(customer).map((n) => n.router)).toEqual(['doctorTeamManager', 'totaldoctor']);
  });

  it('leaves out what the user lacks: an unknown path matches nothing', () => {
    const t = table();
    expect(findPage(t, '/system/user')).toBeUndefined();
    expect(findPage(t, '/customer/totaldoctor')?.page.router).toBe('totaldoctor');
    expect(findPage(t, '/customer/businessRecord/7/Li')?.params).toEqual({ doctorId: '7', doctorName: 'Li' });
  });

  it('an area with no children of its own is a page', () => {
    nextId = 100;
    const lonely = entry({ path: '/information', router: 'information' });
    const t = buildRouteTable([lonely], () => false);
    expect(t.pages.map((p) => p.path)).toEqual(['/information']);
    expect(t.redirects).toEqual([{ path: '/', to: '/dashboard' }]);
  });

  it('gives an area without a second sidebar a flyout of its pages, so the menu reaches every visible page', () => {
    const t = table();
    const task = t.tree.find((n) => n.router === 'task')!;
    const customer = t.tree.find((n) => n.router === 'customer')!;
    const dashboard = t.tree.find((n) => n.router === 'dashboard')!;
    // task has no second sidebar: its nested group and its second page are in the flyout
    expect(flyoutEntries(task).map((n) => n.router)).toEqual(['newRecord', 'today']);
    expect(flyoutEntries(customer)).toEqual([]); // listed by its second sidebar
    expect(flyoutEntries(dashboard)).toEqual([]);
    expect([...menuReachablePaths(t)].sort()).toEqual(visibleMenuPages(t).sort());
    expect(visibleMenuPages(t)).toContain('/task/today');
  });

  it('an area whose only visible page is its landing needs no flyout', () => {
    nextId = 200;
    const content = entry({ path: '/contentCenter', router: 'contentCenter' });
    const index = entry({ path: '/contentCenter/index', router: 'contentCenterIndex' }, content);
    const detail = entry({ path: '/contentCenter/detail', router: 'detail', hidden: true }, content);
    const t = buildRouteTable([content, index, detail], () => false);
    expect(flyoutEntries(t.tree[0]!)).toEqual([]);
    expect([...menuReachablePaths(t)]).toEqual(['/contentCenter/index']);
  });
});
