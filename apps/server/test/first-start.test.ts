import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message, PASSWORD, SETUP_LIMITS, type MessageKey } from '@field-portal/shared';
import { ConfigError, loadConfig } from '../src/config.js';
import { selectRows } from '../src/db/client.js';
import { announceSetupLink, bootstrapAdministrator, BootstrapError, SETUP_LINK_FILE } from '../src/modules/setup/index.js';
import { seedSystemData } from '../src/seed/system.js';
import { createEmptyPortal, type EmptyPortal } from './empty-portal.js';

const GOOD = {
  companyName: '远山制药',
  username: 'chief',
  displayName: '张主任',
  email: 'chief@yuanshan.example',
  password: 'Lantern-Harbour-72',
  confirmPassword: 'Lantern-Harbour-72',
};

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

async function count(portal: EmptyPortal, table: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(portal.database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return Number(row?.n ?? 0);
}

describe('first start without demo data: the system data and the setup link', () => {
  let portal: EmptyPortal;
  let link: string;
  beforeAll(async () => {
    portal = await createEmptyPortal();
    link = (await announceSetupLink(portal.database.db, portal.dataDir, 'http://localhost:8080'))!;
  }, 120_000);
  afterAll(() => portal?.close());

  // Each call from an address of its own: the setup's per-address limit is tested apart.
  let caller = 0;
  const setup = (payload: object, lang: 'zh' | 'en' = 'zh') =>
    portal.app.inject({
      method: 'POST',
      url: API.setup.setup,
      payload,
      headers: { language: lang },
      remoteAddress: `10.0.${Math.floor(++caller / 250)}.${caller % 250}`,
    });
  const expectRefusal = async (payload: object, status: number, field: string | undefined, key: MessageKey, params: Record<string, string | number> = {}) => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await setup(payload, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ msg: message(key, lang, params), ...(field ? { field } : {}) });
    }
  };

  it('has the reference data, menus and built-in roles, and no demo people, doctors or activity', async () => {
    for (const table of ['regions', 'departments', 'reference_codes', 'menus', 'role_menus', 'lang_entries', 'keywords', 'enterprises']) {
      expect(await count(portal, table), table).toBeGreaterThan(0);
    }
    const roles = await selectRows<{ name: string; data_scope: string }>(portal.database.db, sql.raw('select name, data_scope from roles order by id'));
    expect(roles.map((r) => r.name)).toEqual(['admin', 'card manager', 'Sales', 'MSL', 'MAF', 'MANGA', 'MKT', 'CRC&OVERSEAS']);
    // Representatives see their territory only from the first sign-in: an imported territory restricts at once.
    expect(roles.filter((r) => r.data_scope === 'custom').map((r) => r.name)).toEqual(['Sales']);
    for (const table of [
      'users',
      'employees',
      'organisations',
      'doctors',
      'hospitals',
      'visit_records',
      'call_records',
      'medicines',
      'cards',
      'tasks',
      'meetings',
      'opinion_items',
      'intel_papers',
    ]) {
      expect(await count(portal, table), table).toBe(0);
    }
    // Seeding again changes nothing.
    expect(await seedSystemData(portal.database.db)).toBe(false);
  });

  it('writes the setup link to DATA_DIR/setup-link.txt for the server user only, and forwards /setup to the web page', async () => {
    const file = path.join(portal.dataDir, SETUP_LINK_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(link);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(link).toMatch(/^http:\/\/localhost:8080\/setup\?token=[\w-]{43}$/);
    const forward = await portal.app.inject({ method: 'GET', url: `/setup?token=${tokenOf(link)}` });
    expect(forward.statusCode).toBe(302);
    expect(forward.headers.location).toBe(`/#/setup?token=${tokenOf(link)}`);
  });

  it('says the setup is needed, and which link is live', async () => {
    const status = (token?: string) =>
      portal.app.inject({ method: 'GET', url: API.setup.status, query: token === undefined ? {} : { token } }).then((r) => r.json().result);
    expect(await status()).toEqual({ needed: true, tokenValid: false });
    expect(await status('not-the-token')).toEqual({ needed: true, tokenValid: false });
    expect(await status(tokenOf(link))).toEqual({ needed: true, tokenValid: true });
  });

  it('refuses a wrong link, each bad field with its message in zh and en, and writes nothing', async () => {
    const token = tokenOf(link);
    await expectRefusal({ ...GOOD, token: 'x'.repeat(43) }, 404, undefined, 'setup.linkInvalid');
    await expectRefusal({ ...GOOD, token: '' }, 400, 'token', 'setup.linkInvalid');
    await expectRefusal({ ...GOOD, token, companyName: '   ' }, 400, 'companyName', 'setup.companyNameRequired');
    await expectRefusal({ ...GOOD, token, companyName: '公'.repeat(101) }, 400, 'companyName', 'setup.companyNameLength');
    const { username: _username, ...noUsername } = GOOD;
    await expectRefusal({ ...noUsername, token }, 400, 'username', 'setup.usernameRequired');
    await expectRefusal({ ...GOOD, token, username: 'chief admin' }, 400, 'username', 'setup.usernameFormat');
    await expectRefusal({ ...GOOD, token, username: 'root' }, 400, 'username', 'setup.usernameReserved');
    await expectRefusal({ ...GOOD, token, displayName: '' }, 400, 'displayName', 'setup.displayNameRequired');
    await expectRefusal({ ...GOOD, token, email: 'chief-at-yuanshan' }, 400, 'email', 'setup.emailInvalid');
    await expectRefusal({ ...GOOD, token, email: '' }, 400, 'email', 'setup.emailRequired');
    await expectRefusal({ ...GOOD, token, password: '', confirmPassword: '' }, 400, 'password', 'setup.passwordRequired');
    await expectRefusal({ ...GOOD, token, password: 'short7!', confirmPassword: 'short7!' }, 400, 'password', 'password.length', {
      min: PASSWORD.min,
      max: PASSWORD.max,
    });
    await expectRefusal(
      { ...GOOD, token, password: 'x'.repeat(PASSWORD.max + 1), confirmPassword: 'x'.repeat(PASSWORD.max + 1) },
      400,
      'password',
      'password.length',
    );
    await expectRefusal({ ...GOOD, token, password: 'Password123', confirmPassword: 'Password123' }, 400, 'password', 'password.common');
    await expectRefusal({ ...GOOD, token, confirmPassword: 'Lantern-Harbour-73' }, 400, 'confirmPassword', 'password.mismatch');
    await expectRefusal({ ...GOOD, token, role: 'admin' }, 400, 'role', 'field.unknown', { field: 'role' });
    expect(await count(portal, 'users')).toBe(0);
    const [enterprise] = await selectRows<{ enterprise_name: string }>(portal.database.db, sql.raw('select enterprise_name from enterprises'));
    expect(enterprise!.enterprise_name).toBe('');
  });

  it("creates the first administrator and the company's name, signs them in, and the link is dead afterwards", async () => {
    const token = tokenOf(link);
    const res = await setup({ ...GOOD, token });
    expect(res.statusCode).toBe(200);
    const access = res.json().result.access_token as string;
    const auth = { authorization: `Bearer ${access}` };
    const me = await portal.app.inject({ method: 'GET', url: API.system.userInfo, headers: auth });
    expect(me.json().result).toMatchObject({
      username: 'chief',
      firstName: '张主任',
      email: 'chief@yuanshan.example',
      enterpriseName: '远山制药',
      mustChangeCredentials: false,
      roles: [{ name: 'admin' }],
    });
    const tenant = await portal.app.inject({ method: 'GET', url: API.system.tenantInfo, query: { domain: 'localhost' } });
    expect(tenant.json().result).toMatchObject({ enterpriseName: '远山制药', copyright: `Copyright © ${new Date().getFullYear()} 远山制药` });
    const menus = await portal.app.inject({ method: 'GET', url: API.system.menuList, headers: auth });
    expect(menus.statusCode).toBe(200);
    expect(menus.json().result.menuList.length).toBeGreaterThan(50);
    const login = await portal.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'chief', password: GOOD.password } });
    expect(login.statusCode).toBe(200);
    const audit = await selectRows<{ action: string; entity: string; actor_name: string }>(
      portal.database.db,
      sql.raw('select action, entity, actor_name from audit_log'),
    );
    expect(audit).toEqual([{ action: 'create', entity: 'user', actor_name: 'chief' }]);

    await expectRefusal({ ...GOOD, token, username: 'second' }, 410, undefined, 'setup.done');
    await expectRefusal({ ...GOOD, token: 'y'.repeat(43), username: 'second' }, 410, undefined, 'setup.done');
    expect(await count(portal, 'users')).toBe(1);
    const status = await portal.app.inject({ method: 'GET', url: API.setup.status, query: { token } });
    expect(status.json().result).toEqual({ needed: false, tokenValid: false });
    // The next start prints no link and removes the file.
    expect(await announceSetupLink(portal.database.db, portal.dataDir, 'http://localhost:8080')).toBeUndefined();
    expect(fs.existsSync(path.join(portal.dataDir, SETUP_LINK_FILE))).toBe(false);
  });

  it('limits the setup calls of one address', async () => {
    const from = (n: number) =>
      portal.app.inject({ method: 'POST', url: API.setup.setup, payload: { ...GOOD, token: 'z'.repeat(43), password: String(n) }, remoteAddress: '10.9.9.9' });
    for (let n = 0; n < SETUP_LIMITS.perAddressPerMinute; n++) expect((await from(n)).statusCode).toBe(400);
    expect((await from(99)).statusCode).toBe(429);
  });

  it('answers every screen list of the empty portal without a server error', async () => {
    const login = await portal.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'chief', password: GOOD.password } });
    const auth = { authorization: `Bearer ${login.json().result.access_token as string}` };
    const lists = portal.app.routeAccess.filter((r) => r.method === 'GET' && r.url.startsWith('/API-') && !r.url.includes(':') && !r.url.includes('*'));
    expect(lists.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of lists) {
      const res = await portal.app.inject({ method: 'GET', url: route.url, headers: auth });
      if (res.statusCode >= 500) failures.push(`${route.url} ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('first start without demo data: ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  let portal: EmptyPortal;
  beforeAll(async () => {
    portal = await createEmptyPortal();
  }, 120_000);
  afterAll(() => portal?.close());

  it('reads both variables together, the password within the policy length', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Lantern-Harbour-72' }).bootstrapAdmin).toEqual({
      username: 'boss',
      password: 'Lantern-Harbour-72',
    });
    expect(loadConfig({}).bootstrapAdmin).toBeUndefined();
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD must be set together/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(
      new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: must be ${PASSWORD.min} to ${PASSWORD.max} characters`),
    );
    expect(() => loadConfig({ ADMIN_USERNAME: 'the boss', ADMIN_PASSWORD: 'Lantern-Harbour-72' })).toThrow(/ADMIN_USERNAME: may only contain/);
  });

  it('refuses a common password or a reserved name before writing anything', async () => {
    await expect(bootstrapAdministrator(portal.database.db, { username: 'boss', password: 'password123' }, new Date())).rejects.toThrow(
      new BootstrapError('ADMIN_PASSWORD: this password is too common, choose another'),
    );
    await expect(bootstrapAdministrator(portal.database.db, { username: 'root', password: 'Lantern-Harbour-72' }, new Date())).rejects.toThrow(BootstrapError);
    expect(await count(portal, 'users')).toBe(0);
  });

  it('creates the administrator who must change the password; the server refuses everything else until then', async () => {
    expect(await bootstrapAdministrator(portal.database.db, { username: 'boss', password: 'Lantern-Harbour-72' }, new Date())).toBe(true);
    // An administrator exists: the next start does nothing, whatever the variables say.
    expect(await bootstrapAdministrator(portal.database.db, { username: 'boss2', password: 'Lantern-Harbour-99' }, new Date())).toBe(false);
    expect(await count(portal, 'users')).toBe(1);
    expect(await announceSetupLink(portal.database.db, portal.dataDir, 'http://localhost:8080')).toBeUndefined();

    const login = await portal.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'boss', password: 'Lantern-Harbour-72' } });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().result.access_token as string}` };
    const me = await portal.app.inject({ method: 'GET', url: API.system.userInfo, headers: auth });
    expect(me.json().result).toMatchObject({ username: 'boss', mustChangeCredentials: true, roles: [{ name: 'admin' }] });
    for (const url of [API.system.menuList, API.system.homeStatistics, API.admin.userList]) {
      for (const lang of ['zh', 'en'] as const) {
        const refused = await portal.app.inject({ method: 'GET', url, headers: { ...auth, language: lang } });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().msg).toBe(message('password.mustChange', lang));
      }
    }
    const changed = await portal.app.inject({
      method: 'PUT',
      url: API.system.password,
      headers: auth,
      payload: { oldPassword: 'Lantern-Harbour-72', newPassword: 'Quiet-Meadow-5150', confirmPassword: 'Quiet-Meadow-5150' },
    });
    expect(changed.statusCode).toBe(200);
    const after = await portal.app.inject({ method: 'GET', url: API.system.userInfo, headers: auth });
    expect(after.json().result.mustChangeCredentials).toBe(false);
    expect((await portal.app.inject({ method: 'GET', url: API.system.menuList, headers: auth })).statusCode).toBe(200);
    const logout = await portal.app.inject({ method: 'POST', url: API.system.logout, headers: auth, payload: {} });
    expect(logout.statusCode).toBe(200);
  });
});
