import { homeChartInput, homeDataInput } from '@field-portal/shared';
import { formChecker } from '@/components/crud/form-rules';
import { chartContentError } from './chart-rules';

/*
 * The server's request schemas of the home data and home chart forms. A module of its own, loaded
 * by `checks-on-save.ts` with the first save, so the screens open without zod.
 */
const DASHBOARD_FORMS = { homeChart: homeChartInput, homeData: homeDataInput } as const;

export type DashboardFormName = keyof typeof DASHBOARD_FORMS;

/** Every error of a form: the server schema's, then a chart's content rule. */
export const checkForm = formChecker(DASHBOARD_FORMS, {
  homeChart: (values, lang): Record<string, string> => {
    const error = chartContentError(String(values.content ?? ''), lang);
    return error ? { content: error } : {};
  },
});
