import type { TokenResponse } from '@field-portal/shared';

/** Local-storage record of a token (spec 001 section 3): lifetime in ms, start in ms since epoch. */
export interface TokenRecord {
  token: string;
  expires: number;
  startTime: number;
}

export const ACCESS_TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A record from the server's lifetime in seconds. */
export function tokenRecord(token: string, expiresInSeconds: number, now: number): TokenRecord {
  return { token, expires: expiresInSeconds * 1000, startTime: now };
}

/** True once the record's age exceeds its lifetime, less an optional leeway. */
export function isExpired(record: TokenRecord, now: number, leewayMs = 0): boolean {
  return now - record.startTime > record.expires - leewayMs;
}

function parseRecord(text: string | null): TokenRecord | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { token, expires, startTime } = value as Record<string, unknown>;
    if (typeof token !== 'string' || !token || typeof expires !== 'number' || typeof startTime !== 'number') return undefined;
    return { token, expires, startTime };
  } catch {
    return undefined;
  }
}

/** The token stored under `key` while it is valid; an expired or unreadable record is removed (spec 001 section 4). */
export function readToken(storage: KeyValueStore, key: string, now: number): string | undefined {
  const text = storage.getItem(key);
  const record = parseRecord(text);
  if (!record || isExpired(record, now)) {
    if (text !== null) storage.removeItem(key);
    return undefined;
  }
  return record.token;
}

export const readAccessToken = (storage: KeyValueStore, now: number) => readToken(storage, ACCESS_TOKEN_KEY, now);
export const readRefreshToken = (storage: KeyValueStore, now: number) => readToken(storage, REFRESH_TOKEN_KEY, now);

export function saveTokens(storage: KeyValueStore, response: TokenResponse, now: number): void {
  storage.setItem(ACCESS_TOKEN_KEY, JSON.stringify(tokenRecord(response.access_token, response.expires_in, now)));
  storage.setItem(REFRESH_TOKEN_KEY, JSON.stringify(tokenRecord(response.refresh_token, response.refresh_expires_in, now)));
}

export function clearTokens(storage: KeyValueStore): void {
  storage.removeItem(ACCESS_TOKEN_KEY);
  storage.removeItem(REFRESH_TOKEN_KEY);
}
