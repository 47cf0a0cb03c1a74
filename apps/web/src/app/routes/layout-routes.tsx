import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Skeleton } from 'antd';
import { HOME_PATH } from '@/lib/paths';
import { DETAIL_PAGES, DetailOrList } from './detail-pages';
import { pageComponent } from './page-registry';
import type { PageRoute, RouteTable } from '@/lib/session/route-table';

// Loaded when a page without a screen is opened: antd's Result (with its pictures) stays out of the layout (docs/decisions/0016).
const NotYetAvailable = lazy(() => import('@/components/NotYetAvailable').then((m) => ({ default: m.NotYetAvailable })));

/** A generated page: its screen if the portal has one, else "not yet available" with its title. */
function pageElement(page: PageRoute, table: RouteTable): ReactNode {
  const detail = DETAIL_PAGES[page.router];
  if (detail) {
    // A list the user lacks would end on /404: the dashboard is a better place to land.
    const list = table.pages.some((p) => p.path === detail.list) ? detail.list : HOME_PATH;
    return (
      <DetailOrList param={detail.param} list={list}>
        {screenElement(page)}
      </DetailOrList>
    );
  }
  return screenElement(page);
}

function screenElement(page: PageRoute): ReactNode {
  const Screen = pageComponent(page.router);
  if (!Screen) {
    return (
      <Suspense key={page.path} fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <NotYetAvailable title={page.title} />
      </Suspense>
    );
  }
  return (
    // Keyed by page: a page whose code is still loading shows its skeleton at once instead of
    // leaving the previous page on screen until it arrives.
    <Suspense key={page.path} fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Screen />
    </Suspense>
  );
}

/** The route objects of the layout: generated pages, area redirects, and /404 for the rest. */
export function layoutRoutes(table: RouteTable): RouteObject[] {
  return [
    ...table.pages.map((page) => ({ path: page.path, element: pageElement(page, table) })),
    ...table.redirects.map((r) => ({ path: r.path, element: <Navigate to={r.to} replace /> })),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
