import { SSO_RETURN_PATHS, SYSTEM_PATHS, type LogoutResponse } from '@field-portal/shared';
import { postResult } from '@/lib/http';
import { clearLocalSession } from './local-session';
import { readRefreshToken } from './tokens';

/**
 * Ends the session (spec 001 section 4): the server revokes it, then session storage, the tokens
 * and the working context are cleared whatever the server said. After a single sign-on it answers
 * the identity provider's logout page, which sends the browser back to the logout route. That
 * address carries no query: providers compare it with the registered one string for string, and
 * the logout page says "you have logged out" when no message is given.
 */
export async function endSession(): Promise<{ identityServerLogout: string | undefined }> {
  const refreshToken = readRefreshToken(localStorage, Date.now());
  const back = `${window.location.origin}${SSO_RETURN_PATHS.logout}`;
  let identityServerLogout: string | undefined;
  try {
    const body = { ...(refreshToken ? { refresh_token: refreshToken } : {}), post_logout_redirect_uri: back };
    identityServerLogout = (await postResult<LogoutResponse>(SYSTEM_PATHS.logout, body, { authEndpoint: true, suppressError: true }))?.endSessionUrl;
  } catch {
    // The local session ends whatever the server says.
  }
  clearLocalSession();
  return { identityServerLogout };
}
