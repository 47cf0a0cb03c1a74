import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx); spec 001 section 2.4, /customer row. */
export const CUSTOMERS_PAGES: Record<string, LazyPage> = {
  doctorTeamManager: lazyPage(() => import('./pages/DoctorListPage').then((m) => ({ default: m.DoctorTeamManagerPage }))),
  totaldoctor: lazyPage(() => import('./pages/DoctorListPage').then((m) => ({ default: m.TotalDoctorPage })), {
    firstData: (client) => import('./first-data').then((m) => m.prefetchDoctorList(client)),
  }),
  doctorLabel: lazyPage(() => import('./pages/DoctorLabelPage').then((m) => ({ default: m.DoctorLabelPage }))),
  businessRecord: lazyPage(() => import('./pages/DoctorRecordPage').then((m) => ({ default: m.DoctorRecordPage }))),
  hospitalTeamManager: lazyPage(() => import('./pages/HospitalPages').then((m) => ({ default: m.HospitalTeamManagerPage }))),
  totalHospital: lazyPage(() => import('./pages/HospitalPages').then((m) => ({ default: m.TotalHospitalPage }))),
  hospitalDetail: lazyPage(() => import('./pages/HospitalDetailPage').then((m) => ({ default: m.HospitalDetailPage }))),
  // data management → customer master data: the corrections to accept or reject
  customerData: lazyPage(() => import('./pages/CorrectionQueuePage').then((m) => ({ default: m.CorrectionQueuePage }))),
};
