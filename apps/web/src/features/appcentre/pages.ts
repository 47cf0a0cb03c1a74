import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const APP_CENTRE_PAGES: Record<string, LazyPage> = {
  appCentre: lazyPage(() => import('./pages/AppCentrePage').then((m) => ({ default: m.AppCentrePage }))),
  appManagement: lazyPage(() => import('./pages/AppManagementPage').then((m) => ({ default: m.AppManagementPage }))),
};
