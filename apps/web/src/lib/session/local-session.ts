import { clearTokens, readAccessToken, readRefreshToken } from './tokens';

/** Per-user working context that other screens keep in local storage (spec 001 section 4, logout). */
export const WORKING_CONTEXT_KEYS = ['doctorId', 'doctorName', 'hospital', 'department', 'jumpType'] as const;

/** Log-out clears session storage (which also holds the open tabs), the tokens and the working context. */
export function clearLocalSession(local: Storage = localStorage, session: Storage = sessionStorage): void {
  session.clear();
  clearTokens(local);
  for (const key of WORKING_CONTEXT_KEYS) local.removeItem(key);
}

/** A live access token is stored (an expired one is dropped on the way). */
export function hasAccessToken(): boolean {
  return Boolean(readAccessToken(localStorage, Date.now()));
}

/** A live refresh token is stored. */
export function hasRefreshToken(): boolean {
  return Boolean(readRefreshToken(localStorage, Date.now()));
}
