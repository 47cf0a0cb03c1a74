import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const DOWNLOADS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  downloadCentre: lazy(() => import('./pages/DownloadCentrePage').then((m) => ({ default: m.DownloadCentrePage }))),
};
