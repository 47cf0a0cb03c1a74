import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of meetings by menu router name (merged into app/routes/page-registry.tsx). */
export const MEETING_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  meetingReportIndex: lazy(() => import('./pages/MeetingReportIndexPage').then((m) => ({ default: m.MeetingReportIndexPage }))),
  meetingNews: lazy(() => import('./pages/MeetingNewsPage').then((m) => ({ default: m.MeetingNewsPage }))),
};
