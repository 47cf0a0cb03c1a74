import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const DOWNLOADS_PAGES: Record<string, LazyPage> = {
  downloadCentre: lazyPage(() => import('./pages/DownloadCentrePage').then((m) => ({ default: m.DownloadCentrePage }))),
};
