import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of the import centre by menu router name (merged into app/routes/page-registry.tsx). */
export const IMPORTS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  dataImport: lazy(() => import('./pages/ImportCentrePage').then((m) => ({ default: m.ImportCentrePage }))),
};
