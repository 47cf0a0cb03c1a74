import { createElement } from 'react';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import { REPORT_ROUTERS } from '@field-portal/shared';

const screen = (router: string) =>
  lazyPage(() => import('./ReportScreen').then((m) => ({ default: () => createElement(m.ReportScreen, { router }) })), {
    firstData: (client, menuList) => import('./api').then((m) => m.prefetchReportSignOn(client, router, menuList)),
  });

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx): one report screen per report router. */
export const ANALYTICS_PAGES: Record<string, LazyPage> = Object.fromEntries(REPORT_ROUTERS.map((router) => [router, screen(router)]));
