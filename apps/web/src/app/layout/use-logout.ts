import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/paths';
import { endSession } from '@/lib/session/end-session';
import { tagsStore } from '@/lib/tabs/tags-store';

/**
 * Log-out from the layout (spec 001 section 4): the session ends, the tabs are cleared and the user
 * lands on the login page, or, after a single sign-on, on the identity provider's logout page. The
 * login page forgets the cached data once no page of the session is mounted.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { identityServerLogout } = await endSession();
    tagsStore.reset();
    if (identityServerLogout) window.location.assign(identityServerLogout);
    else await navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}
