import { describe, expect, it } from 'vitest';
import { isSafeLink, isSiteRelativePath, LOGIN_LOCK } from '@field-portal/shared';
import { launchUrl } from '../modules/appcentre/open-api.js';
import { ConfigError, isProxyEntry, loadConfig } from '../config.js';
import { isDatabaseUnavailable, isDataException, loggableError } from './errors.js';
import { accountDelayMs, waitSeconds } from './sign-in-throttle.js';

describe('sign-in throttle rules', () => {
  it('an account over every address is only ever delayed, a little more per failure, capped', () => {
    expect(accountDelayMs(LOGIN_LOCK.accountDelayAfter - 1)).toBe(0);
    expect(accountDelayMs(LOGIN_LOCK.accountDelayAfter)).toBe(LOGIN_LOCK.accountDelayStepMs);
    expect(accountDelayMs(LOGIN_LOCK.accountDelayAfter + 1)).toBe(2 * LOGIN_LOCK.accountDelayStepMs);
    expect(accountDelayMs(10_000)).toBe(LOGIN_LOCK.accountDelayMaxMs);
  });

  it('one address over every account waits after its own free failures', () => {
    expect(waitSeconds(LOGIN_LOCK.addressFreeFailures - 1, LOGIN_LOCK.addressFreeFailures)).toBe(0);
    expect(waitSeconds(LOGIN_LOCK.addressFreeFailures, LOGIN_LOCK.addressFreeFailures)).toBe(LOGIN_LOCK.firstLockSeconds);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDRs and proxy-addr names; by default trusts no proxy', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', '10.0.0.0/8/1']) expect(isProxyEntry(bad)).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('database errors', () => {
  const wrapped = (cause: object) =>
    Object.assign(new Error('Failed query: select $1\nparams: secret-value'), { query: 'select $1', params: ['secret-value'], cause });

  it('tells an unreachable database from a failing statement', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDataException(wrapped(Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' })))).toBe(true);
    expect(isDataException(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
  });

  it('logs the failed statement without its parameter values', () => {
    const logged = JSON.stringify(loggableError(wrapped(Object.assign(new Error('boom'), { code: '22003' }))));
    expect(logged).toContain('select $1');
    expect(logged).toContain('22003');
    expect(logged).not.toContain('secret-value');
  });
});

describe('site-relative links', () => {
  it("refuse '//host' and '/\\host', where a browser would go to another host", () => {
    expect(isSiteRelativePath('/files/a.png')).toBe(true);
    for (const bad of ['//evil.example/x', '/\\evil.example/x', '/a\\b', 'files/a', '']) expect(isSiteRelativePath(bad)).toBe(false);
    expect(isSafeLink('https://example.com/app')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
  });

  it('a launch never signs parameters for a link stored before the rule', () => {
    expect(launchUrl('//evil.example/launch', { sign: 'x' })).toBeNull();
    expect(launchUrl('/\\evil.example/launch', { sign: 'x' })).toBeNull();
    expect(launchUrl('/apps/x', { sign: 'x' })).toBe('/apps/x?sign=x');
  });
});
