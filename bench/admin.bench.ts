import crypto from 'node:crypto';
import { menus, roleMenus, roles, sessions, userRoles, users } from '../apps/server/src/db/schema/index.js';
import { permittedMenus } from '../apps/server/src/modules/system/index.js';
import { AuthCache } from '../apps/server/src/platform/auth-cache.js';
import { resolveUser } from '../apps/server/src/platform/auth.js';
import { TokenService } from '../apps/server/src/platform/tokens.js';
import { demoDatabase } from './databases.js';
import { median, p95, report, SMALL } from './lib.js';
// The server's request and instance augmentations, so the service modules type-check here too.
import type {} from '../apps/server/src/platform/context.js';
import type {} from '../apps/server/src/platform/i18n.js';

const ROLES = SMALL ? 10 : 50;
const MENUS = SMALL ? 100 : 500;
const RUNS = SMALL ? 30 : 300;

/**
 * Issue 7: resolving the menu list and the permissions (authorities) of a user with 50 roles over
 * 500 menus, with nothing of that user cached (what a sign-in and the first guarded request cost;
 * the menu catalogue shared by everyone is warm): at most 5 ms. Reference:
 * the same for the demo admin (one role over the demo menus), measured in the same run.
 */
export async function run() {
  console.log(`\nmenus and permissions (${ROLES} roles over ${MENUS} menus)`);
  // The figure is the embedded database's (PGlite), as when it was set.
  const { database, drop } = await demoDatabase('pglite');
  try {
    const db = database.db;
    const existing = (await database.query<{ n: number }>('select count(*)::int as n from menus'))[0]!.n;
    // Menus up to MENUS in all: groups of ten, a parent with nine children.
    const extra = Math.max(0, MENUS - existing);
    const menuIds: number[] = [];
    for (let i = 0; i < extra; i += 10) {
      const [parent] = await db
        .insert(menus)
        .values({ name: `bench ${i}`, path: `/bench${i}`, router: `bench${i}`, code: `bench${i}`, sort: 1000 + i })
        .returning({ id: menus.id });
      menuIds.push(parent!.id);
      const children = Array.from({ length: Math.min(9, extra - i - 1) }, (_, k) => ({
        parentId: parent!.id,
        name: `bench ${i}.${k}`,
        path: `/bench${i}/${k}`,
        router: `bench${i}_${k}`,
        code: `bench${i}:${k}`,
        sort: k,
      }));
      if (children.length > 0) menuIds.push(...(await db.insert(menus).values(children).returning({ id: menus.id })).map((r) => r.id));
    }
    const allMenuIds = (await db.select({ id: menus.id }).from(menus)).map((r) => r.id);
    const [user] = await db.insert(users).values({ username: 'bench-many-roles', passwordHash: 'x' }).returning({ id: users.id });
    for (let r = 0; r < ROLES; r++) {
      const [role] = await db
        .insert(roles)
        .values({ name: `bench role ${r}` })
        .returning({ id: roles.id });
      // Each role grants a different fifth of all menus, so they overlap and together cover most of them.
      const granted = allMenuIds.filter((_, k) => (k + r) % 5 === 0);
      await db.insert(roleMenus).values(granted.map((menuId) => ({ roleId: role!.id, menuId })));
      await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    }
    const [admin] = await database.query<{ id: number }>(`select id from users where username = 'admin'`);
    await database.query('analyze');

    const tokens = new TokenService(crypto.randomBytes(32).toString('hex'));
    async function signedIn(userId: number) {
      const sessionId = crypto.randomUUID();
      await db.insert(sessions).values({ id: sessionId, userId, absoluteExpiresAt: new Date(Date.now() + 3_600_000) });
      return tokens.signAccess({ userId, username: 'bench', sessionId });
    }
    /** One resolution with nothing of the user cached: the session with its authorities (the route guard), then the menu list. */
    const cache = new AuthCache(undefined);
    async function resolveOnce(userId: number, token: string): Promise<{ ms: number; menus: number; authorities: number }> {
      await cache.invalidateUser(userId);
      const started = performance.now();
      const current = await resolveUser(db, tokens, cache, token);
      if (!current) throw new Error('the session did not resolve');
      const list = await permittedMenus(db, userId, cache, current.menuIds);
      return { ms: performance.now() - started, menus: list.menuList.length, authorities: current.authorities.size };
    }
    // The two users take turns, so a busy machine weighs on both alike.
    const manyToken = await signedIn(user!.id);
    const adminToken = await signedIn(Number(admin!.id));
    const many = { times: [] as number[], menus: 0, authorities: 0 };
    const reference = { times: [] as number[], menus: 0, authorities: 0 };
    for (let i = 0; i < RUNS + 20; i++) {
      for (const [target, userId, token] of [
        [many, user!.id, manyToken],
        [reference, Number(admin!.id), adminToken],
      ] as const) {
        const run = await resolveOnce(userId, token);
        if (i >= 20) target.times.push(run.ms);
        target.menus = run.menus;
        target.authorities = run.authorities;
      }
    }
    const value = median(many.times);
    report({
      name: `menu list and authorities, ${ROLES} roles over ${allMenuIds.length} menus (${many.menus} menus, ${many.authorities} authorities), median of ${RUNS}, p95 ${p95(many.times).toFixed(2)} ms`,
      value,
      unit: 'ms',
      budget: '<= 5 ms',
      reference: `demo admin (1 role, ${reference.menus} menus) ${median(reference.times).toFixed(2)} ms median, ${p95(reference.times).toFixed(2)} ms p95 (PGlite)`,
      ok: value <= 5,
    });
  } finally {
    await drop();
  }
}
