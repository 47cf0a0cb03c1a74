import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const PUSH_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  // The custom card screen: its two tabs are the routes CreatedCard and DraftCard (spec 000 section 2).
  CreatedCard: lazy(() => import('./pages/CustomCardPage').then((m) => ({ default: m.CreatedCardPage }))),
  DraftCard: lazy(() => import('./pages/CustomCardPage').then((m) => ({ default: m.DraftCardPage }))),
  NewRecommend: lazy(() => import('./pages/RecommendPage').then((m) => ({ default: m.RecommendPage }))),
  Published: lazy(() => import('./pages/PublishedPage').then((m) => ({ default: m.PublishedPage }))),
  InQueue: lazy(() => import('./pages/InQueuePage').then((m) => ({ default: m.InQueuePage }))),
  batchPushIndex: lazy(() => import('./pages/BatchPushPage').then((m) => ({ default: m.BatchPushPage }))),
  cardPushDetail: lazy(() => import('./pages/PushReportPage').then((m) => ({ default: m.PushReportPage }))),
};
