import { Tag } from 'antd';
import { BUILT_IN_ROLE_NAMES, type Lang } from '@field-portal/shared';
import { DATA } from '@/lib/data-text';
import { localName } from '@/lib/i18n';

/**
 * A role's name for the reader: a built-in role (known by its code) in the reader's language; a
 * role an administrator added is data, shown as written (its English name in English when it has one).
 */
export function roleName(role: { name: string; nameEn: string }, lang: Lang): { text: string; data: boolean } {
  const builtIn = Object.hasOwn(BUILT_IN_ROLE_NAMES, role.name) ? BUILT_IN_ROLE_NAMES[role.name] : undefined;
  return builtIn ? { text: builtIn[lang], data: false } : { text: localName(role, lang), data: true };
}

/** A role as a tag, marked as data when an administrator named it. */
export function RoleTag({ role, lang }: { role: { name: string; nameEn: string }; lang: Lang }) {
  const { text, data } = roleName(role, lang);
  return <Tag {...(data ? DATA : {})}>{text}</Tag>;
}
