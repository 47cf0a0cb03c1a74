import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of doctor intelligence by menu router name (merged into app/routes/page-registry.tsx); spec 001 section 2.4, /doctor row. */
const full360 = lazy(() => import('./pages/Doctor360Page').then((m) => ({ default: m.Doctor360Page })));

export const INTELLIGENCE_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  doctorList: lazy(() => import('./pages/DoctorListPage').then((m) => ({ default: m.DoctorListPage }))),
  doctorFullViewDetail: full360,
  doctorDetail: full360,
  KOLmapping: lazy(() => import('./pages/KolPage').then((m) => ({ default: m.KolPage }))),
  TargetHCPMapping: lazy(() => import('./pages/TargetHcpPage').then((m) => ({ default: m.TargetHcpPage }))),
  doctorAcademicNetwork: lazy(() => import('./pages/NetworkPage').then((m) => ({ default: m.AcademicNetworkPage }))),
  doctorRelationCenter: lazy(() => import('./pages/NetworkPage').then((m) => ({ default: m.RelationCentrePage }))),
  doctorIntelligenceAdvice: lazy(() => import('./pages/SuggestionsPage').then((m) => ({ default: m.SuggestionsPage }))),
  academicContext: lazy(() => import('./pages/ContextPage').then((m) => ({ default: m.ContextPage }))),
};
