import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import type { Lang } from '@field-portal/shared';
import { localName, useI18n } from '@/lib/i18n';
import { CREATE_TASK_PATH, openCreateTask } from '@/features/activity/create-task';
import { CreateTaskShortcut } from '@/features/activity/components/CreateTaskShortcut';
import { landingPath, visibleChildren, type MenuNode } from '../routes/route-table';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], lang: Lang): Item[] {
  return nodes.map((node) =>
    node.children.length > 0
      ? { key: node.path, label: localName(node, lang), children: toItems(node.children, lang) }
      : { key: landingPath(node) ?? node.path, label: localName(node, lang) },
  );
}

function groupKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length > 0 ? [n.path, ...groupKeys(n.children)] : []));
}

/** The second sidebar of an area flagged with a secondary menu: its visible children (spec 001 section 2.7). */
export function SecondarySidebar({ area, selectedPath }: { area: MenuNode; selectedPath: string }) {
  const { lang } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const children = visibleChildren(area);
  const title = localName(area, lang);
  return (
    <aside className="fp-secondary" aria-label={title}>
      <div className="fp-secondary-title">{title}</div>
      <Menu
        className="fp-secondary-menu"
        mode="inline"
        selectedKeys={[selectedPath]}
        defaultOpenKeys={groupKeys(children)}
        items={toItems(children, lang)}
        onClick={({ key }) => (key === CREATE_TASK_PATH ? openCreateTask((to) => void navigate(to), location.pathname) : void navigate(key))}
      />
      <CreateTaskShortcut />
    </aside>
  );
}
