import { afterEach, describe, expect, it } from 'vitest';
import { sharedHashHistory } from './hash-history';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('sharedHashHistory', () => {
  it('gives the same location object until the next navigation', () => {
    const history = sharedHashHistory();
    const first = history.location;
    expect(history.location).toBe(first);
    history.push('/customer/totaldoctor?x=1');
    expect(history.location).not.toBe(first);
    expect(history.location).toBe(history.location);
    expect(history.location).toMatchObject({ pathname: '/customer/totaldoctor', search: '?x=1' });
    expect(window.location.hash).toBe('#/customer/totaldoctor?x=1');
  });

  it('tells every listener of a navigation, and a listener that left no more', () => {
    const history = sharedHashHistory();
    const seen: string[] = [];
    const stopA = history.listen(({ location }) => seen.push(`a ${location.pathname}`));
    history.listen(({ action, location }) => seen.push(`b ${action} ${location.pathname}`));
    history.push('/one');
    stopA();
    history.replace('/two');
    expect(seen).toEqual(['a /one', 'b PUSH /one', 'b REPLACE /two']);
    expect(history.action).toBe('REPLACE');
    expect(history.createHref({ pathname: '/three' })).toBe('#/three');
  });
});
