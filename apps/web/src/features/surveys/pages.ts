import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/** Screens of surveys by menu router name (merged into app/routes/page-registry.tsx). */
export const SURVEY_PAGES: Record<string, LazyPage> = {
  surveyList: lazyPage(() => import('./pages/SurveyListPage').then((m) => ({ default: m.SurveyListPage }))),
  surveyQuesDetail: lazyPage(() => import('./pages/SurveyAnswerPage').then((m) => ({ default: m.SurveyAnswerPage }))),
};
