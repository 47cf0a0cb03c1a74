import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of doctor intelligence by menu router name (merged into app/routes/page-registry.tsx); spec 001 section 2.4, /doctor row. */
const full360 = lazyPage(() => import('./pages/Doctor360Page').then((m) => ({ default: m.Doctor360Page })));

export const INTELLIGENCE_PAGES: Record<string, LazyPage> = {
  doctorList: lazyPage(() => import('./pages/DoctorListPage').then((m) => ({ default: m.DoctorListPage }))),
  doctorFullViewDetail: full360,
  doctorDetail: full360,
  KOLmapping: lazyPage(() => import('./pages/KolPage').then((m) => ({ default: m.KolPage }))),
  TargetHCPMapping: lazyPage(() => import('./pages/TargetHcpPage').then((m) => ({ default: m.TargetHcpPage }))),
  doctorAcademicNetwork: lazyPage(() => import('./pages/NetworkPage').then((m) => ({ default: m.AcademicNetworkPage }))),
  doctorRelationCenter: lazyPage(() => import('./pages/NetworkPage').then((m) => ({ default: m.RelationCentrePage }))),
  doctorIntelligenceAdvice: lazyPage(() => import('./pages/SuggestionsPage').then((m) => ({ default: m.SuggestionsPage }))),
  academicContext: lazyPage(() => import('./pages/ContextPage').then((m) => ({ default: m.ContextPage }))),
};
