import { Link } from 'react-router';
import { Tooltip } from 'antd';
import { MenuIcon } from '@/components/MenuIcon';
import { localName, useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { iconMenuEntries, landingPath, type RouteTable } from '../routes/route-table';

/** The narrow icon menu: permitted, visible first-level entries only (spec 001 section 2.7). */
export function IconSidebar({ table, activeId }: { table: RouteTable; activeId: number | null }) {
  const { lang, t } = useI18n();
  return (
    <nav className="fp-iconbar" aria-label={t('menu.main')}>
      <Link to={HOME_PATH} className="fp-iconbar-logo" aria-label={t('app.name')}>
        FP
      </Link>
      <ul className="fp-iconbar-list">
        {iconMenuEntries(table).map((node) => {
          const name = localName(node, lang);
          const active = node.id === activeId;
          return (
            <li key={node.id}>
              <Tooltip title={name} placement="right">
                <Link
                  to={landingPath(node) ?? node.path}
                  className={`fp-iconbar-item${active ? ' is-active' : ''}`}
                  aria-label={name}
                  aria-current={active ? 'page' : undefined}
                  data-menu-path={node.path}
                >
                  <MenuIcon name={node.icon} />
                </Link>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
