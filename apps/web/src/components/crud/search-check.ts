import { pageQuery, type Lang } from '@field-portal/shared';
import { formErrors } from './form-rules';

/** The search box's check: a module of its own, loaded with the first search. */
export function checkSearch(values: Record<string, unknown>, lang: Lang): Record<string, string> {
  return formErrors(pageQuery, values, lang);
}
