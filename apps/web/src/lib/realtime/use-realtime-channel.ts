import { useEffect } from 'react';
import { refreshTokens } from '@/lib/http';
import { currentLang } from '@/lib/i18n';
import { readAccessToken } from '@/lib/session/tokens';

/** Keeps the real-time channel open while a user is signed in (called once the session has started). */
export function useRealtimeChannel(username: string | undefined): void {
  useEffect(() => {
    if (!username) return undefined;
    // An expired access token is refreshed first (an idle page makes no other call that would).
    const token = async () => readAccessToken(localStorage, Date.now()) ?? (await refreshTokens().catch(() => undefined));
    // The STOMP client loads once a session has started, not with the login page (docs/decisions/0016).
    let close: (() => void) | undefined;
    let stopped = false;
    void import('./channel').then(({ openRealtimeChannel }) => {
      if (!stopped) close = openRealtimeChannel({ username, token, lang: currentLang });
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, [username]);
}
