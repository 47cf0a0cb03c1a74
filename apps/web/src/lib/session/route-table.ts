import { matchPath } from 'react-router';
import { buildTree, type MenuEntry } from '@field-portal/shared';
import { HOME_PATH } from '@/lib/paths';

/** Bilingual title of a route, straight from its menu entry. */
export interface RouteTitle {
  name: string;
  nameEn: string;
}

/** A page of the layout, generated from a menu entry without children (spec 001 section 2.4). */
export interface PageRoute {
  path: string;
  router: string;
  menuId: number;
  title: RouteTitle;
  /** Watermark on this page: the entry's flag or any ancestor's. */
  watermark: boolean;
  /** The first-level area (ancestor) the page belongs to, if any. */
  areaId: number | null;
  /** The area shows the second sidebar (spec 001 section 2.7). */
  secondaryMenu: boolean;
  hidden: boolean;
  /** The portal has a screen for this router name; otherwise the page says it is not yet available. */
  implemented: boolean;
}

export interface RedirectRoute {
  path: string;
  to: string;
}

export type MenuNode = Omit<MenuEntry, 'children'> & { children: MenuNode[] };

export interface RouteTable {
  pages: PageRoute[];
  redirects: RedirectRoute[];
  /** The permitted menu entries as a tree, children in menu order. */
  tree: MenuNode[];
}

const hasParams = (path: string) => path.includes(':');

/** The path an entry opens: itself for a page, else its first visible page below (recursively). */
export function landingPath(node: MenuNode): string | undefined {
  if (node.children.length === 0) return hasParams(node.path) ? undefined : node.path;
  const candidates = [...node.children.filter((c) => !c.hidden), ...node.children.filter((c) => c.hidden)];
  for (const child of candidates) {
    const target = landingPath(child);
    if (target) return target;
  }
  return undefined;
}

/**
 * The layout's routes from the user's permitted menu list: every entry without children is a page,
 * every entry with children redirects to its first visible page, `/` goes to the dashboard.
 * A route the user lacks is simply absent (and so falls to /404).
 */
export function buildRouteTable(menuList: readonly MenuEntry[], isImplemented: (router: string) => boolean): RouteTable {
  // menuList is flat; any children it carries are ignored and the tree is built from parentId.
  const tree = buildTree(menuList.map(({ children: _children, ...entry }) => entry)) as MenuNode[];
  const pages: PageRoute[] = [];
  const redirects: RedirectRoute[] = [];
  const seen = new Set<string>();

  const walk = (node: MenuNode, ancestors: MenuNode[]) => {
    const area = ancestors[0] ?? null;
    if (node.children.length > 0) {
      const to = landingPath(node);
      if (to && to !== node.path && !seen.has(node.path)) {
        seen.add(node.path);
        redirects.push({ path: node.path, to });
      }
      for (const child of node.children) walk(child, [...ancestors, node]);
      return;
    }
    if (!node.path || seen.has(node.path)) return;
    seen.add(node.path);
    pages.push({
      path: node.path,
      router: node.router,
      menuId: node.id,
      title: { name: node.name, nameEn: node.nameEn },
      watermark: node.watermark || ancestors.some((a) => a.watermark),
      areaId: area?.id ?? null,
      secondaryMenu: area?.secondaryMenu ?? false,
      hidden: node.hidden,
      implemented: isImplemented(node.router),
    });
  };
  for (const root of tree) walk(root, []);
  if (!seen.has('/')) redirects.push({ path: '/', to: HOME_PATH });
  return { pages, redirects, tree };
}

/** The page route that matches a location, with its path parameters. */
export function findPage(table: RouteTable, pathname: string): { page: PageRoute; params: Record<string, string | undefined> } | undefined {
  for (const page of table.pages) {
    const match = matchPath({ path: page.path, end: true }, pathname);
    if (match) return { page, params: match.params };
  }
  return undefined;
}

/** First-level entries of the narrow icon menu: permitted and not hidden. */
export function iconMenuEntries(table: RouteTable): MenuNode[] {
  return table.tree.filter((node) => !node.hidden);
}

/** Visible children of an area, for the second sidebar (nested children kept, hidden ones dropped). */
export function visibleChildren(node: MenuNode): MenuNode[] {
  return node.children.filter((c) => !c.hidden).map((c) => ({ ...c, children: visibleChildren(c) }));
}

/** The pages an entry's visible subtree opens, in menu order (groups walked into). */
function visiblePages(node: MenuNode): string[] {
  if (node.children.length === 0) return hasParams(node.path) ? [] : [node.path];
  return visibleChildren(node).flatMap(visiblePages);
}

/**
 * The entries an icon shows in its flyout menu: an area without a second sidebar that holds more
 * than one visible page lists them there, so none is left to a typed address (issue 34). An area
 * with a second sidebar lists its pages in that sidebar instead.
 */
export function flyoutEntries(node: MenuNode): MenuNode[] {
  if (node.secondaryMenu || node.children.length === 0) return [];
  return visiblePages(node).length > 1 ? visibleChildren(node) : [];
}

/**
 * Every page the menu reaches: an icon's landing page, its flyout's pages, and the pages of a
 * second sidebar. A visible page missing here would be reachable only by its address.
 */
export function menuReachablePaths(table: RouteTable): Set<string> {
  const reached = new Set<string>();
  for (const node of iconMenuEntries(table)) {
    const landing = landingPath(node);
    if (landing) reached.add(landing);
    if (node.secondaryMenu) for (const path of visibleChildren(node).flatMap(visiblePages)) reached.add(path);
    for (const path of flyoutEntries(node).flatMap(visiblePages)) reached.add(path);
  }
  return reached;
}

/** The pages a user should find in the menu: visible, without path parameters, under visible entries. */
export function visibleMenuPages(table: RouteTable): string[] {
  return iconMenuEntries(table).flatMap(visiblePages);
}
