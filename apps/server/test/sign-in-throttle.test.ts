import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 12: a stranger cannot keep anyone locked out. Failures slow the address that makes them
 * (for that account, and over many accounts), never the owner on another address; unknown and
 * real usernames answer alike at every step; the password-change call counts into the same throttle.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const login = (username: string, password: string, remoteAddress: string) =>
  h.app.inject({ method: 'POST', url: '/API-SYSTEM/login', remoteAddress, headers: { 'accept-language': 'en' }, payload: { username, password } });

describe('sign-in throttling', () => {
  it('a stranger failing twenty times on one address does not keep the owner on another out', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login('admin', `guess-${i}`, '10.20.0.1')).statusCode);
    expect(codes.slice(0, LOGIN_LOCK.freeFailures)).toEqual(Array(LOGIN_LOCK.freeFailures).fill(401));
    expect(codes.slice(LOGIN_LOCK.freeFailures)).toEqual(Array(20 - LOGIN_LOCK.freeFailures).fill(429));
    // The stranger's address waits even with the right password...
    const blocked = await login('admin', 'demo1234', '10.20.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(`Too many failed sign-ins, try again in ${LOGIN_LOCK.firstLockSeconds} seconds`);
    // ...the owner elsewhere signs in at once.
    const owner = await login('admin', 'demo1234', '10.20.0.2');
    expect(owner.statusCode).toBe(200);
  });

  it('makes the address wait longer after each failure past the free ones, up to the cap', async () => {
    const address = '10.20.1.1';
    for (let i = 0; i < LOGIN_LOCK.freeFailures; i++) await login('rep02', 'wrong', address);
    expect((await login('rep02', 'demo1234', address)).json().msg).toContain(`${LOGIN_LOCK.firstLockSeconds} seconds`);
    h.clock.advance(LOGIN_LOCK.firstLockSeconds * 1000 + 1);
    expect((await login('rep02', 'wrong again', address)).statusCode).toBe(401);
    expect((await login('rep02', 'demo1234', address)).json().msg).toContain(`${LOGIN_LOCK.firstLockSeconds * 2} seconds`);
    h.clock.advance(LOGIN_LOCK.firstLockSeconds * 2000 + 1);
    expect((await login('rep02', 'demo1234', address)).statusCode).toBe(200);
  });

  it('answers an unknown username exactly as a real one at every step', async () => {
    const run = async (username: string, address: string) => {
      const answers: string[] = [];
      for (let i = 0; i < LOGIN_LOCK.freeFailures + 3; i++) {
        const res = await login(username, `wrong-${i}`, address);
        answers.push(`${res.statusCode} ${res.json().msg}`);
      }
      return answers;
    };
    const real = await run('rep05', '10.20.2.1');
    const unknown = await run('no-such-user', '10.20.2.2');
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toMatch(/^429 Too many failed sign-ins/);
  });

  it('makes one address that tries many accounts wait', async () => {
    const address = '10.20.3.1';
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_LOCK.addressFreeFailures; i++) codes.push((await login(`someone${i}`, 'x', address)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LOCK.addressFreeFailures);
    expect(codes.at(-1)).toBe(429);
    expect((await login('rep06', 'demo1234', address)).statusCode).toBe(429);
    expect((await login('rep06', 'demo1234', '10.20.3.2')).statusCode).toBe(200);
  });

  it('counts wrong old passwords of the password change into the same throttle', async () => {
    const { access } = await h.login('rep07');
    const change = (oldPassword: string, remoteAddress: string) =>
      h.app.inject({
        method: 'PUT',
        url: '/API-SYSTEM/user/password',
        remoteAddress,
        headers: { ...h.auth(access), 'accept-language': 'en' },
        payload: { oldPassword, newPassword: 'Another-pass-2026', confirmPassword: 'Another-pass-2026' },
      });
    for (let i = 0; i < LOGIN_LOCK.freeFailures; i++) {
      const res = await change(`wrong-${i}`, '10.20.4.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('oldPassword');
    }
    // A stolen token on that address can guess no further, not even with the right password.
    expect((await change('demo1234', '10.20.4.1')).statusCode).toBe(429);
    // Nor sign in there; the owner signs in from elsewhere.
    expect((await login('rep07', 'demo1234', '10.20.4.1')).statusCode).toBe(429);
    expect((await login('rep07', 'demo1234', '10.20.4.2')).statusCode).toBe(200);
  });
});
