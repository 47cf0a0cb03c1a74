import { PUSH_LIMITS, type MessageKey } from '@field-portal/shared';

/*
 * The recipient list's file rule, apart from push-form.ts, so the batch push page does not
 * download the push dialog's labels (docs/decisions/0031).
 */

/** Upload rules checked before sending (spec 000 section 5): .xls or .xlsx, at most 10 MB. */
export function listFileProblem(file: { name: string; size: number }): MessageKey | undefined {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(PUSH_LIMITS.listExtensions as readonly string[]).includes(extension)) return 'push.listFormat';
  if (file.size > PUSH_LIMITS.listMaxBytes) return 'push.listTooLarge';
  if (file.size === 0) return 'push.listRequired';
  return undefined;
}
