import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { SIDEBAR_WIDTHS } from '@field-portal/shared';
import { FailureBoundary } from '@/components/FailureBoundary';
import { TenantFooter } from '@/components/TenantFooter';
import { localName, useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { layoutRoutes } from '../routes/layout-routes';
import { findPage } from '@/lib/session/route-table';
import { useRouterLocation } from '../routes/router-location';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { useSession } from '@/lib/session/session-context';
import { IconSidebar } from './IconSidebar';
import { SecondarySidebar } from './SecondarySidebar';
import { PERSONAL_CENTRE_PATH } from './ProfileMenu';
import { addTag, recordName, withAffix, type Tag } from '@/lib/tabs/tag-rules';
import { TagBar } from './tag-bar/TagBar';
import { tagsStore } from '@/lib/tabs/tags-store';
import { TopBar } from './TopBar';
import { useScrollMemory } from './use-scroll-memory';
import { usePageViews } from '@/features/analytics/tracking';
import { Watermark } from './Watermark';

/** Sidebar widths of spec 001 section 2.7, handed to the style sheet. */
const SIDEBAR_STYLE = {
  '--fp-iconbar-width': `${SIDEBAR_WIDTHS[0]}px`,
  '--fp-secondary-width': `${SIDEBAR_WIDTHS[1]}px`,
} as CSSProperties;

/** The main content region, the skip link's target. */
const MAIN_ID = 'main-content';

/** The layout of every signed-in page (spec 001 section 2.7). */
export function ShellLayout() {
  const { table, user } = useSession();
  const location = useLocation();
  const { lang, t } = useI18n();
  const routes = useMemo(() => layoutRoutes(table), [table]);
  const element = useRoutes(routes);
  const current = findPage(table, location.pathname)?.page;
  const scrollRef = useRef<HTMLElement>(null);
  useScrollMemory(scrollRef, location.pathname);

  const affix = useMemo<Tag[]>(() => {
    const home = table.pages.find((p) => p.path === HOME_PATH);
    return home ? [{ path: home.path, fullPath: home.path, title: home.title, affix: true }] : [];
  }, [table]);

  // A tab opens when the navigation starts, not when its page has rendered (see useRouterLocation).
  const opened = useRouterLocation(location);
  const openedMatch = findPage(table, opened.pathname);
  const openedPage = openedMatch?.page;
  const openedRecord = openedMatch ? recordName(openedMatch.params) : undefined;
  useEffect(() => {
    // A navigation out of the layout (log-out, sign-in) changes nothing here: the layout is leaving.
    if (!openedPage) return;
    tagsStore.set(
      addTag(withAffix(tagsStore.get(), affix), {
        path: opened.pathname,
        fullPath: opened.pathname + opened.search,
        title: openedPage.title,
        ...(openedRecord ? { record: openedRecord } : {}),
        affix: false,
      }),
    );
  }, [affix, openedPage, openedRecord, opened.pathname, opened.search]);

  const title = current ? localName(current.title, lang) : '';
  usePageViews(current ? location.pathname : '', title);
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);

  const areaId = current ? (current.areaId ?? current.menuId) : null;
  const area = current?.secondaryMenu ? table.tree.find((n) => n.id === current.areaId) : undefined;
  const hasPersonalCentre = table.pages.some((p) => p.path === PERSONAL_CENTRE_PATH);

  return (
    <AntdProviders>
      <div className="fp-shell" style={SIDEBAR_STYLE}>
        {/* The first stop of the keyboard (WCAG 2.4.1): past the menus, tag bar and top bar to the page. The
            address is a hash route, so the link moves the focus itself rather than following its href. */}
        <a
          className="fp-skip-link"
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            event.preventDefault();
            scrollRef.current?.focus();
          }}
        >
          {t('layout.skipToContent')}
        </a>
        <IconSidebar table={table} activeId={areaId} />
        {/* Keyed by area: another area's sidebar starts with its own groups open. */}
        {area ? <SecondarySidebar key={area.id} area={area} selectedPath={location.pathname} /> : null}
        <div className="fp-main">
          <TopBar title={title} user={user} hasPersonalCentre={hasPersonalCentre} />
          <TagBar activePath={location.pathname} />
          <main className="fp-content" id={MAIN_ID} tabIndex={-1} ref={scrollRef}>
            <div className="fp-page">
              {/* A page that fails stands alone: the menus, tag bar and top bar stay and lead elsewhere. */}
              <FailureBoundary at={location.pathname + location.search}>{element}</FailureBoundary>
            </div>
            <TenantFooter />
          </main>
        </div>
        {current?.watermark ? <Watermark text={`${user.username} ${user.firstName}`} /> : null}
      </div>
    </AntdProviders>
  );
}
