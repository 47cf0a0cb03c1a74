import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthCache } from '../src/platform/auth-cache.js';
import { createHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

async function eventually(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('AuthCache', () => {
  it('reaches the other instances on the same database when a user or session is invalidated', async () => {
    const a = new AuthCache(h.database);
    const b = new AuthCache(h.database);
    await a.start();
    await b.start();
    try {
      b.set('session:s1', { userId: 7, sessionId: 's1' }, 'alice');
      b.set('userinfo:7', { userId: 7 }, 'info');
      b.set('session:s2', { userId: 8, sessionId: 's2' }, 'bob');
      await a.invalidateSession('s1');
      expect(await eventually(() => b.get('session:s1') === undefined)).toBe(true);
      expect(b.get('userinfo:7')).toBe('info');
      await a.invalidateUser(7);
      expect(await eventually(() => b.get('userinfo:7') === undefined)).toBe(true);
      expect(b.get('session:s2')).toBe('bob');
      await a.invalidateAll();
      expect(await eventually(() => b.get('session:s2') === undefined)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('forgets entries after their time and drops the oldest when full', async () => {
    const cache = new AuthCache(undefined, 20, 2);
    cache.set('a', { userId: 1 }, 1);
    cache.set('b', { userId: 2 }, 2);
    cache.set('c', { userId: 3 }, 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get('c')).toBeUndefined();
    let loads = 0;
    const load = async () => ++loads;
    await cache.getOrLoad('d', { userId: 4 }, load);
    await cache.getOrLoad('d', { userId: 4 }, load);
    expect(loads).toBe(1);
  });
});
