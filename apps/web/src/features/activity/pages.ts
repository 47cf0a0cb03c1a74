import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of the task area by menu router name (merged into app/routes/page-registry.tsx). */
const lists = () => import('./pages/TaskListPages');
const visitLists = () => import('./pages/VisitListPages');
export const ACTIVITY_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  myPlan: lazy(() => import('./pages/MyPlanPage').then((m) => ({ default: m.MyPlanPage }))),
  today: lazy(() => lists().then((m) => ({ default: m.TodayPage }))),
  taskMineCreate: lazy(() => lists().then((m) => ({ default: m.TaskMineCreatePage }))),
  taskRecord: lazy(() => lists().then((m) => ({ default: m.TaskRecordPage }))),
  taskRecordDetail: lazy(() => lists().then((m) => ({ default: m.TaskRecordDetailPage }))),
  newRecord: lazy(() => visitLists().then((m) => ({ default: m.NewRecordPage }))),
  visitReport: lazy(() => import('./pages/VisitReportPage').then((m) => ({ default: m.VisitReportPage }))),
  activityPlan: lazy(() => import('./pages/ActivityPlanPage').then((m) => ({ default: m.ActivityPlanPage }))),
  teamInteractioRecord: lazy(() => visitLists().then((m) => ({ default: m.TeamInteractionRecordPage }))),
  done: lazy(() => import('./pages/CreateTaskPage').then((m) => ({ default: m.CreateTaskPage }))),
};
