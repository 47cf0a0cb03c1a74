import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message, type LoginTypeItem, type MessageKey, type SsoSignInRequest, fieldInWords, withFieldInWords } from '@field-portal/shared';
import { grantedRoleNames, usernameCandidates } from './sso.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { startIdentityProvider, type IdentityProvider } from '../../../test/identity-provider.js';

const CLIENT_ID = 'field-portal';
const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/authredirect`;

let idp: IdentityProvider;
let h: Harness;
beforeAll(async () => {
  idp = await startIdentityProvider({
    clientId: CLIENT_ID,
    redirectUris: [CALLBACK, `${PORTAL}/elsewhere`],
    postLogoutRedirectUris: [`${PORTAL}/logout`],
    accounts: [
      {
        sub: 'sub-rep',
        preferred_username: 'sso.rep',
        name: '单点 代表',
        given_name: '单点',
        email: 'shared@example.com',
        roles: ['Sales', 'not-a-portal-role'],
      },
      { sub: 'sub-admin-lookalike', preferred_username: 'admin', name: 'Someone else', email: 'admin@fieldportal.example' },
      { sub: 'sub-same-email', preferred_username: 'sso.other', email: 'shared@example.com' },
      { sub: 'sub-disabled', preferred_username: 'sso.disabled' },
      { sub: 'sub-logout', preferred_username: 'sso.logout' },
    ],
  });
  h = await createHarness(undefined, { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_REALM: 'field' });
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

async function loginType(): Promise<LoginTypeItem> {
  const res = await h.app.inject({ method: 'GET', url: `${API.system.loginType}?domain=portal.test` });
  expect(res.statusCode).toBe(200);
  const [item] = res.json().result as LoginTypeItem[];
  return item!;
}

/** What the browser does: PKCE, state and nonce, the provider's pages, and the callback URL. */
async function authorize(login: string, redirectUri = CALLBACK): Promise<SsoSignInRequest> {
  const { authorizationEndpoint, clientId } = await loginType();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = new URL(authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  const callbackUrl = await idp.signIn(url.href, login);
  return { callbackUrl, state, nonce, codeVerifier };
}

const signIn = (body: unknown, lang = 'en') => h.app.inject({ method: 'POST', url: API.sso.signIn, payload: body as object, headers: { language: lang } });

function expectError(res: { statusCode: number; json(): unknown }, status: number, key: MessageKey, params: Record<string, string> = {}) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { msg: string }).msg).toBe(message(key, 'en', withFieldInWords(key, params, 'en')));
}

async function userInfo(accessToken: string) {
  const res = await h.app.inject({ method: 'GET', url: API.system.userInfo, headers: h.auth(accessToken) });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: number; username: string; firstName: string; email: string; roles: { name: string }[]; singleSignOn: boolean };
}

const userCount = async () => (await h.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

describe('login type with an identity provider configured', () => {
  it("announces the provider with its authorization endpoint from the provider's discovery", async () => {
    expect(await loginType()).toEqual({
      authAddress: idp.issuer,
      name: 'oidc',
      domain: 'portal.test',
      realm: 'field',
      clientId: CLIENT_ID,
      authorizationEndpoint: `${idp.issuer}/auth`,
    });
  });
});

describe('POST /API-SYSTEM/oidc/login', () => {
  it('makes an account on the first sign-in, keyed on issuer and subject, with the portal roles the token names', async () => {
    const before = await userCount();
    const res = await signIn(await authorize('sub-rep'));
    expect(res.statusCode).toBe(200);
    const tokens = res.json().result as { access_token: string; refresh_token: string };
    const info = await userInfo(tokens.access_token);
    expect(info).toMatchObject({ username: 'sso.rep', firstName: '单点', email: 'shared@example.com', roles: [{ name: 'Sales' }], singleSignOn: true });
    expect(await userCount()).toBe(before + 1);
    const [identity] = await h.database.query<{ issuer: string; subject: string; user_id: number }>(
      'select issuer, subject, user_id from user_identities where subject = $1',
      ['sub-rep'],
    );
    expect(identity).toEqual({ issuer: idp.issuer, subject: 'sub-rep', user_id: info.id });

    // The same person again: the same account, no new one.
    const again = await signIn(await authorize('sub-rep'));
    expect(again.statusCode).toBe(200);
    expect((await userInfo(again.json().result.access_token)).id).toBe(info.id);
    expect(await userCount()).toBe(before + 1);

    // The refresh token of a single sign-on rotates like any other.
    const refreshed = await h.app.inject({
      method: 'POST',
      url: API.system.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(tokens.refresh_token)}`,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('never takes over an account by its username or e-mail', async () => {
    const admin = await userInfo((await h.login('admin')).access);
    const lookalike = await userInfo((await signIn(await authorize('sub-admin-lookalike'))).json().result.access_token);
    expect(lookalike.id).not.toBe(admin.id);
    expect(lookalike.username).toBe(`admin@${new URL(idp.issuer).host}`);
    expect(lookalike.roles).toEqual([]);

    const rep = await userInfo((await signIn(await authorize('sub-rep'))).json().result.access_token);
    const sameEmail = await userInfo((await signIn(await authorize('sub-same-email'))).json().result.access_token);
    expect(sameEmail.email).toBe(rep.email);
    expect(sameEmail.id).not.toBe(rep.id);
  });

  it('refuses a nonce other than the one sent to the provider, and changes nothing', async () => {
    const request = await authorize('sub-rep');
    const before = await userCount();
    expectError(await signIn({ ...request, nonce: oidc.randomNonce() }), 401, 'sso.nonceInvalid');
    expect(await userCount()).toBe(before);
  });

  it('refuses a PKCE verifier other than the one the challenge was made from', async () => {
    const request = await authorize('sub-rep');
    expectError(await signIn({ ...request, codeVerifier: oidc.randomPKCECodeVerifier() }), 401, 'sso.failed');
  });

  it('refuses a state other than the one in the callback', async () => {
    const request = await authorize('sub-rep');
    expectError(await signIn({ ...request, state: oidc.randomState() }), 401, 'sso.failed');
  });

  it('redeems a code once only', async () => {
    const request = await authorize('sub-rep');
    expect((await signIn(request)).statusCode).toBe(200);
    expectError(await signIn(request), 401, 'sso.failed');
  });

  it('takes callbacks at the portal callback path only', async () => {
    const request = await authorize('sub-rep', `${PORTAL}/elsewhere`);
    expectError(await signIn(request), 400, 'field.invalid', { field: 'callbackUrl' });
  });

  it('names the field of a bad request, in zh and en', async () => {
    const request = await authorize('sub-rep');
    expectError(await signIn({ ...request, codeVerifier: 'short' }), 400, 'field.tooShort', { field: 'codeVerifier', min: '43' });
    expectError(await signIn({ ...request, callbackUrl: 'javascript:alert(1)' }), 400, 'field.invalid', { field: 'callbackUrl' });
    const { nonce: _nonce, ...withoutNonce } = request;
    const missing = await signIn(withoutNonce, 'zh');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(message('field.required', 'zh', { field: fieldInWords('nonce', 'zh') }));
    expectError(await signIn({ ...request, extra: 1 }), 400, 'field.unknown', { field: 'extra' });
  });

  it('refuses a disabled account', async () => {
    const first = await signIn(await authorize('sub-disabled'));
    const { id } = await userInfo(first.json().result.access_token);
    await h.database.query('update users set enabled = false where id = $1', [id]);
    expectError(await signIn(await authorize('sub-disabled')), 403, 'login.disabled');
  });

  it('gives an account made by single sign-on no password for the local sign-in or the password change', async () => {
    const { access_token } = (await signIn(await authorize('sub-rep'))).json().result;
    const local = await h.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'sso.rep', password: '' }, headers: { language: 'en' } });
    expect(local.statusCode).toBe(400);
    expectError(
      await h.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'sso.rep', password: 'anything-at-all' }, headers: { language: 'en' } }),
      401,
      'login.failed',
    );
    const change = await h.app.inject({
      method: 'PUT',
      url: API.system.password,
      headers: { ...h.auth(access_token), language: 'en' },
      payload: { oldPassword: 'whatever', newPassword: 'A-new-pass-2026', confirmPassword: 'A-new-pass-2026' },
    });
    expectError(change, 400, 'sso.noLocalPassword');
  });
});

describe('logout after a single sign-on', () => {
  it("answers the provider's logout page with the ID token as hint; a local session gets none", async () => {
    const { access_token, refresh_token } = (await signIn(await authorize('sub-logout'))).json().result;
    const res = await h.app.inject({
      method: 'POST',
      url: API.system.logout,
      headers: h.auth(access_token),
      payload: { refresh_token, post_logout_redirect_uri: `${PORTAL}/logout` },
    });
    expect(res.statusCode).toBe(200);
    const endSession = new URL(res.json().result.endSessionUrl as string);
    expect(endSession.origin + endSession.pathname).toBe(`${idp.issuer}/session/end`);
    expect(endSession.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/logout`);
    expect(endSession.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    // The portal session is over.
    expect((await h.app.inject({ method: 'GET', url: API.system.userInfo, headers: h.auth(access_token) })).statusCode).toBe(401);

    const local = await h.login('rep01');
    const localOut = await h.app.inject({ method: 'POST', url: API.system.logout, headers: h.auth(local.access), payload: { refresh_token: local.refresh } });
    expect(localOut.json().result).toEqual({});
  });
});

describe('the return paths', () => {
  it("forward the callback and the logout return to the web's hash routes with their query", async () => {
    const callback = await h.app.inject({ method: 'GET', url: '/authredirect?code=abc&state=xyz&iss=http%3A%2F%2Fidp' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/#/authredirect?code=abc&state=xyz&iss=http%3A%2F%2Fidp');
    const logout = await h.app.inject({ method: 'GET', url: '/logout?message=%E5%86%8D%E8%A7%81' });
    expect(logout.headers.location).toBe('/#/logout?message=%E5%86%8D%E8%A7%81');
    expect((await h.app.inject({ method: 'GET', url: '/logout' })).headers.location).toBe('/#/logout');
  });
});

// Each harness is a database of its own: made in the hooks (their timeout), not in the tests.
describe('without a reachable provider', () => {
  let down: Harness;
  beforeAll(async () => {
    const closed = await startIdentityProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK], postLogoutRedirectUris: [], accounts: [] });
    await closed.close();
    down = await createHarness(undefined, { OIDC_ISSUER: closed.issuer, OIDC_CLIENT_ID: CLIENT_ID });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('says the identity server cannot be reached, at login type and at sign-in', async () => {
    expectError(await down.app.inject({ method: 'GET', url: API.system.loginType, headers: { language: 'en' } }), 502, 'sso.unavailable');
    const body = { callbackUrl: `${CALLBACK}?code=x&state=${'s'.repeat(16)}`, state: 's'.repeat(16), nonce: 'n'.repeat(16), codeVerifier: 'v'.repeat(43) };
    expectError(await down.app.inject({ method: 'POST', url: API.sso.signIn, payload: body, headers: { language: 'en' } }), 502, 'sso.unavailable');
  });
});

describe('without single sign-on configured', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await createHarness();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('says single sign-on is not configured when it is not', async () => {
    const body = { callbackUrl: `${CALLBACK}?code=x`, state: 's'.repeat(16), nonce: 'n'.repeat(16), codeVerifier: 'v'.repeat(43) };
    expectError(await plain.app.inject({ method: 'POST', url: API.sso.signIn, payload: body, headers: { language: 'en' } }), 404, 'sso.notConfigured');
  });
});

describe('claims to account', () => {
  it("reads the realm's and the client's roles", () => {
    const claims = {
      iss: 'https://id.example.com',
      sub: 's',
      realm_access: { roles: ['Sales', 7] },
      resource_access: { [CLIENT_ID]: { roles: ['MSL'] }, other: { roles: ['admin'] } },
    };
    expect(grantedRoleNames(claims, CLIENT_ID)).toEqual(['Sales', 'MSL']);
    expect(grantedRoleNames({ iss: 'https://id.example.com', sub: 's', realm_access: 'nonsense' }, CLIENT_ID)).toEqual([]);
  });

  it('proposes the preferred username, then qualified by the provider host, then the subject', () => {
    expect(usernameCandidates({ iss: 'https://id.example.com', sub: 'abc', preferred_username: ' jo ' })).toEqual([
      'jo',
      'jo@id.example.com',
      'abc@id.example.com',
    ]);
    expect(usernameCandidates({ iss: 'https://id.example.com', sub: 'abc' })).toEqual(['abc@id.example.com']);
  });
});
