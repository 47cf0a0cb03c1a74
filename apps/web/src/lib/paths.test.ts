import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPathFor, safeRedirect, stripStateFragment } from './paths';

describe('paths', () => {
  it('knows the public paths of spec 001 section 2.1', () => {
    for (const p of ['/login', '/logout', '/home', '/401']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/dashboard', '/404', '/system/user']) expect(isPublicPath(p)).toBe(false);
  });

  it('strips a trailing state fragment', () => {
    expect(stripStateFragment('/dashboard&state=abc&session_state=x&code=y')).toBe('/dashboard');
    expect(stripStateFragment('/card/newCard?state=abc')).toBe('/card/newCard');
    expect(stripStateFragment('/&state=1')).toBe('/');
    expect(stripStateFragment('/customer/totaldoctor?page=2')).toBe('/customer/totaldoctor?page=2');
  });

  it('accepts only in-app redirects', () => {
    expect(safeRedirect('/task/today?x=1')).toBe('/task/today?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('builds the login path with the redirect', () => {
    expect(loginPathFor('/task/today')).toBe('/login?redirect=%2Ftask%2Ftoday');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/x', { sso: 'unavailable' })).toBe('/login?redirect=%2Fx&sso=unavailable');
  });
});
