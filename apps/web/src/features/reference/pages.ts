import { lazyPage, type LazyPage } from '@/lib/lazy-page';

const tables = () => import('./pages/ReferencePages');

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx). */
export const REFERENCE_PAGES: Record<string, LazyPage> = {
  medicineDurg: lazyPage(() => tables().then((m) => ({ default: m.MedicinePage }))),
  indicationStage: lazyPage(() => tables().then((m) => ({ default: m.IndicationStagePage }))),
  indicationDepartment: lazyPage(() => tables().then((m) => ({ default: m.IndicationDepartmentPage }))),
  medicinePublicOpinion: lazyPage(() => tables().then((m) => ({ default: m.PublicOpinionPage }))),
  keyword: lazyPage(() => tables().then((m) => ({ default: m.KeywordPage }))),
  journalTable: lazyPage(() => tables().then((m) => ({ default: m.JournalPage }))),
};
