/** The public face of report screens and analytics: all another area may import of it (docs/decisions/0048). */
export { analyticsWords, type AnalyticsLabelKey, type AnalyticsMessageKey } from './i18n';
