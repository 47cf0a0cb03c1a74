import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { API, LOGIN_LOCK, TOKENS, adminPath, message } from '@field-portal/shared';
import { users } from '../../db/schema/index.js';
import { createHarness, SECRET, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/API-SYSTEM/login', payload: body as object, headers });
const refresh = (token: string) =>
  h.app.inject({
    method: 'POST',
    url: '/API-SYSTEM/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'web' }).toString(),
  });
async function disable(username: string) {
  const [user] = await h.database.db.select().from(users).where(eq(users.username, username));
  // As an administrator does it, on the users screen: the one way an account is disabled.
  const { access } = await h.login('admin');
  const res = await h.app.inject({
    method: 'PUT',
    url: adminPath(API.admin.userEnabled, { id: user!.id }),
    headers: h.auth(access),
    payload: { enabled: false },
  });
  expect(res.statusCode).toBe(200);
}
const userInfo = (token: string) => h.app.inject({ method: 'GET', url: '/API-SYSTEM/user/info?isBrief=false', headers: h.auth(token) });

describe('POST /API-SYSTEM/login', () => {
  it('signs in with the demo password and returns a token pair in the system envelope', async () => {
    const res = await login({ username: 'rep01', password: 'demo1234', code: '', loginSys: 'pc', _t: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.result.token_type).toBe('Bearer');
    expect(body.result.expires_in).toBe(TOKENS.accessTtlSeconds);
    expect(body.result.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect((await userInfo(body.result.access_token)).statusCode).toBe(200);
  });

  it('refuses a wrong password with the same message as an unknown user, in zh and en', async () => {
    const wrong = await login({ username: 'rep02', password: 'nope-nope' });
    const unknown = await login({ username: 'nobody', password: 'nope-nope' }, { language: 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 401, msg: message('login.failed', 'zh'), result: null });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toBe('Incorrect username or password');
  });

  it('names the missing field', async () => {
    const res = await login({ username: '', password: 'x' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'username', msg: 'Please enter the username' });
    const noPassword = await login({ username: 'rep01' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().field).toBe('password');
  });

  it('refuses unknown properties and prototype pollution', async () => {
    const extra = await login({ username: 'rep01', password: 'demo1234', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ field: 'role', msg: '不允许的字段 role' });
    const proto = await h.app.inject({
      method: 'POST',
      url: '/API-SYSTEM/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"rep01","password":"demo1234","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('makes the address wait for the account after repeated failures, then lets the right password in', async () => {
    for (let i = 0; i < LOGIN_LOCK.freeFailures; i++) {
      expect((await login({ username: 'rep03', password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await login({ username: 'rep03', password: 'demo1234' }, { language: 'en' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe(`Too many failed sign-ins, try again in ${LOGIN_LOCK.firstLockSeconds} seconds`);
    h.clock.advance(LOGIN_LOCK.firstLockSeconds * 1000 + 1);
    expect((await login({ username: 'rep03', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('refuses a disabled account even with the right password', async () => {
    await disable('rep08');
    const res = await login({ username: 'rep08', password: 'demo1234' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(message('login.disabled', 'zh'));
  });

  it('answers 429 when one address tries too often', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_LOCK.perAddressPerMinute; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/API-SYSTEM/login',
        remoteAddress: '10.9.9.9',
        payload: { username: `ghost${i}`, password: 'x' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    // The address waits after its free failures over all accounts, before the per-minute limit.
    expect(codes.filter((c) => c === 401)).toHaveLength(Math.min(LOGIN_LOCK.addressFreeFailures, LOGIN_LOCK.perAddressPerMinute));
  });
});

describe('tokens', () => {
  it('rotates refresh tokens; a reused one revokes the whole family', async () => {
    const first = await h.login('rep04');
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair.refresh_token).not.toBe(first.refresh);
    expect((await userInfo(pair.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toBe(message('token.refreshInvalid', 'zh'));
    // The family is gone: the newest pair no longer works either.
    expect((await userInfo(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(400);
  });

  it('refuses an unknown refresh token and a wrong grant type', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(400);
    const wrongGrant = await h.app.inject({
      method: 'POST',
      url: '/API-SYSTEM/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&refresh_token=abc',
    });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json().field).toBe('grant_type');
  });

  it('ends a refresh family at its absolute lifetime', async () => {
    const pair = await h.login('rep05');
    h.clock.advance((TOKENS.refreshAbsoluteSeconds + 1) * 1000);
    try {
      expect((await refresh(pair.refresh)).statusCode).toBe(400);
    } finally {
      h.clock.advance(-(TOKENS.refreshAbsoluteSeconds + 1) * 1000);
    }
  });

  it('refuses tampered, unsigned, foreign-algorithm, expired and wrong-audience tokens and refresh tokens as bearer', async () => {
    const { access, refresh: refreshToken } = await h.login('rep06');
    const [head, body, sig] = access.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url')}.${sig}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    const key = new TextEncoder().encode(SECRET);
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(key);
    const wrongAudience = await new SignJWT({ ...payload, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const expired = await new SignJWT({ ...payload, exp: Math.floor(h.clock.now() / 1000) - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    for (const token of [tampered, none, hs512, wrongAudience, expired, refreshToken]) {
      const res = await userInfo(token);
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, result: null });
    }
    expect((await userInfo(access)).statusCode).toBe(200);
  });

  it('expires access tokens after their lifetime', async () => {
    const { access } = await h.login('rep06');
    h.clock.advance((TOKENS.accessTtlSeconds + 1) * 1000);
    try {
      expect((await userInfo(access)).statusCode).toBe(401);
    } finally {
      h.clock.advance(-(TOKENS.accessTtlSeconds + 1) * 1000);
    }
  });

  it('logout revokes the session of the access token and its refresh family', async () => {
    const pair = await h.login('rep07');
    const res = await h.app.inject({ method: 'POST', url: '/API-SYSTEM/logout', headers: h.auth(pair.access), payload: { refresh_token: pair.refresh } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await userInfo(pair.access)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(400);
  });

  it('disabling a user ends their sessions at once', async () => {
    const pair = await h.login('msl03');
    expect((await userInfo(pair.access)).statusCode).toBe(200);
    await disable('msl03');
    expect((await userInfo(pair.access)).statusCode).toBe(401);
    expect((await refresh(pair.refresh)).statusCode).toBe(400);
  });
});
