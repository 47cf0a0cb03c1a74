import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of meetings by menu router name (merged into app/routes/page-registry.tsx). */
export const MEETING_PAGES: Record<string, LazyPage> = {
  meetingReportIndex: lazyPage(() => import('./pages/MeetingReportIndexPage').then((m) => ({ default: m.MeetingReportIndexPage }))),
  meetingNews: lazyPage(() => import('./pages/MeetingNewsPage').then((m) => ({ default: m.MeetingNewsPage }))),
};
