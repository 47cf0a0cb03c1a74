import type { Lang } from '@field-portal/shared';
import type { AppsFormName } from './form-checks';

export type { AppsFormName };

/**
 * A form's errors by the server's own schema and messages (`formErrors`) and the form's own rules
 * (a medicine's repeated competitors, a chart's content), with the schemas loaded
 * when a form is first saved or a list first searched rather than with the screen: field path →
 * message in `lang`, empty when the values pass.
 */
export async function appsFormErrors(
  name: AppsFormName,
  values: Record<string, unknown>,
  lang: Lang,
  labels?: Record<string, string>,
): Promise<Record<string, string>> {
  const { checkAppsForm } = await import('./form-checks');
  return checkAppsForm(name, values, lang, labels);
}
