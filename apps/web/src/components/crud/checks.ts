import type { Lang } from '@field-portal/shared';

/** A form's errors (field path → message in `lang`, empty when the values pass), the field named by its label where one is given. */
export type FormCheck = (values: Record<string, unknown>, lang: Lang, labels?: Record<string, string>) => Promise<Record<string, string>>;

/** The module of an area's form checks: the server's schemas by form name, with zod (see `formChecker`). */
export interface FormChecksModule<N extends string> {
  checkForm: (name: N, values: Record<string, unknown>, lang: Lang, labels?: Record<string, string>) => Record<string, string>;
}

/**
 * The checks of an area's forms, loaded with the first save or search rather than with the screen
 * (so a screen opens without zod, docs/decisions/0031): `checks('medicine')` is that form's check.
 */
export function lazyChecks<N extends string>(load: () => Promise<FormChecksModule<N>>): (name: N) => FormCheck {
  return (name) => async (values, lang, labels) => (await load()).checkForm(name, values, lang, labels);
}

/** The list's search box: at most five words (the `/API-APPS` page query). */
export const searchCheck: FormCheck = async (values, lang) => (await import('./search-check')).checkSearch(values, lang);
