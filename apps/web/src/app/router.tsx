import { lazy, Suspense, type ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { OUTSIDE_LAYOUT_PATHS } from '@field-portal/shared';
import { FullPageSpin } from '@/components/FullPageSpin';
import { isPublicPath } from '@/lib/paths';
import { SessionGate } from './guards/SessionGate';

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
export const router = createHashRouter([
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
]);
