import { lazyPage, type LazyPage } from '@/lib/lazy-page';

const data = () => import('./pages/DataPages');

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const APPS_PAGES: Record<string, LazyPage> = {
  appCentre: lazyPage(() => import('./app-centre/AppCentrePage').then((m) => ({ default: m.AppCentrePage }))),
  appManagement: lazyPage(() => import('./pages/AppManagementPage').then((m) => ({ default: m.AppManagementPage }))),
  setting: lazyPage(() => import('./pages/SettingPage').then((m) => ({ default: m.SettingPage }))),
  messageManger: lazyPage(() => import('./pages/MessageGroupPage').then((m) => ({ default: m.MessageGroupPage }))),
  messageEdit: lazyPage(() => import('./pages/MessageEditPage').then((m) => ({ default: m.MessageEditPage }))),
  medicineDurg: lazyPage(() => data().then((m) => ({ default: m.MedicinePage }))),
  homeData: lazyPage(() => data().then((m) => ({ default: m.HomeDataPage }))),
  homeChart: lazyPage(() => data().then((m) => ({ default: m.HomeChartPage }))),
  indicationStage: lazyPage(() => data().then((m) => ({ default: m.IndicationStagePage }))),
  indicationDepartment: lazyPage(() => data().then((m) => ({ default: m.IndicationDepartmentPage }))),
  medicinePublicOpinion: lazyPage(() => data().then((m) => ({ default: m.PublicOpinionPage }))),
  keyword: lazyPage(() => data().then((m) => ({ default: m.KeywordPage }))),
  journalTable: lazyPage(() => data().then((m) => ({ default: m.JournalPage }))),
};
