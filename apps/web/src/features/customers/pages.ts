import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of this area by menu router name (merged into app/routes/page-registry.tsx); spec 001 section 2.4, /customer row. */
export const CUSTOMERS_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  doctorTeamManager: lazy(() => import('./pages/DoctorListPage').then((m) => ({ default: m.DoctorTeamManagerPage }))),
  totaldoctor: lazy(() => import('./pages/DoctorListPage').then((m) => ({ default: m.TotalDoctorPage }))),
  doctorLabel: lazy(() => import('./pages/DoctorLabelPage').then((m) => ({ default: m.DoctorLabelPage }))),
  businessRecord: lazy(() => import('./pages/DoctorRecordPage').then((m) => ({ default: m.DoctorRecordPage }))),
  hospitalTeamManager: lazy(() => import('./pages/HospitalPages').then((m) => ({ default: m.HospitalTeamManagerPage }))),
  totalHospital: lazy(() => import('./pages/HospitalPages').then((m) => ({ default: m.TotalHospitalPage }))),
  hospitalDetail: lazy(() => import('./pages/HospitalDetailPage').then((m) => ({ default: m.HospitalDetailPage }))),
  // data management → customer master data: the corrections to accept or reject
  customerData: lazy(() => import('./pages/CorrectionQueuePage').then((m) => ({ default: m.CorrectionQueuePage }))),
};
