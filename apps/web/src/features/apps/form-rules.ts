import type { z } from 'zod';
import { parseChartContent, type Lang } from '@field-portal/shared';
import { isKnownMessage as isMessageKey } from '@/lib/i18n';
import { appsWords } from '@/features/apps/i18n';

/**
 * The form rules of app management and data management: the server's own zod schemas and
 * messages, with the field named by its label in the interface language.
 */
export function formErrors(schema: z.ZodType, values: object, lang: Lang, labels: Record<string, string> = {}): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    const top = String(issue.path[0] ?? '');
    const params: Record<string, string | number> = { field: labels[path] ?? labels[top] ?? path };
    if ('minimum' in issue) params.min = Number(issue.minimum);
    if ('maximum' in issue) params.max = Number(issue.maximum);
    if (isMessageKey(issue.message)) errors[path] = appsWords.message(issue.message, lang, params);
    else if (issue.code === 'too_small' && params.min === 1 && issue.origin === 'string') errors[path] = appsWords.message('field.required', lang, params);
    else if (issue.code === 'too_big') errors[path] = appsWords.message(issue.origin === 'string' ? 'field.tooLong' : 'field.tooBig', lang, params);
    else if (issue.code === 'too_small') errors[path] = appsWords.message('field.tooSmall', lang, params);
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
      errors[path] = appsWords.message('field.required', lang, params);
    else errors[path] = appsWords.message('field.invalid', lang, params);
  }
  return errors;
}

/** The chart-content rule of spec 001 section 5 as the form shows it. */
export function chartContentError(content: string, lang: Lang): string | undefined {
  const parsed = parseChartContent(content);
  return 'error' in parsed ? appsWords.message(parsed.error, lang, parsed.params ?? {}) : undefined;
}

/** The first value that repeats (ignoring case and surrounding spaces). */
export function firstDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (!key) continue;
    if (seen.has(key)) return value.trim();
    seen.add(key);
  }
  return undefined;
}

/** Competitors and indications of a medicine must not repeat. */
export function medicineListErrors(values: { competitors?: { name?: string }[]; indications?: string[] }, lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  const competitor = firstDuplicate((values.competitors ?? []).map((c) => c.name ?? ''));
  if (competitor) errors.competitors = appsWords.message('data.medicine.competitorDuplicate', lang, { name: competitor });
  const indication = firstDuplicate(values.indications ?? []);
  if (indication) errors.indications = appsWords.message('data.medicine.indicationDuplicate', lang, { name: indication });
  return errors;
}

export { imageFileError, importFileError } from './file-rules';
