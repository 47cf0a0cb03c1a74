import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOGIN_LOCK } from '@field-portal/shared';
import { selectRows } from '../src/db/client.js';
import { createHarness, type Harness } from './harness.js';

/**
 * Issue 12: the client's address is the connection's unless it comes through a configured proxy
 * (TRUST_PROXY). Real connections from two loopback addresses, 127.0.0.2 and 127.0.0.3.
 */
let plain: Harness;
let proxied: Harness;
const ports = new Map<Harness, number>();

beforeAll(async () => {
  plain = await createHarness();
  proxied = await createHarness(undefined, { TRUST_PROXY: '127.0.0.2' });
  for (const h of [plain, proxied]) {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    ports.set(h, (h.app.server.address() as AddressInfo).port);
  }
}, 120_000);
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

function call(h: Harness, from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: ports.get(h),
        localAddress: from,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-language': 'en', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signIn = (h: Harness, from: string, password: string, forwardedFor?: string) =>
  call(h, from, '/API-SYSTEM/login', { username: 'rep04', password }, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

async function recordedAddress(h: Harness, from: string, forwardedFor: string, page: string): Promise<string> {
  const { access } = await h.login('rep01');
  const res = await call(
    h,
    from,
    '/API-PROVIDER-OBSERVER/umeng/insertEvent',
    { operation: 'view', page },
    { authorization: `Bearer ${access}`, 'x-forwarded-for': forwardedFor },
  );
  expect(res.status).toBe(200);
  const rows = await selectRows<{ ip: string }>(h.database.db, sql`select ip from usage_events where page = ${page}`);
  return rows[0]!.ip;
}

describe('client addresses', () => {
  it('without a configured proxy, a forged X-Forwarded-For changes nothing', async () => {
    expect(await recordedAddress(plain, '127.0.0.2', '203.0.113.9', 'address-plain')).toBe('127.0.0.2');
    // A new forged address for every guess still counts against the connection's own address.
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_LOCK.freeFailures; i++) codes.push((await signIn(plain, '127.0.0.2', 'wrong', `198.51.100.${i}`)).status);
    expect(codes.at(-1)).toBe(429);
    // Another connection's address is not held back.
    expect((await signIn(plain, '127.0.0.3', 'demo1234')).status).toBe(200);
  });

  it("through a configured proxy, the address it forwards is the client's; from anywhere else the header is ignored", async () => {
    expect(await recordedAddress(proxied, '127.0.0.2', '203.0.113.7', 'address-via-proxy')).toBe('203.0.113.7');
    expect(await recordedAddress(proxied, '127.0.0.3', '203.0.113.7', 'address-not-proxy')).toBe('127.0.0.3');
    // Guesses forwarded for one client make that client wait, not the proxy's other clients.
    for (let i = 0; i < LOGIN_LOCK.freeFailures; i++) expect((await signIn(proxied, '127.0.0.2', 'wrong', '203.0.113.50')).status).toBe(401);
    expect((await signIn(proxied, '127.0.0.2', 'demo1234', '203.0.113.50')).status).toBe(429);
    expect((await signIn(proxied, '127.0.0.2', 'demo1234', '203.0.113.51')).status).toBe(200);
  });
});
