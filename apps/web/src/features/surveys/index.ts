/** The public face of surveys: all another area may import of it (docs/decisions/0048). */
export { surveysWords, type SurveysLabelKey, type SurveysMessageKey } from './i18n';
