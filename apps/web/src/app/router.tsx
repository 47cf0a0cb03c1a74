import { createHashRouter, type RouteObject } from 'react-router';
import { OUTSIDE_LAYOUT_PATHS } from '@field-portal/shared';
import { AuthRedirectPage } from '@/features/auth/pages/AuthRedirectPage';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { LogoutPage } from '@/features/auth/pages/LogoutPage';
import { NotFoundPage, UnauthorizedPage, UnavailablePage } from '@/features/errors/pages/StatusPages';
import { LandingPage } from '@/features/landing/pages/LandingPage';
import { isPublicPath } from '@/lib/paths';
import { SessionGate } from './guards/SessionGate';
import { ShellLayout } from './layout/ShellLayout';

/** Screens of the routes outside the layout (spec 001 section 2.2); the others are not built yet. */
const OUTSIDE_SCREENS: Record<string, () => React.JSX.Element> = {
  '/login': LoginPage,
  '/logout': LogoutPage,
  '/authredirect': AuthRedirectPage,
  '/home': LandingPage,
  '/404': NotFoundPage,
  '/401': UnauthorizedPage,
};

/** /404 shows nothing of the session, so it needs no sign-in either. */
const needsSignIn = (path: string) => !isPublicPath(path) && path !== '/404';

function outsideLayoutRoute(path: string): RouteObject {
  const Screen = OUTSIDE_SCREENS[path] ?? UnavailablePage;
  return { path, element: needsSignIn(path) ? <SessionGate><Screen /></SessionGate> : <Screen /> };
}

/**
 * Hash routes (the spec's logout route is /#/logout?message=…). Everything that is not outside
 * the layout goes through the start-up guard into the layout, whose routes come from the menu list.
 */
export const router = createHashRouter([
  ...OUTSIDE_LAYOUT_PATHS.map(outsideLayoutRoute),
  { path: '*', element: <SessionGate><ShellLayout /></SessionGate> },
]);
