import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { API } from '@field-portal/shared';
import { http } from '@/lib/http';
import { LOGIN_PATH } from '@/lib/paths';
import { clearLocalSession } from '@/lib/session/local-session';
import { readRefreshToken } from '@/lib/session/tokens';
import { tagsStore } from './tag-bar/tags-store';

/**
 * Log-out (spec 001 section 4): the server revokes the session, then session storage, the tokens,
 * the working context and the tabs are cleared and the user lands on the login page. The login
 * page forgets the cached data once no page of the session is mounted.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const refreshToken = readRefreshToken(localStorage, Date.now());
    try {
      await http.post(API.system.logout, refreshToken ? { refresh_token: refreshToken } : {}, { authEndpoint: true, suppressError: true });
    } catch {
      // The local session ends whatever the server says.
    }
    clearLocalSession();
    tagsStore.reset();
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}
