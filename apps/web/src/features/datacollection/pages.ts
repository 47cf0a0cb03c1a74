import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const DATA_COLLECTION_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  dataCollection: lazy(() => import('./pages/DataCollectionPage').then((m) => ({ default: m.DataCollectionPage }))),
  dataCollectionManage: lazy(() => import('./pages/DataCollectionManagePage').then((m) => ({ default: m.DataCollectionManagePage }))),
};
