import { lazyPage, type LazyPage } from '@/lib/lazy-page';

const homeData = () => import('./pages/HomeDataPages');

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const DASHBOARD_PAGES: Record<string, LazyPage> = {
  dashboard: lazyPage(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
  homeData: lazyPage(() => homeData().then((m) => ({ default: m.HomeDataPage }))),
  homeChart: lazyPage(() => homeData().then((m) => ({ default: m.HomeChartPage }))),
};
