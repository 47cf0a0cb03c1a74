import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { createHarness, type Harness } from '../harness.js';

/**
 * Issue 33: while a LISTEN connection (real-time across instances, decision 0014) is down, the
 * instance is not ready: notices and sign-outs from the other instances do not reach it. It is
 * ready again once the connection is back. PostgreSQL only: PGlite has no connection to cut.
 */
let h: Harness;
let probe: pg.Client;
beforeAll(async () => {
  h = await createHarness();
  probe = new pg.Client({ connectionString: h.databaseUrl });
  await probe.connect();
});
afterAll(async () => {
  await probe?.end();
  await h?.close();
});

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('readiness and the LISTEN connection', () => {
  it('is 503 naming listen while the connection is down, 200 once it is back', async () => {
    expect((await h.app.inject({ method: 'GET', url: API.ready })).statusCode).toBe(200);
    const cut = await probe.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
    );
    expect(cut.rows[0]!.n).toBeGreaterThan(0);
    let seen: { statusCode: number; body: unknown } | undefined;
    await until('readiness to turn 503', async () => {
      const res = await h.app.inject({ method: 'GET', url: API.ready });
      seen = { statusCode: res.statusCode, body: res.json() };
      return res.statusCode === 503;
    });
    expect(seen).toEqual({ statusCode: 503, body: { status: 'unavailable', reasons: ['listen'] } });
    // Reopened a second later (decision 0014).
    await until('readiness to come back', async () => (await h.app.inject({ method: 'GET', url: API.ready })).statusCode === 200);
    expect(h.database.listenersDown()).toBe(0);
  });
});
