import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of the import centre by menu router name (merged into app/routes/page-registry.tsx). */
export const IMPORTS_PAGES: Record<string, LazyPage> = {
  dataImport: lazyPage(() => import('./pages/ImportCentrePage').then((m) => ({ default: m.ImportCentrePage }))),
};
