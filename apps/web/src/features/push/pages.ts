import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const PUSH_PAGES: Record<string, LazyPage> = {
  // The custom card screen: its two tabs are the routes CreatedCard and DraftCard (spec 000 section 2).
  CreatedCard: lazyPage(() => import('./pages/CustomCardPage').then((m) => ({ default: m.CreatedCardPage }))),
  DraftCard: lazyPage(() => import('./pages/CustomCardPage').then((m) => ({ default: m.DraftCardPage }))),
  NewRecommend: lazyPage(() => import('./pages/RecommendPage').then((m) => ({ default: m.RecommendPage }))),
  Published: lazyPage(() => import('./pages/PublishedPage').then((m) => ({ default: m.PublishedPage }))),
  InQueue: lazyPage(() => import('./pages/InQueuePage').then((m) => ({ default: m.InQueuePage }))),
  batchPushIndex: lazyPage(() => import('./pages/BatchPushPage').then((m) => ({ default: m.BatchPushPage }))),
  cardPushDetail: lazyPage(() => import('./pages/PushReportPage').then((m) => ({ default: m.PushReportPage }))),
};
