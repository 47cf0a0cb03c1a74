import type { z } from 'zod';
import { ADMIN_LIMITS, PASSWORD, type Lang } from '@field-portal/shared';
import { isKnownMessage as isMessageKey, localName } from '@/lib/i18n';
import { adminWords } from '@/features/admin/i18n';

/**
 * Client-side check of an admin form with the server's own zod schema and messages, so the
 * form shows exactly what the server would answer: field → message in the current language, the
 * field named by its label where one is given.
 */
export function formErrors(schema: z.ZodType, values: object, lang: Lang, labels: Record<string, string> = {}): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || errors[field]) continue;
    const params = { field: labels[field] ?? field, min: PASSWORD.min, max: 'maximum' in issue ? Number(issue.maximum) : PASSWORD.max };
    if (isMessageKey(issue.message)) errors[field] = adminWords.message(issue.message, lang, params);
    else if (issue.code === 'too_small' && 'minimum' in issue && Number(issue.minimum) === 1)
      errors[field] = adminWords.message('field.required', lang, params);
    else if (issue.code === 'too_big') errors[field] = adminWords.message('field.tooLong', lang, params);
    else errors[field] = adminWords.message('field.invalid', lang, params);
  }
  return errors;
}

/** The data-permission import file: csv or xlsx, at most 1 MB (spec 001 section 5); the server checks the bytes again. */
export function importFileError(file: { name: string; size: number }, lang: Lang): string | undefined {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(ADMIN_LIMITS.permissionImportExtensions as readonly string[]).includes(extension)) return adminWords.message('sys.perm.fileType', lang);
  if (file.size > ADMIN_LIMITS.permissionImportMaxBytes) return adminWords.message('sys.perm.fileTooLarge', lang);
  return undefined;
}

interface TreeNode {
  id: number;
  children?: TreeNode[] | undefined;
}

/** A tree's node ids with all their descendants' ids. */
export function subtreeIds(node: TreeNode): number[] {
  return [node.id, ...(node.children ?? []).flatMap((c) => subtreeIds(c))];
}

/** A tree of the admin screens as the options of antd's Tree and TreeSelect. */
export interface TreeOption {
  value: number;
  key: number;
  title: string;
  children: TreeOption[];
}

export function treeOptions<T extends { id: number; name: string; nameEn: string; children?: T[] | undefined }>(
  nodes: T[] | undefined,
  lang: 'zh' | 'en',
): TreeOption[] {
  return (nodes ?? []).map((n) => ({
    value: n.id,
    key: n.id,
    title: localName(n, lang),
    children: treeOptions(n.children, lang),
  }));
}
