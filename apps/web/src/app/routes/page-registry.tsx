import type { QueryClient } from '@tanstack/react-query';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import type { MenuEntry } from '@field-portal/shared';
import { buildRouteTable, findPage } from '@/lib/session/route-table';
import { MESSAGING_PAGES } from '@/features/messaging/pages';
import { FEED_PAGES } from '@/features/feed/pages';
import { ANALYTICS_PAGES } from '@/features/analytics/pages';
import { ADMIN_PAGES } from '@/features/admin/pages';
import { APP_CENTRE_PAGES } from '@/features/appcentre/pages';
import { REFERENCE_PAGES } from '@/features/reference/pages';
import { DASHBOARD_PAGES } from '@/features/dashboard/pages';
import { PUSH_PAGES } from '@/features/push/pages';
import { CUSTOMERS_PAGES } from '@/features/customers/pages';
import { ACTIVITY_PAGES } from '@/features/activity/pages';
import { CONTENT_PAGES } from '@/features/content/pages';
import { MEETING_PAGES } from '@/features/meetings/pages';
import { SURVEY_PAGES } from '@/features/surveys/pages';
import { MARKET_PAGES } from '@/features/market/pages';
import { INTELLIGENCE_PAGES } from '@/features/intelligence/pages';
import { DOWNLOADS_PAGES } from '@/features/downloads/pages';
import { DATA_COLLECTION_PAGES } from '@/features/datacollection/pages';
import { IMPORTS_PAGES } from '@/features/imports/pages';

/**
 * Screens by menu router name. A permitted router name without a screen here renders the plain
 * "not yet available" page with its title; areas of the portal add their screens here.
 */
const cardEditor = lazyPage(() => import('@/features/cards/pages/CardEditorPage').then((m) => ({ default: m.CardEditorPage })));

const PAGES: Record<string, LazyPage> = {
  personalcenter: lazyPage(() => import('@/features/personal-centre/pages/PersonalCentrePage').then((m) => ({ default: m.PersonalCentrePage }))),
  // The card editor: a new card, and the hidden edit route that opens a card from its query (spec 000 section 2).
  NewCard: cardEditor,
  newCard: cardEditor,
  card: cardEditor,
  // the areas' own screens (features/<area>/pages.ts)
  ...PUSH_PAGES,
  ...MESSAGING_PAGES,
  ...FEED_PAGES,
  ...ANALYTICS_PAGES,
  ...ADMIN_PAGES,
  ...APP_CENTRE_PAGES,
  ...REFERENCE_PAGES,
  ...DASHBOARD_PAGES,
  ...CUSTOMERS_PAGES,
  ...ACTIVITY_PAGES,
  ...CONTENT_PAGES,
  ...MEETING_PAGES,
  ...SURVEY_PAGES,
  ...MARKET_PAGES,
  ...INTELLIGENCE_PAGES,
  ...DOWNLOADS_PAGES,
  ...DATA_COLLECTION_PAGES,
  ...IMPORTS_PAGES,
};

export function isImplemented(router: string): boolean {
  return Object.hasOwn(PAGES, router);
}

export function pageComponent(router: string): LazyPage | undefined {
  return Object.hasOwn(PAGES, router) ? PAGES[router] : undefined;
}

/**
 * Starts loading the code of the screen at `pathname`, if the menus give it one, and its first data
 * into `client` where the screen names it (docs/decisions/0055). A failure here is quiet: the
 * screen asks again as it renders, and shows that failure in its place.
 */
export function preloadPageAt(pathname: string, menuList: readonly MenuEntry[], client: QueryClient): void {
  const found = findPage(buildRouteTable(menuList, isImplemented), pathname);
  const page = found ? pageComponent(found.page.router) : undefined;
  if (!page) return;
  void page.preload().catch(() => undefined);
  void page.preloadData(client, menuList).catch(() => undefined);
}
