import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const DATA_COLLECTION_PAGES: Record<string, LazyPage> = {
  dataCollection: lazyPage(() => import('./pages/DataCollectionPage').then((m) => ({ default: m.DataCollectionPage }))),
  dataCollectionManage: lazyPage(() => import('./pages/DataCollectionManagePage').then((m) => ({ default: m.DataCollectionManagePage }))),
};
