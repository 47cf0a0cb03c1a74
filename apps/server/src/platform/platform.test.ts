import { describe, expect, it } from 'vitest';
import { LOGIN_LOCK } from '@field-portal/shared';
import { ConfigError, loadConfig } from '../config.js';
import { lockSeconds } from '../modules/auth/service.js';
import { deriveRoleFlags } from '../modules/system/service.js';
import { describeIssue } from './errors.js';
import { TokenService } from './tokens.js';

describe('lockSeconds', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    expect(lockSeconds(LOGIN_LOCK.freeFailures - 1)).toBe(0);
    expect(lockSeconds(LOGIN_LOCK.freeFailures)).toBe(LOGIN_LOCK.firstLockSeconds);
    expect(lockSeconds(LOGIN_LOCK.freeFailures + 1)).toBe(LOGIN_LOCK.firstLockSeconds * 2);
    expect(lockSeconds(LOGIN_LOCK.freeFailures + 100)).toBe(LOGIN_LOCK.maxLockSeconds);
  });
});

describe('deriveRoleFlags', () => {
  it('maps role names to app keys and derives the MSL office and CRC flag', () => {
    expect(deriveRoleFlags(['MSL', 'tags', 'unknown'])).toEqual({ officeName: '', crc: false, appKeys: ['xjp-msl', 'new_tag'] });
    expect(deriveRoleFlags(['MAF']).officeName).toBe('MSL');
    expect(deriveRoleFlags(['CRC&OVERSEAS']).crc).toBe(true);
  });
});

describe('describeIssue', () => {
  it('names the field and picks the message by the kind of issue', () => {
    expect(describeIssue({ keyword: 'too_big', instancePath: '/title', params: { maximum: 25, origin: 'string' } }, 'body')).toEqual({
      field: 'title',
      key: 'field.tooLong',
      params: { field: 'title', max: 25 },
    });
    expect(describeIssue({ keyword: 'unrecognized_keys', instancePath: '', params: { keys: ['owner'] } }, 'body').field).toBe('owner');
    expect(describeIssue({ keyword: 'custom', instancePath: '/confirmPassword', message: 'password.mismatch', params: {} }, 'body').key).toBe(
      'password.mismatch',
    );
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '', params: {} }, 'querystring').field).toBe('querystring');
  });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
  });
  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT: [^\n]+\n\s+DATABASE_URL: must start with postgres[^\n]+\n\s+LOG_LEVEL: /,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID/);
  });
  it('takes an identity provider over https, or over http on this machine only', () => {
    const oidc = (issuer: string) => loadConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portal' }).oidc;
    expect(oidc('https://id.example.com/realms/field')).toMatchObject({
      issuer: 'https://id.example.com/realms/field',
      clientId: 'portal',
      clientSecret: undefined,
    });
    expect(oidc('http://localhost:8080/realms/field')?.issuer).toBe('http://localhost:8080/realms/field');
    expect(oidc('http://127.0.0.1:9000')?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => oidc('http://id.example.com')).toThrow(/OIDC_ISSUER: must be an https URL/);
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's3cret' }).oidc?.clientSecret).toBe('s3cret');
  });
});

describe('TokenService', () => {
  it('round-trips its own claims and rejects another key', async () => {
    const a = new TokenService('a'.repeat(40));
    const token = await a.signAccess({ userId: 7, username: 'rep01', sessionId: 's-1' });
    expect(await a.verifyAccess(token)).toEqual({ userId: 7, username: 'rep01', sessionId: 's-1' });
    expect(await new TokenService('b'.repeat(40)).verifyAccess(token)).toBeUndefined();
  });
});
