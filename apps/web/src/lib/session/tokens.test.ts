import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalSession, WORKING_CONTEXT_KEYS } from './local-session';
import { ACCESS_TOKEN_KEY, clearTokens, isExpired, readAccessToken, readRefreshToken, REFRESH_TOKEN_KEY, saveTokens, tokenRecord } from './tokens';

const pair = { access_token: 'a1', token_type: 'Bearer' as const, expires_in: 900, refresh_token: 'r1', refresh_expires_in: 43_200 };
const T0 = 1_700_000_000_000;

describe('token records', () => {
  beforeEach(() => localStorage.clear());

  it('stores both tokens with the lifetime converted from seconds to milliseconds', () => {
    saveTokens(localStorage, pair, T0);
    expect(JSON.parse(localStorage.getItem(ACCESS_TOKEN_KEY)!)).toEqual({ token: 'a1', expires: 900_000, startTime: T0 });
    expect(JSON.parse(localStorage.getItem(REFRESH_TOKEN_KEY)!)).toEqual({ token: 'r1', expires: 43_200_000, startTime: T0 });
  });

  it('returns the access token until its age exceeds its lifetime, then removes it', () => {
    saveTokens(localStorage, pair, T0);
    expect(readAccessToken(localStorage, T0 + 900_000)).toBe('a1');
    expect(readAccessToken(localStorage, T0 + 900_001)).toBeUndefined();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    // the refresh token lives on and can renew the session
    expect(readRefreshToken(localStorage, T0 + 900_001)).toBe('r1');
  });

  it('treats an expired refresh token as absent too', () => {
    saveTokens(localStorage, pair, T0);
    expect(readRefreshToken(localStorage, T0 + 43_200_001)).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('removes unreadable records', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, '{not json');
    expect(readAccessToken(localStorage, T0)).toBeUndefined();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    localStorage.setItem(ACCESS_TOKEN_KEY, JSON.stringify({ token: 'x', expires: '900' }));
    expect(readAccessToken(localStorage, T0)).toBeUndefined();
  });

  it('applies a leeway when asked', () => {
    const record = tokenRecord('a', 10, T0);
    expect(isExpired(record, T0 + 6_000)).toBe(false);
    expect(isExpired(record, T0 + 6_000, 5_000)).toBe(true);
  });

  it('clears both tokens', () => {
    saveTokens(localStorage, pair, T0);
    clearTokens(localStorage);
    expect(localStorage.length).toBe(0);
  });

  it('log-out clears session storage, tokens and the working context, and nothing else', () => {
    saveTokens(localStorage, pair, T0);
    for (const key of WORKING_CONTEXT_KEYS) localStorage.setItem(key, 'x');
    localStorage.setItem('unrelated', 'kept');
    sessionStorage.setItem('visitedViews', '[]');
    clearLocalSession();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
