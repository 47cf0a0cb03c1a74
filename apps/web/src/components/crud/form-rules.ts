import type { z } from 'zod';
import { fieldInWords, type Lang } from '@field-portal/shared';
import { isKnownMessage as isMessageKey, messageText } from '@/lib/i18n';

/** How a form places its errors, where it differs from the lists' dialogs. */
export interface FormErrorOptions {
  /** Errors at the top-level field (a form whose items are named only by those), and none for the whole form. */
  byField?: boolean;
  /** `{min}` and `{max}` for a message whose issue gives none (the password's limits in a message of its own). */
  limits?: { min: number; max: number };
}

/**
 * A form's errors by the server's own zod schema and messages, with the field named by its label
 * in the interface language (else by the API's words for it, FIELD_WORDS); nested fields by their path (`competitors.0.name`), or by their
 * top-level field with `byField`. The area's words (and so its messages) are loaded with the
 * screen that asks.
 */
export function formErrors(
  schema: z.ZodType,
  values: object,
  lang: Lang,
  labels: Record<string, string> = {},
  { byField = false, limits }: FormErrorOptions = {},
): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const top = String(issue.path[0] ?? '');
    const path = byField ? top : issue.path.map(String).join('.');
    if (errors[path] || (byField && !path)) continue;
    const params: Record<string, string | number> = { field: labels[path] ?? labels[top] ?? fieldInWords(path, lang), ...limits };
    if ('minimum' in issue) params.min = Number(issue.minimum);
    if ('maximum' in issue) params.max = Number(issue.maximum);
    if (isMessageKey(issue.message)) errors[path] = messageText(issue.message, lang, params);
    else if (issue.code === 'too_small' && params.min === 1 && issue.origin === 'string') errors[path] = messageText('field.required', lang, params);
    else if (issue.code === 'too_big') errors[path] = messageText(issue.origin === 'string' ? 'field.tooLong' : 'field.tooBig', lang, params);
    else if (issue.code === 'too_small') errors[path] = messageText('field.tooSmall', lang, params);
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) errors[path] = messageText('field.required', lang, params);
    else errors[path] = messageText('field.invalid', lang, params);
  }
  return errors;
}

/**
 * The checks of an area's forms: each form's server schema, then the form's own rules (a
 * medicine's repeated competitors, a chart's content), which win at the same path.
 */
export function formChecker<N extends string>(
  forms: Readonly<Record<N, z.ZodType>>,
  rules: Partial<Record<N, (values: Record<string, unknown>, lang: Lang) => Record<string, string>>> = {},
): (name: N, values: Record<string, unknown>, lang: Lang, labels?: Record<string, string>) => Record<string, string> {
  return (name, values, lang, labels) => ({ ...formErrors(forms[name], values, lang, labels), ...rules[name]?.(values, lang) });
}
