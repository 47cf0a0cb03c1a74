import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const data = () => import('./pages/DataPages');

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const APPS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  appCentre: lazy(() => import('./app-centre/AppCentrePage').then((m) => ({ default: m.AppCentrePage }))),
  appManagement: lazy(() => import('./pages/AppManagementPage').then((m) => ({ default: m.AppManagementPage }))),
  setting: lazy(() => import('./pages/SettingPage').then((m) => ({ default: m.SettingPage }))),
  messageManger: lazy(() => import('./pages/MessageGroupPage').then((m) => ({ default: m.MessageGroupPage }))),
  messageEdit: lazy(() => import('./pages/MessageEditPage').then((m) => ({ default: m.MessageEditPage }))),
  medicineDurg: lazy(() => data().then((m) => ({ default: m.MedicinePage }))),
  homeData: lazy(() => data().then((m) => ({ default: m.HomeDataPage }))),
  homeChart: lazy(() => data().then((m) => ({ default: m.HomeChartPage }))),
  indicationStage: lazy(() => data().then((m) => ({ default: m.IndicationStagePage }))),
  indicationDepartment: lazy(() => data().then((m) => ({ default: m.IndicationDepartmentPage }))),
  medicinePublicOpinion: lazy(() => data().then((m) => ({ default: m.PublicOpinionPage }))),
  keyword: lazy(() => data().then((m) => ({ default: m.KeywordPage }))),
  journalTable: lazy(() => data().then((m) => ({ default: m.JournalPage }))),
};
