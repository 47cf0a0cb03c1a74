import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dropdown, Tooltip } from 'antd';
import { MenuIcon } from '@/components/MenuIcon';
import { localName, useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { flyoutEntries, iconMenuEntries, landingPath, type MenuNode, type RouteTable } from '@/lib/session/route-table';
import { menuItems, openMenuPage } from './menu-items';

/** Keys that open an icon's flyout from the keyboard (Enter and a click open it too). */
const OPEN_KEYS = new Set(['ArrowRight', 'ArrowDown', ' ']);

/**
 * An area without a second sidebar whose pages are more than one: its icon opens a flyout of them
 * on hover, on click and from the keyboard (focus moves into it; Escape returns to the icon).
 */
function FlyoutIcon({ node, entries, active }: { node: MenuNode; entries: MenuNode[]; active: boolean }) {
  const { lang } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const icon = useRef<HTMLAnchorElement>(null);
  const name = localName(node, lang);
  useEffect(() => {
    if (!open) return;
    // Escape closes the flyout and gives the focus back to its icon, wherever the focus was in it.
    // Caught before the menu and the popup handle the key (they close it without a word on focus).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // after the popup has let go of the focus
      requestAnimationFrame(() => icon.current?.focus());
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const show = (keyboard: boolean) => {
    setByKeyboard(keyboard);
    setOpen(true);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The icon names an area, not a page: a click shows its pages rather than opening the first.
    event.preventDefault();
    // A click from the keyboard (Enter) has no pointer position.
    show(event.detail === 0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    show(true);
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => setOpen(next)}
      trigger={['hover']}
      placement="bottomLeft"
      align={{ points: ['tl', 'tr'], offset: [6, 0] }}
      autoFocus={byKeyboard}
      overlayClassName="fp-iconbar-flyout"
      menu={{
        'aria-label': name,
        items: [{ type: 'group', key: node.path, label: name, children: menuItems(entries, lang) }],
        selectable: true,
        selectedKeys: [location.pathname],
        onClick: ({ key }) => {
          setOpen(false);
          openMenuPage(key, (to) => void navigate(to), location.pathname);
        },
      }}
    >
      <Link
        ref={icon}
        to={landingPath(node) ?? node.path}
        className={`fp-iconbar-item${active ? ' is-active' : ''}`}
        aria-label={name}
        aria-current={active ? 'page' : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        data-menu-path={node.path}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <MenuIcon name={node.icon} />
      </Link>
    </Dropdown>
  );
}

/** The narrow icon menu: permitted, visible first-level entries only (spec 001 section 2.7). */
export function IconSidebar({ table, activeId }: { table: RouteTable; activeId: number | null }) {
  const { lang, t } = useI18n();
  return (
    <nav className="fp-iconbar" aria-label={t('menu.main')}>
      <Link to={HOME_PATH} className="fp-iconbar-logo">
        {/* The name spoken holds the letters seen (WCAG 2.5.3): "FP Field Portal". */}
        <span aria-hidden="true">FP</span>
        <span className="fp-visually-hidden">{`FP ${t('app.name')}`}</span>
      </Link>
      <ul className="fp-iconbar-list">
        {iconMenuEntries(table).map((node) => {
          const name = localName(node, lang);
          const active = node.id === activeId;
          const entries = flyoutEntries(node);
          return (
            <li key={node.id}>
              {entries.length > 0 ? (
                <FlyoutIcon node={node} entries={entries} active={active} />
              ) : (
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
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
