import { useLocation, useNavigate } from 'react-router';
import { Menu } from 'antd';
import { localName, useI18n } from '@/lib/i18n';
import { CreateTaskShortcut } from '@/features/activity/components/CreateTaskShortcut';
import { visibleChildren, type MenuNode } from '@/lib/session/route-table';
import { menuItems, openMenuPage } from './menu-items';

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
        items={menuItems(children, lang)}
        onClick={({ key }) => openMenuPage(key, (to) => void navigate(to), location.pathname)}
      />
      <CreateTaskShortcut />
    </aside>
  );
}
