import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  ACCESS_TOKEN_PREFIX,
  adminPath,
  type AccessTokenCreated,
  type AccessTokenItem,
  type AccessTokenUser,
  type ImportBatchResult,
} from '@field-portal/shared';
import { callers, expectError, expectFieldError, ok, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const { get, post } = callers(() => h, tokens);
let serviceUserId = 0;
let adminId = 0;

const bearer = (token: string, lang = 'zh') => ({ authorization: `Bearer ${token}`, language: lang });
const withToken = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const hospital = (code: string) => ({ records: [{ code, name: `令牌接口医院${code}`, region: '110105' }] });
const create = (body: object, user = 'admin') => post(user, API.accessTokens.create, body);
const revoke = (id: number) => post('admin', adminPath(API.accessTokens.revoke, { id }), {});
const lastUsed = async (id: number) =>
  (await h.database.query<{ at: Date | string | null }>(`select last_used_at as at from access_tokens where id = ${id}`))[0]!.at;

beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'rep01'], tokens);
  // A service account as a company would set one up: a role holding the import centre only.
  const [menu] = await h.database.query<{ id: number }>(`select id from menus where code = 'dataManage:dataImport'`);
  const role = ok<{ id: number }>(await post('admin', API.admin.role, { name: '主数据同步', menuIds: [menu!.id] }));
  const user = ok<{ id: number }>(
    await post('admin', API.admin.user, {
      username: 'mdm-sync',
      realName: '主数据系统',
      roleIds: [role.id],
      newPassword: 'Sync-Account-2026!',
      confirmPassword: 'Sync-Account-2026!',
    }),
  );
  serviceUserId = user.id;
  adminId = (await h.database.query<{ id: number }>(`select id from users where username = 'admin'`))[0]!.id;
});
afterAll(async () => h?.close());

describe('personal access tokens', () => {
  it('only an administrator lists, creates and revokes them', async () => {
    expectError(await get('rep01', API.accessTokens.list), 403, 'auth.forbidden');
    expectError(await create({ name: 'x', userId: serviceUserId }, 'rep01'), 403, 'auth.forbidden');
    expectError(await post('rep01', adminPath(API.accessTokens.revoke, { id: 1 }), {}), 403, 'auth.forbidden');
    expectError(await get('rep01', API.accessTokens.users), 403, 'auth.forbidden');
  });

  it('refuses a bad request with a message naming the field, in zh and en, and writes nothing', async () => {
    const before = Number((await h.database.query<{ n: number }>('select count(*) as n from access_tokens'))[0]!.n);
    expectFieldError(await create({ name: '  ', userId: serviceUserId }), 400, 'accessTokens.name.required', 'zh', 'name');
    expectFieldError(
      await post('admin', API.accessTokens.create, { name: 'x'.repeat(65), userId: serviceUserId }, 'en'),
      400,
      'accessTokens.name.tooLong',
      'en',
      'name',
      { max: 64 },
    );
    expectFieldError(await create({ name: '同步' }), 400, 'accessTokens.user.required', 'zh', 'userId');
    expectFieldError(await create({ name: '同步', userId: 999_999 }), 400, 'accessTokens.user.unknown', 'zh', 'userId');
    const rep = (await h.database.query<{ id: number }>(`select id from users where username = 'rep01'`))[0]!.id;
    expectFieldError(await post('admin', API.accessTokens.create, { name: '同步', userId: rep }, 'en'), 400, 'accessTokens.user.lacksGrant', 'en', 'userId', {
      grant: 'dataManage:dataImport',
    });
    expectFieldError(await create({ name: '同步', userId: serviceUserId, grants: ['system:user'] }), 400, 'accessTokens.grants.invalid', 'zh', 'grants.0');
    expectFieldError(await create({ name: '同步', userId: serviceUserId, grants: [] }), 400, 'accessTokens.grants.required', 'zh', 'grants');
    expectFieldError(await create({ name: '同步', userId: serviceUserId, expiresAt: 'tomorrow' }), 400, 'accessTokens.expiresAt.invalid', 'zh', 'expiresAt');
    expectFieldError(
      await create({ name: '同步', userId: serviceUserId, expiresAt: new Date(h.clock.now() - 1000).toISOString() }),
      400,
      'accessTokens.expiresAt.past',
      'zh',
      'expiresAt',
    );
    expect(Number((await h.database.query<{ n: number }>('select count(*) as n from access_tokens'))[0]!.n)).toBe(before);
  });

  it('the picker offers enabled accounts that hold an import grant', async () => {
    const users = ok<AccessTokenUser[]>(await get('admin', API.accessTokens.users, { keyword: 'mdm' }));
    expect(users).toEqual([{ id: serviceUserId, username: 'mdm-sync', realName: '主数据系统' }]);
    expect(ok<AccessTokenUser[]>(await get('admin', API.accessTokens.users, { keyword: 'rep01' }))).toEqual([]);
  });

  it('shows the token once, keeps only its hash, audits the creation, and works on the import API', async () => {
    const created = ok<AccessTokenCreated>(await create({ name: '主数据同步', userId: serviceUserId }));
    expect(created.token).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: '主数据同步',
      userId: serviceUserId,
      username: 'mdm-sync',
      grants: ['dataManage:dataImport'],
      status: 'active',
      expiresAt: null,
      createdBy: 'admin',
      lastUsedAt: null,
    });
    expect(created.hint).toBe(`${created.token.slice(0, ACCESS_TOKEN_PREFIX.length + 6)}…`);

    const list = await get('admin', API.accessTokens.list);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(created.token.slice(ACCESS_TOKEN_PREFIX.length));
    const item = ok<AccessTokenItem[]>(list).find((t) => t.id === created.id)!;
    expect(item).not.toHaveProperty('token');
    const { token: _secret, ...shown } = created;
    expect(item).toEqual(shown);
    const stored = await h.database.query<{ token_hash: string }>(`select token_hash from access_tokens where id = ${created.id}`);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await h.database.query<{ actor_name: string; after: unknown }>(
      `select actor_name, after from audit_log where entity = 'accessToken' and entity_id = '${created.id}' and action = 'create'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe('admin');
    expect(JSON.stringify(audit[0]!.after)).not.toContain(created.token.slice(ACCESS_TOKEN_PREFIX.length));

    const res = ok<ImportBatchResult>(await withToken(created.token, 'POST', API.imports.upsertHospitals, hospital('TK001')));
    expect(res.results).toEqual([{ code: 'TK001', status: 'new', messages: [] }]);
    const off = ok<ImportBatchResult>(await withToken(created.token, 'POST', API.imports.deactivateHospitals, { codes: ['TK001'] }));
    expect(off.results.map((r) => r.status)).toEqual(['deactivated']);
  });

  it('is refused on every route outside its grants, even acting as an administrator', async () => {
    const created = ok<AccessTokenCreated>(await create({ name: '管理员的导入令牌', userId: adminId }));
    expect(ok<ImportBatchResult>(await withToken(created.token, 'POST', API.imports.upsertHospitals, hospital('TK002'))).results[0]!.status).toBe('new');
    // A route any signed-in user may call, an administration route, and the token screen itself.
    expectError(await withToken(created.token, 'GET', API.system.userInfo), 403, 'auth.forbidden');
    expectError(await withToken(created.token, 'GET', API.admin.userList), 403, 'auth.forbidden');
    expectError(await withToken(created.token, 'GET', API.accessTokens.list), 403, 'auth.forbidden');
    expectError(await withToken(created.token, 'POST', API.accessTokens.create, { name: '再造一个', userId: adminId }), 403, 'auth.forbidden');
    expect(Number((await h.database.query<{ n: number }>(`select count(*) as n from access_tokens where name = '再造一个'`))[0]!.n)).toBe(0);
  });

  it('records the last use at most once a minute', async () => {
    const created = ok<AccessTokenCreated>(await create({ name: '最近使用', userId: serviceUserId }));
    expect(await lastUsed(created.id)).toBeNull();
    ok(await withToken(created.token, 'GET', API.imports.list));
    const first = new Date((await lastUsed(created.id))!).getTime();
    expect(first).toBe(h.clock.now());
    h.clock.advance(30_000);
    ok(await withToken(created.token, 'GET', API.imports.list));
    expect(new Date((await lastUsed(created.id))!).getTime()).toBe(first);
    h.clock.advance(31_000);
    ok(await withToken(created.token, 'GET', API.imports.list));
    expect(new Date((await lastUsed(created.id))!).getTime()).toBe(h.clock.now());
    const item = ok<AccessTokenItem[]>(await get('admin', API.accessTokens.list)).find((t) => t.id === created.id)!;
    expect(item.lastUsedAt).toBe(new Date(h.clock.now()).toISOString());
  });

  it('a revoked token is refused at once, and revoking twice says so', async () => {
    const created = ok<AccessTokenCreated>(await create({ name: '将被吊销', userId: serviceUserId }));
    ok(await withToken(created.token, 'GET', API.imports.list));
    const revoked = ok<AccessTokenItem>(await revoke(created.id));
    expect(revoked).toMatchObject({ status: 'revoked', revokedBy: 'admin' });
    expectError(await withToken(created.token, 'GET', API.imports.list), 401, 'auth.required');
    expectError(await revoke(created.id), 409, 'accessTokens.alreadyRevoked');
    expectError(await revoke(999_999), 404, 'accessTokens.notFound');
    const audit = await h.database.query<{ n: number }>(
      `select count(*) as n from audit_log where entity = 'accessToken' and entity_id = '${created.id}' and action = 'revoke'`,
    );
    expect(Number(audit[0]!.n)).toBe(1);
  });

  it('an expired token is refused', async () => {
    const created = ok<AccessTokenCreated>(
      await create({ name: '一小时', userId: serviceUserId, expiresAt: new Date(h.clock.now() + 3_600_000).toISOString() }),
    );
    ok(await withToken(created.token, 'GET', API.imports.list));
    h.clock.advance(3_600_001);
    expectError(await withToken(created.token, 'GET', API.imports.list), 401, 'auth.required');
    // The administrator's own sign-in token has expired meanwhile too.
    await signIn(h, ['admin'], tokens);
    expect(ok<AccessTokenItem[]>(await get('admin', API.accessTokens.list)).find((t) => t.id === created.id)!.status).toBe('expired');
  });

  it('a wrong token is 401, like any bad credential; so is the token of a disabled account', async () => {
    const created = ok<AccessTokenCreated>(await create({ name: '停用账号', userId: serviceUserId }));
    const last = created.token.at(-1) === 'A' ? 'B' : 'A';
    for (const wrong of [`${created.token.slice(0, -1)}${last}`, `${ACCESS_TOKEN_PREFIX}nope`, 'fp_']) {
      expectError(await withToken(wrong, 'POST', API.imports.upsertHospitals, hospital('TK003')), 401, 'auth.required');
    }
    ok(await withToken(created.token, 'GET', API.imports.list));
    ok(
      await h.app.inject({
        method: 'PUT',
        url: adminPath(API.admin.userEnabled, { id: serviceUserId }),
        headers: { ...h.auth(tokens.admin!) },
        payload: { enabled: false },
      }),
    );
    expectError(await withToken(created.token, 'GET', API.imports.list), 401, 'auth.required');
  });
});
