import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SHARE_PAGE, API } from '@field-portal/shared';
import { helmetHeaders } from '../src/platform/security-headers.js';
import { createHarness, type Harness } from './harness.js';

const ALLOWED_ORIGIN = 'https://intranet.example.com';
let h: Harness;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the web build: the portal's page and the analytics share page.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  fs.mkdirSync(path.join(webDist, 'bi'));
  fs.writeFileSync(path.join(webDist, 'bi', 'index.html'), '<!doctype html><title>share</title>');
  // Requests come from 127.0.0.1, here the address of a trusted TLS-terminating proxy.
  h = await createHarness(undefined, { WEB_DIST: webDist, CORS_ORIGINS: ALLOWED_ORIGIN, TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const frameAncestors = (csp: unknown) =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('frame-ancestors '));

describe('helmetHeaders', () => {
  it("works helmet's headers out once, with the options applied", () => {
    const headers = helmetHeaders({ contentSecurityPolicy: false, strictTransportSecurity: false, xFrameOptions: { action: 'deny' } });
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(helmetHeaders({ contentSecurityPolicy: false })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('security headers', () => {
  it('sends no-store, the CSP and helmet headers on API answers, errors included', async () => {
    const { access } = await h.login('rep01');
    for (const res of [await get(API.system.userInfo, h.auth(access)), await get(API.system.userInfo), await get('/API-SYSTEM/nothing-here')]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    }
  });

  it('lets nobody frame the portal page, and does not forbid caching it', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('portal');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });

  it('lets the portal itself frame the analytics share page', async () => {
    const res = await get(ANALYTICS_SHARE_PAGE);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('share');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves the CSP off the API documentation page, which runs inline scripts', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS only to requests that came over TLS (as a trusted proxy says)', async () => {
    expect((await get('/healthz')).headers['strict-transport-security']).toBeUndefined();
    const tls = await get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    // Anyone else saying so is not believed (TRUST_PROXY).
    const forged = await h.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.3.3.3', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS with an allow-list', () => {
  it('admits a listed origin and no other', async () => {
    const preflight = (origin: string) =>
      h.app.inject({ method: 'OPTIONS', url: API.system.login, headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight(ALLOWED_ORIGIN)).headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
