import type { MenuProps } from 'antd';
import type { Lang } from '@field-portal/shared';
import { localName } from '@/lib/i18n';
import { CREATE_TASK_PATH, openCreateTask } from '@/features/activity/create-task';
import { landingPath, type MenuNode } from '@/lib/session/route-table';

type Item = Required<MenuProps>['items'][number];

/** Menu entries as antd items: groups keyed by their path, pages by the path they open. */
export function menuItems(nodes: MenuNode[], lang: Lang): Item[] {
  return nodes.map((node) =>
    node.children.length > 0
      ? { key: node.path, label: localName(node, lang), children: menuItems(node.children, lang) }
      : { key: landingPath(node) ?? node.path, label: localName(node, lang) },
  );
}

/** Opens a menu entry's page; create-task goes through its tab rule (spec 001 section 2.7). */
export function openMenuPage(key: string, navigate: (to: string) => void, currentPath: string): void {
  if (key === CREATE_TASK_PATH) openCreateTask(navigate, currentPath);
  else navigate(key);
}
