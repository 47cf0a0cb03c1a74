import {
  appInput,
  carouselInput,
  classificationInput,
  enterpriseInput,
  homeChartInput,
  homeDataInput,
  indicationDepartmentInput,
  indicationStageInput,
  journalInput,
  keywordInput,
  medicineInput,
  messageGroupInput,
  openingScreenInput,
  pageQuery,
  publicOpinionInput,
  type Lang,
} from '@field-portal/shared';
import { chartContentError, formErrors, medicineListErrors } from './form-rules';

/*
 * The server's request schemas of the app and data screens, by form. A module of its own, loaded
 * by `checks-on-save.ts` with the first save or search, so the screens open without zod.
 */
export const APPS_FORMS = {
  app: appInput,
  carousel: carouselInput,
  classification: classificationInput,
  enterprise: enterpriseInput,
  homeChart: homeChartInput,
  homeData: homeDataInput,
  indicationDepartment: indicationDepartmentInput,
  indicationStage: indicationStageInput,
  journal: journalInput,
  keyword: keywordInput,
  medicine: medicineInput,
  messageGroup: messageGroupInput,
  openingScreen: openingScreenInput,
  publicOpinion: publicOpinionInput,
  /** The search box of every list (at most five words). */
  search: pageQuery,
} as const;

export type AppsFormName = keyof typeof APPS_FORMS;

/** The rules of a form beyond its schema: path → message (they win over the schema's at the same path). */
function entityErrors(name: AppsFormName, values: Record<string, unknown>, lang: Lang): Record<string, string> {
  if (name === 'medicine') return medicineListErrors(values, lang);
  if (name === 'homeChart') {
    const error = chartContentError(String(values.content ?? ''), lang);
    return error ? { content: error } : {};
  }
  return {};
}

/** Every error of a form: the server schema's, then the form's own rules. */
export function checkAppsForm(name: AppsFormName, values: Record<string, unknown>, lang: Lang, labels?: Record<string, string>): Record<string, string> {
  return { ...formErrors(APPS_FORMS[name], values, lang, labels), ...entityErrors(name, values, lang) };
}
