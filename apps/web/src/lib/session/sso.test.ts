// @vitest-environment node
// (jsdom's ArrayBuffer is not the one Web Crypto answers with; the module needs no DOM.)
import { describe, expect, it } from 'vitest';
import { SESSION, SSO_LIMITS, type LoginTypeItem } from '@field-portal/shared';
import { authorizationUrl, NoWebCryptoError, removeExpired, takePendingSignIn, type SsoEnvironment } from './sso';

const server: LoginTypeItem = {
  authAddress: 'https://id.example.com/realms/field',
  name: 'oidc',
  domain: 'portal.example.com',
  realm: 'field',
  clientId: 'field-portal',
  authorizationEndpoint: 'https://id.example.com/realms/field/protocol/openid-connect/auth?kc_idp_hint=corp',
};

function environment(now = 1_800_000_000_000): SsoEnvironment & { clock: { now: number } } {
  const clock = { now };
  return { ...memoryStorage(), now: () => clock.now, origin: 'https://portal.example.com', hasWebCrypto: () => true, clock };
}

/** A Storage over a Map (the parts the module uses). */
function memoryStorage(): { storage: SsoEnvironment['storage'] } {
  const map = new Map<string, string>();
  return {
    storage: {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
      key: (i) => [...map.keys()][i] ?? null,
      get length() {
        return map.size;
      },
    },
  };
}

async function sha256base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('authorizationUrl', () => {
  it("asks the provider for a code with PKCE S256, state and nonce, coming back to the portal's callback", async () => {
    const env = environment();
    const url = new URL(await authorizationUrl(server, '/task/today', env));
    expect(url.origin + url.pathname).toBe('https://id.example.com/realms/field/protocol/openid-connect/auth');
    const p = url.searchParams;
    expect(p.get('kc_idp_hint')).toBe('corp');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe('field-portal');
    expect(p.get('redirect_uri')).toBe('https://portal.example.com/authredirect');
    expect(p.get('scope')).toBe(SSO_LIMITS.scope);
    expect(p.get('code_challenge_method')).toBe('S256');

    const pending = takePendingSignIn(p.get('state')!, env)!;
    expect(pending.returnPath).toBe('/task/today');
    expect(pending.nonce).toBe(p.get('nonce'));
    expect(p.get('code_challenge')).toBe(await sha256base64url(pending.codeVerifier));
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  });

  it('makes new values for every attempt', async () => {
    const env = environment();
    const a = new URL(await authorizationUrl(server, '/', env)).searchParams;
    const b = new URL(await authorizationUrl(server, '/', env)).searchParams;
    expect(a.get('state')).not.toBe(b.get('state'));
    expect(a.get('nonce')).not.toBe(b.get('nonce'));
    expect(a.get('code_challenge')).not.toBe(b.get('code_challenge'));
  });

  it('refuses to start without the Web Crypto API', async () => {
    const env = { ...environment(), hasWebCrypto: () => false };
    await expect(authorizationUrl(server, '/', env)).rejects.toBeInstanceOf(NoWebCryptoError);
    expect(env.storage.length).toBe(0);
  });
});

describe('pending sign-ins', () => {
  it('are used up on reading', async () => {
    const env = environment();
    const state = new URL(await authorizationUrl(server, '/', env)).searchParams.get('state')!;
    expect(takePendingSignIn(state, env)).toBeDefined();
    expect(takePendingSignIn(state, env)).toBeUndefined();
  });

  it('last an hour', async () => {
    const env = environment();
    const state = new URL(await authorizationUrl(server, '/', env)).searchParams.get('state')!;
    env.clock.now += SESSION.authCallbackStateMs;
    expect(takePendingSignIn(state, env)).toBeUndefined();
  });

  it('are swept when expired, and unreadable ones with them; other keys stay', async () => {
    const env = environment();
    await authorizationUrl(server, '/', env);
    env.storage.setItem('sso:garbage', '{not json');
    env.storage.setItem('token', 'kept');
    env.clock.now += SESSION.authCallbackStateMs - 1;
    const fresh = new URL(await authorizationUrl(server, '/', env)).searchParams.get('state')!;
    env.clock.now += 2;
    removeExpired(env.storage, env.clock.now);
    expect(env.storage.length).toBe(2);
    expect(env.storage.getItem('token')).toBe('kept');
    expect(takePendingSignIn(fresh, env)).toBeDefined();
  });
});
