import type { MenuNode, OrgNode } from '@field-portal/shared';
import { adminApi } from './api/admin-api';
import { treeOptions } from './form-rules';

/**
 * The menu and organisation trees as the admin screens query them and offer them in tree selects.
 * In a module of their own, so the role and user screens that use them do not import the menu
 * and organisation screens (each screen stays a chunk of its own, measured by the budget check).
 */
export const menuTreeQuery = { queryKey: ['admin', 'menu'], queryFn: adminApi.menuTree };

export const menuOptions = (nodes: MenuNode[] | undefined, lang: 'zh' | 'en') => treeOptions(nodes, lang);

export const orgTreeQuery = { queryKey: ['admin', 'org'], queryFn: adminApi.orgTree };

/** Tree-select options of the organisation tree. */
export const orgOptions = (nodes: OrgNode[] | undefined, lang: 'zh' | 'en') => treeOptions(nodes, lang);
