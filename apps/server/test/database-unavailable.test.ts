import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message } from '@field-portal/shared';
import { createHarness, type Harness } from './harness.js';

/** Issue 12: while the database cannot be reached, calls answer 503 saying so, not 500. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  // The database is already closed; closing the rest of the harness may find it so.
  await h?.close().catch(() => undefined);
});

describe('an unreachable database', () => {
  it('answers 503 with a clear message on public and signed-in calls, and /healthz says so', async () => {
    const { access } = await h.login('rep01');
    await h.database.close();
    const tenant = await h.app.inject({ method: 'GET', url: API.system.tenantInfo, headers: { 'accept-language': 'en' } });
    expect(tenant.statusCode).toBe(503);
    expect(tenant.json()).toMatchObject({ code: 503, msg: message('request.databaseUnavailable', 'en') });
    const info = await h.app.inject({ method: 'GET', url: '/API-SYSTEM/user/info?isBrief=false', headers: h.auth(access) });
    expect(info.statusCode).toBe(503);
    expect(info.json().msg).toBe(message('request.databaseUnavailable', 'zh'));
    const signIn = await h.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'rep01', password: 'demo1234' } });
    expect(signIn.statusCode).toBe(503);
    expect((await h.app.inject({ method: 'GET', url: API.health })).statusCode).toBe(503);
  });
});
