import { PUBLIC_PATHS } from '@field-portal/shared';

/** The layout's home page: `/` redirects here, and closing every tab lands here (spec 001 sections 2.3, 4). */
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/**
 * Drops a trailing authorisation-callback fragment (`&state=…` / `?state=…` and what follows)
 * that an identity server appends to the hash route (spec 001 section 2.1).
 */
export function stripStateFragment(path: string): string {
  const match = /[?&]state=/.exec(path);
  if (!match) return path;
  const stripped = path.slice(0, match.index);
  return stripped || '/';
}

/** A redirect target we accept after sign-in: an in-app path, never another origin nor the sign-in pages. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  const pathname = value.split(/[?#]/)[0] ?? '/';
  if (pathname === LOGIN_PATH || pathname === '/logout') return '/';
  return value;
}

export function loginPathFor(redirect: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (redirect && redirect !== '/') query.set('redirect', redirect);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text ? `${LOGIN_PATH}?${text}` : LOGIN_PATH;
}
