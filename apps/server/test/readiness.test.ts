import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, message } from '@field-portal/shared';
import { buildApp } from '../src/app.js';
import { refuseNewRequests } from '../src/platform/lifecycle.js';
import { createHarness, type Harness } from './harness.js';

/** Issue 33: /readyz is 503 with the reason while the instance should get no traffic; /healthz stays liveness. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  // The last test closes the database; closing the rest of the harness may find it so.
  await h?.close().catch(() => undefined);
});

const ready = () => h.app.inject({ method: 'GET', url: API.ready });

describe('readiness', () => {
  it('is 200 on a migrated database that answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: h.database.kind });
  });

  it('is 503 naming the migrations while one of this build is not applied', async () => {
    // As after a rollback of the schema, or a database another build restored: its newest migration is missing.
    const [newest] = await h.database.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    await h.database.query('delete from drizzle.__drizzle_migrations where id = $1', [newest!.id]);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reasons: ['migrations'], pendingMigrations: 1 });
      // Liveness is not readiness: the process and its database are fine.
      expect((await h.app.inject({ method: 'GET', url: API.health })).statusCode).toBe(200);
    } finally {
      await h.database.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        newest!.id,
        newest!.hash,
        newest!.created_at,
      ]);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("refuses a request that reaches a closing server with 503 in the user's language, the connection not kept", async () => {
    // A second app on the same database with a context of its own (the stop is kept per context):
    // the harness's app goes on answering the next test.
    const closing = await buildApp({ ...h.app.ctx });
    try {
      refuseNewRequests(closing);
      for (const lang of ['zh', 'en'] as const) {
        const res = await closing.inject({ method: 'GET', url: API.system.tenantInfo, headers: { 'accept-language': lang } });
        expect(res.statusCode).toBe(503);
        expect(res.headers.connection).toBe('close');
        expect(res.json()).toMatchObject({ code: 503, msg: message('request.serverClosing', lang) });
      }
    } finally {
      await closing.close();
    }
  });

  it('is 503 naming the database while it cannot be reached', async () => {
    await h.database.close();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reasons: ['database'] });
  });
});
