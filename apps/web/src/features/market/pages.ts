import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of market intelligence by menu router name (merged into app/routes/page-registry.tsx). */
export const MARKET_PAGES: Record<string, LazyPage> = {
  MedAna: lazyPage(() => import('./pages/OpinionPage').then((m) => ({ default: m.OpinionPage }))),
  eventDetail: lazyPage(() => import('./pages/EventDetailPage').then((m) => ({ default: m.EventDetailPage }))),
  medicineMarket: lazyPage(() => import('./pages/CompetitorPages').then((m) => ({ default: m.MarketComparePage }))),
  medicineNet: lazyPage(() => import('./pages/CompetitorPages').then((m) => ({ default: m.NetSearchPage }))),
  indicationMedAna: lazyPage(() => import('./pages/IndicationMedAnaPage').then((m) => ({ default: m.IndicationMedAnaPage }))),
  indicationDrug: lazyPage(() => import('./pages/GroupPages').then((m) => ({ default: m.IndicationDrugPage }))),
  patientAna: lazyPage(() => import('./pages/GroupPages').then((m) => ({ default: m.PatientAnaPage }))),
  doctorGroupAnalysis: lazyPage(() => import('./pages/GroupPages').then((m) => ({ default: m.DoctorGroupPage }))),
  lecturerRating: lazyPage(() => import('./pages/LecturerRatingPage').then((m) => ({ default: m.LecturerRatingPage }))),
};
