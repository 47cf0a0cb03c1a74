import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { UNSAFE_createHashHistory as createHashHistory, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router';
import { OUTSIDE_LAYOUT_PATHS } from '@field-portal/shared';
import { FullPageSpin } from '@/components/FullPageSpin';
import { isPublicPath } from '@/lib/paths';
import { SessionGate } from './guards/SessionGate';
import { trackRouterLocation } from './routes/router-location';

// Every screen loads on first use, so the login route downloads the login page and not the
// console behind it (bundle budgets: docs/decisions/0016).
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const LogoutPage = lazy(() => import('@/features/auth/pages/LogoutPage').then((m) => ({ default: m.LogoutPage })));
const AuthRedirectPage = lazy(() => import('@/features/auth/pages/AuthRedirectPage').then((m) => ({ default: m.AuthRedirectPage })));
const LandingPage = lazy(() => import('@/features/landing/pages/LandingPage').then((m) => ({ default: m.LandingPage })));
const statusPages = () => import('@/features/errors/pages/StatusPages');
const NotFoundPage = lazy(() => statusPages().then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = lazy(() => statusPages().then((m) => ({ default: m.UnauthorizedPage })));
const UnavailablePage = lazy(() => statusPages().then((m) => ({ default: m.UnavailablePage })));
const ShellLayout = lazy(() => import('./layout/ShellLayout').then((m) => ({ default: m.ShellLayout })));

/** Screens of the routes outside the layout (spec 001 section 2.2); the others are not built yet. */
const OUTSIDE_SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/authredirect': AuthRedirectPage,
  '/home': LandingPage,
  '/404': NotFoundPage,
  '/401': UnauthorizedPage,
};

/** /404 shows nothing of the session, so it needs no sign-in either. */
const needsSignIn = (path: string) => !isPublicPath(path) && path !== '/404';

const loading = <FullPageSpin />;

function outsideLayoutRoute(path: string): RouteObject {
  const Screen = OUTSIDE_SCREENS[path] ?? UnavailablePage;
  const screen = (
    <Suspense fallback={loading}>
      <Screen />
    </Suspense>
  );
  return { path, element: needsSignIn(path) ? <SessionGate>{screen}</SessionGate> : screen };
}

/**
 * Hash routes (the spec's logout route is /#/logout?message=…). Everything that is not outside
 * the layout goes through the start-up guard into the layout, whose routes come from the menu list.
 */
const routes: RouteObject[] = [
  ...OUTSIDE_LAYOUT_PATHS.map(outsideLayoutRoute),
  {
    path: '*',
    element: (
      <SessionGate>
        <Suspense fallback={loading}>
          <ShellLayout />
        </Suspense>
      </SessionGate>
    ),
  },
];

/**
 * The router's history. React Router's own history takes one listener (the router's); the tag
 * bar follows the location too (router-location.ts), so the listeners are shared out here. The
 * declarative router is used rather than React Router's data router (`createHashRouter`): the
 * portal uses none of its loaders, actions or fetchers, and it is 16 KB gzip of every load
 * (docs/decisions/0031).
 */
function sharedHashHistory() {
  const history = createHashHistory({ v5Compat: true });
  const listeners = new Set<Parameters<typeof history.listen>[0]>();
  // The history works its location out of the address on each read; readers here get the same
  // object until the next navigation (the tag bar's store compares snapshots by identity).
  let location = history.location;
  history.listen((update) => {
    location = update.location;
    listeners.forEach((listener) => listener(update));
  });
  const shared: typeof history = {
    get action() {
      return history.action;
    },
    get location() {
      return location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return shared;
}

const history = sharedHashHistory();

/** What the app asks of the router outside React: where it is, a navigation (the session's end). */
let state = { location: history.location };
history.listen(({ location }) => {
  state = { location };
});
export const router = {
  get state() {
    return state;
  },
  subscribe: (listener: () => void) => history.listen(listener),
  navigate(to: string, options: { replace?: boolean } = {}) {
    if (options.replace) history.replace(to);
    else history.push(to);
  },
};
trackRouterLocation(router);

/**
 * A screen that fails to render shows what React Router's data router showed by default, instead
 * of an empty window.
 */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    const { error } = this.state;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
      </>
    );
  }
}

function Routes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <HistoryRouter history={history}>
      <RouteErrorBoundary>
        <Routes />
      </RouteErrorBoundary>
    </HistoryRouter>
  );
}
