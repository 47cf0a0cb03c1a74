import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, type MenuEntry } from '@field-portal/shared';
import type { AccessRule } from '../src/platform/auth.js';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 30: every operation of the OpenAPI document states who may call it (`x-access`), and
 * what it states is what the server enforces: a grant-protected operation refuses a signed-in
 * user without the grant, a signed-in one refuses a caller without a session, a public one answers
 * without any (docs/api.md, docs/decisions/0037).
 */

interface Operation {
  'x-access'?: AccessRule;
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 600_000);
afterAll(async () => h?.close());

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operations(): { method: string; path: string; url: string; operation: Operation }[] {
  const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  const out: { method: string; path: string; url: string; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      // An id that does not exist: the walk checks the guard without changing the demo data.
      out.push({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, '999999'), operation });
    }
  }
  return out;
}

const isRule = (access: unknown): access is AccessRule =>
  access === 'public' ||
  access === 'signed-in' ||
  (typeof access === 'object' &&
    access !== null &&
    (access as { rule?: unknown }).rule === 'grant' &&
    [(access as { grant?: unknown }).grant].flat().every((g) => typeof g === 'string' && g.length > 0) &&
    [(access as { grant?: unknown }).grant].flat().length > 0);

describe('x-access in the OpenAPI document', () => {
  it('is on every operation, and is the rule of the route table the guard enforces', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const missing = ops.filter((o) => !isRule(o.operation['x-access'])).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    for (const o of ops) {
      const route = h.app.routeAccess.find((r) => r.method === o.method && r.url.replace(/:(\w+)/g, '{$1}') === o.path);
      expect(route, `${o.method} ${o.path}`).toBeDefined();
      expect(o.operation['x-access'], `${o.method} ${o.path}`).toEqual(route!.access);
    }
    // The three kinds are all there (the walk below would prove nothing of a kind that is absent).
    const kinds = new Set(ops.map((o) => (typeof o.operation['x-access'] === 'object' ? 'grant' : o.operation['x-access'])));
    expect([...kinds].sort()).toEqual(['grant', 'public', 'signed-in']);
  });

  it('is served in /docs/json as in the document the server builds', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const served = res.json() as { paths: Record<string, Record<string, Operation>> };
    expect(served.paths['/API-SYSTEM/login']?.post?.['x-access']).toBe('public');
    expect(served.paths['/API-SYSTEM/user/info']?.get?.['x-access']).toBe('signed-in');
  });

  it('holds: a grant refuses a user without it, a sign-in refuses a caller without one, public answers anyone', async () => {
    // A signed-in user without any role (no menu grant at all), and the administrator (every grant).
    await h.database.query(
      `insert into users (username, password_hash, first_name, real_name, org_id, bu_list)
       select 'noaccess', password_hash, '无权限', '无权限', org_id, bu_list from users where username = 'operator'`,
    );
    const outsider = await h.login('noaccess');
    const outsiderMenus = (await h.app.inject({ method: 'GET', url: '/API-SYSTEM/menu/list', headers: h.auth(outsider.access) })).json() as {
      result: { menuList: MenuEntry[] };
    };
    expect(outsiderMenus.result.menuList).toEqual([]);
    const admin = await h.login('admin');
    const failures: string[] = [];
    for (const o of operations()) {
      const access = o.operation['x-access']!;
      const where = `${o.method} ${o.path} (${JSON.stringify(access)})`;
      const call = (headers: Record<string, string>) =>
        h.app.inject({ method: o.method as 'GET', url: o.url, headers, ...(o.method === 'GET' || o.method === 'DELETE' ? {} : { payload: {} }) });
      const anonymous = await call({});
      const refusedAnonymous = anonymous.statusCode === 401 && anonymous.json().msg === message('auth.required', 'zh');
      if (access === 'public') {
        if (refusedAnonymous || anonymous.statusCode === 403) failures.push(`${where}: refused without sign-in (${anonymous.statusCode})`);
        continue;
      }
      if (!refusedAnonymous) failures.push(`${where}: answered ${anonymous.statusCode} without sign-in`);
      if (access === 'signed-in') continue;
      const denied = await call(h.auth(outsider.access));
      if (denied.statusCode !== 403) failures.push(`${where}: answered ${denied.statusCode} to a user without the grant`);
      const allowed = await call(h.auth(admin.access));
      if (allowed.statusCode === 401 || allowed.statusCode === 403) failures.push(`${where}: refused the holder of the grant (${allowed.statusCode})`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
