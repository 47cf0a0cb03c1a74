import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Skeleton } from 'antd';
import { pageComponent } from './page-registry';
import type { PageRoute, RouteTable } from './route-table';

// Loaded when a page without a screen is opened: antd's Result (with its pictures) stays out of the layout (docs/decisions/0016).
const NotYetAvailable = lazy(() => import('@/components/NotYetAvailable').then((m) => ({ default: m.NotYetAvailable })));

/** A generated page: its screen if the portal has one, else "not yet available" with its title. */
function pageElement(page: PageRoute): ReactNode {
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
    ...table.pages.map((page) => ({ path: page.path, element: pageElement(page) })),
    ...table.redirects.map((r) => ({ path: r.path, element: <Navigate to={r.to} replace /> })),
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
