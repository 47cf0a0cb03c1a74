import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of market intelligence by menu router name (merged into app/routes/page-registry.tsx). */
export const MARKET_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  MedAna: lazy(() => import('./pages/OpinionPage').then((m) => ({ default: m.OpinionPage }))),
  eventDetail: lazy(() => import('./pages/EventDetailPage').then((m) => ({ default: m.EventDetailPage }))),
  medicineMarket: lazy(() => import('./pages/CompetitorPages').then((m) => ({ default: m.MarketComparePage }))),
  medicineNet: lazy(() => import('./pages/CompetitorPages').then((m) => ({ default: m.NetSearchPage }))),
  indicationMedAna: lazy(() => import('./pages/IndicationMedAnaPage').then((m) => ({ default: m.IndicationMedAnaPage }))),
  indicationDrug: lazy(() => import('./pages/GroupPages').then((m) => ({ default: m.IndicationDrugPage }))),
  patientAna: lazy(() => import('./pages/GroupPages').then((m) => ({ default: m.PatientAnaPage }))),
  doctorGroupAnalysis: lazy(() => import('./pages/GroupPages').then((m) => ({ default: m.DoctorGroupPage }))),
  lecturerRating: lazy(() => import('./pages/LecturerRatingPage').then((m) => ({ default: m.LecturerRatingPage }))),
};
