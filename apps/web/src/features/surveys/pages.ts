import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens of surveys by menu router name (merged into app/routes/page-registry.tsx). */
export const SURVEY_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  surveyList: lazy(() => import('./pages/SurveyListPage').then((m) => ({ default: m.SurveyListPage }))),
  surveyQuesDetail: lazy(() => import('./pages/SurveyAnswerPage').then((m) => ({ default: m.SurveyAnswerPage }))),
};
