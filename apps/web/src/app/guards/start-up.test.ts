import { describe, expect, it, vi } from 'vitest';
import { startUp, type StartUpDeps } from './start-up';

function deps(overrides: Partial<StartUpDeps> = {}): StartUpDeps {
  return {
    hasAccessToken: () => false,
    hasRefreshToken: () => false,
    refresh: vi.fn(async () => 'new'),
    loginType: vi.fn(async () => []),
    tenantInfo: vi.fn(async () => ({})),
    ...overrides,
  };
}

describe('start-up guard', () => {
  it('opens the session at once with a live access token', async () => {
    const d = deps({ hasAccessToken: () => true });
    expect(await startUp(d, '/task/today')).toEqual({ kind: 'session' });
    expect(d.loginType).not.toHaveBeenCalled();
  });

  it('renews an expired access token with a live refresh token', async () => {
    const d = deps({ hasRefreshToken: () => true });
    expect(await startUp(d, '/task/today')).toEqual({ kind: 'session' });
    expect(d.refresh).toHaveBeenCalledTimes(1);
  });

  it('without a token: login type, then tenant info, then the login page with the redirect', async () => {
    const d = deps({ hasRefreshToken: () => true, refresh: vi.fn(async () => Promise.reject(new Error('400'))) });
    expect(await startUp(d, '/task/today')).toEqual({ kind: 'login', to: '/login?redirect=%2Ftask%2Ftoday' });
    expect(d.loginType).toHaveBeenCalledTimes(1);
    expect(d.tenantInfo).toHaveBeenCalledTimes(1);
  });

  it('a configured identity server is where the user signs in, without the tenant look-up', async () => {
    const server = { authAddress: 'https://id', name: 'oidc', domain: 'x', realm: '', clientId: 'c', authorizationEndpoint: 'https://id/auth' };
    const d = deps({ loginType: async () => [server] });
    expect(await startUp(d, '/task/today')).toEqual({ kind: 'identityServer', server });
    expect(d.tenantInfo).not.toHaveBeenCalled();
  });

  it('a failed tenant look-up stops with com_fail', async () => {
    expect(await startUp(deps({ tenantInfo: async () => Promise.reject(new Error('x')) }), '/')).toEqual({ kind: 'tenantFailed' });
    expect(await startUp(deps({ loginType: async () => Promise.reject(new Error('x')) }), '/')).toEqual({ kind: 'tenantFailed' });
  });
});
