import type { z } from 'zod';
import { ADMIN_LIMITS, PASSWORD, type Lang } from '@field-portal/shared';
import { localName } from '@/lib/i18n';
import { formErrors as schemaErrors } from '@/components/crud/form-rules';
import { adminWords } from '@/features/admin/i18n';

/**
 * Client-side check of an admin form with the server's own zod schema and messages, so the
 * form shows exactly what the server would answer: field → message in the current language, the
 * field named by its label where one is given. The list kit's check, with each error at its
 * top-level field (the admin dialogs' items are named by those) and the password's limits for a
 * password message.
 */
export function formErrors(schema: z.ZodType, values: object, lang: Lang, labels: Record<string, string> = {}): Record<string, string> {
  return schemaErrors(schema, values, lang, labels, { byField: true, limits: { min: PASSWORD.min, max: PASSWORD.max } });
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
