import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of the task area by menu router name (merged into app/routes/page-registry.tsx). */
const lists = () => import('./pages/TaskListPages');
const visitLists = () => import('./pages/VisitListPages');
export const ACTIVITY_PAGES: Record<string, LazyPage> = {
  myPlan: lazyPage(() => import('./pages/MyPlanPage').then((m) => ({ default: m.MyPlanPage }))),
  today: lazyPage(() => lists().then((m) => ({ default: m.TodayPage }))),
  taskMineCreate: lazyPage(() => lists().then((m) => ({ default: m.TaskMineCreatePage }))),
  taskRecord: lazyPage(() => lists().then((m) => ({ default: m.TaskRecordPage }))),
  taskRecordDetail: lazyPage(() => lists().then((m) => ({ default: m.TaskRecordDetailPage }))),
  newRecord: lazyPage(() => visitLists().then((m) => ({ default: m.NewRecordPage }))),
  visitReport: lazyPage(() => import('./pages/VisitReportPage').then((m) => ({ default: m.VisitReportPage }))),
  activityPlan: lazyPage(() => import('./pages/ActivityPlanPage').then((m) => ({ default: m.ActivityPlanPage }))),
  teamInteractioRecord: lazyPage(() => visitLists().then((m) => ({ default: m.TeamInteractionRecordPage }))),
  done: lazyPage(() => import('./pages/CreateTaskPage').then((m) => ({ default: m.CreateTaskPage }))),
};
