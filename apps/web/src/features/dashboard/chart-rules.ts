import { parseChartContent, type Lang } from '@field-portal/shared';
import { dashboardWords } from './i18n';

/** The chart-content rule of spec 001 section 5 as the form shows it. */
export function chartContentError(content: string, lang: Lang): string | undefined {
  const parsed = parseChartContent(content);
  return 'error' in parsed ? dashboardWords.message(parsed.error, lang, parsed.params ?? {}) : undefined;
}
