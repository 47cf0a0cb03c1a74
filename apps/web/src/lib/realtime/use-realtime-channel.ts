import { useEffect } from 'react';
import { refreshTokens } from '@/lib/http';
import { currentLang } from '@/lib/i18n';
import { readAccessToken } from '@/lib/session/tokens';
import { openRealtimeChannel } from './channel';

/** Keeps the real-time channel open while a user is signed in (called once the session has started). */
export function useRealtimeChannel(username: string | undefined): void {
  useEffect(() => {
    if (!username) return undefined;
    // An expired access token is refreshed first (an idle page makes no other call that would).
    const token = async () => readAccessToken(localStorage, Date.now()) ?? (await refreshTokens().catch(() => undefined));
    return openRealtimeChannel({ username, token, lang: currentLang });
  }, [username]);
}
