import type { Lang } from '@field-portal/shared';
import { referenceWords } from './i18n';

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
  if (competitor) errors.competitors = referenceWords.message('data.medicine.competitorDuplicate', lang, { name: competitor });
  const indication = firstDuplicate(values.indications ?? []);
  if (indication) errors.indications = referenceWords.message('data.medicine.indicationDuplicate', lang, { name: indication });
  return errors;
}
