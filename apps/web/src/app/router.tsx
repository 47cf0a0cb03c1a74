import { lazy, Suspense, type ComponentType } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { OUTSIDE_LAYOUT_PATHS } from '@field-portal/shared';
import { FailureBoundary } from '@/components/FailureBoundary';
import { FullPageSpin } from '@/components/FullPageSpin';
import { setConsoleLoader } from '@/lib/console-ahead';
import { isPublicPath } from '@/lib/paths';
import { SessionGate } from './guards/SessionGate';
import { sharedHashHistory } from './routes/hash-history';
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
const SetupPage = lazy(() => import('@/features/setup/pages/SetupPage').then((m) => ({ default: m.SetupPage })));
const SetPasswordPage = lazy(() => import('@/features/setup/pages/SetPasswordPage').then((m) => ({ default: m.SetPasswordPage })));
const loadShellLayout = () => import('./layout/ShellLayout');
const ShellLayout = lazy(() => loadShellLayout().then((m) => ({ default: m.ShellLayout })));
setConsoleLoader(loadShellLayout);

/** Screens of the routes outside the layout (spec 001 section 2.2); the others are not built yet. */
const OUTSIDE_SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/authredirect': AuthRedirectPage,
  '/home': LandingPage,
  '/404': NotFoundPage,
  '/401': UnauthorizedPage,
  '/setup': SetupPage,
  '/setPassword': SetPasswordPage,
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
      <SessionGate codeAhead={loadShellLayout}>
        <Suspense fallback={loading}>
          <ShellLayout />
        </Suspense>
      </SessionGate>
    ),
  },
];

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

function AppRoutes() {
  const location = useLocation();
  return <FailureBoundary at={location.pathname + location.search}>{useRoutes(routes)}</FailureBoundary>;
}

export function AppRouter() {
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
