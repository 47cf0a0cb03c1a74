import { SESSION, SSO_LIMITS, SSO_RETURN_PATHS, type LoginTypeItem } from '@field-portal/shared';

/**
 * Single sign-on in the browser (spec 001 sections 2.1, 4 and 7.1; docs/decisions/0013): the
 * user goes to the identity provider with PKCE S256, a state and a nonce; what the browser must
 * remember for the way back is kept in local storage for an hour, under its state.
 */

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** What the callback needs to finish a sign-in the browser started. */
export interface PendingSignIn {
  nonce: string;
  codeVerifier: string;
  /** The page the user wanted, opened once signed in. */
  returnPath: string;
  /** Milliseconds since epoch after which the entry is dropped. */
  expires: number;
}

const PREFIX = 'sso:';

/** The employee's phone page: a sign-in started there returns there, outside the console's routes. */
export const PHONE_PAGE = '/m/';

/** Raised when the browser cannot do single sign-on (no Web Crypto API: spec 001 section 7.1). */
export class NoWebCryptoError extends Error {
  constructor() {
    super('sso.noWebCrypto');
    this.name = 'NoWebCryptoError';
  }
}

/** Drops the pending sign-ins whose hour has passed. */
export function removeExpired(storage: KeyValueStore, now: number): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) {
    const entry = parse(storage.getItem(key));
    if (!entry || entry.expires <= now) storage.removeItem(key);
  }
}

function parse(text: string | null): PendingSignIn | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PendingSignIn>;
    if (
      typeof value.nonce !== 'string' ||
      typeof value.codeVerifier !== 'string' ||
      typeof value.returnPath !== 'string' ||
      typeof value.expires !== 'number'
    ) {
      return undefined;
    }
    return value as PendingSignIn;
  } catch {
    return undefined;
  }
}

export interface SsoEnvironment {
  storage: KeyValueStore;
  now: () => number;
  /** The portal's origin: the provider sends the browser back to it. */
  origin: string;
  hasWebCrypto: () => boolean;
}

export const browserEnvironment = (): SsoEnvironment => ({
  storage: localStorage,
  now: Date.now,
  origin: window.location.origin,
  hasWebCrypto: () => typeof globalThis.crypto?.subtle?.digest === 'function',
});

/** The callback address the provider knows this portal by. */
export const callbackAddress = (origin: string) => `${origin}${SSO_RETURN_PATHS.callback}`;

/** The provider's sign-in address for a new attempt; remembers what the way back needs. */
export async function authorizationUrl(item: LoginTypeItem, returnPath: string, env: SsoEnvironment): Promise<string> {
  if (!env.hasWebCrypto()) throw new NoWebCryptoError();
  removeExpired(env.storage, env.now());
  // The OAuth library loads when a sign-in starts, not with the login page (docs/decisions/0016).
  const oauth = await import('oauth4webapi');
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const pending: PendingSignIn = { nonce, codeVerifier, returnPath, expires: env.now() + SESSION.authCallbackStateMs };
  env.storage.setItem(PREFIX + state, JSON.stringify(pending));
  const url = new URL(item.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', item.clientId);
  url.searchParams.set('redirect_uri', callbackAddress(env.origin));
  url.searchParams.set('scope', SSO_LIMITS.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/** Sends the browser to the identity server's sign-in; `returnPath` is opened once signed in. */
export async function goToIdentityServer(server: LoginTypeItem, returnPath: string): Promise<void> {
  window.location.assign(await authorizationUrl(server, returnPath, browserEnvironment()));
}

/** The pending sign-in of a state, used up on reading; none when unknown or older than an hour. */
export function takePendingSignIn(state: string, env: Pick<SsoEnvironment, 'storage' | 'now'>): PendingSignIn | undefined {
  const key = PREFIX + state;
  const entry = parse(env.storage.getItem(key));
  env.storage.removeItem(key);
  removeExpired(env.storage, env.now());
  return entry && entry.expires > env.now() ? entry : undefined;
}
