import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { buildApp } from '../src/app.js';
import { stopGracefully } from '../src/platform/lifecycle.js';
import { createHarness, type Harness } from './harness.js';

/**
 * A stopping instance behind a trusted proxy closes no connection the proxy may be about to send a
 * request on (docs/decisions/0040): it stops listening, answers what still comes on a pooled
 * connection with `Connection: close`, and ends when the proxy has closed the rest. The proxy here
 * is this test's keep-alive agent, from the trusted address.
 */
const PROXY = '127.0.0.1';
const GRACE_MS = 20_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A second app on the harness's database (the stop is kept per context), trusting PROXY, listening on a free port. */
async function instanceBehindProxy() {
  const app = await buildApp({ ...h.app.ctx, config: { ...h.app.ctx.config, trustProxy: [PROXY] } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

function send(agent: http.Agent, port: number, method: string, url: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: PROXY,
        method,
        path: url,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Resolves once a new connection to `port` is refused. */
async function refused(port: number): Promise<void> {
  for (;;) {
    const outcome = await new Promise<'open' | 'refused'>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: PROXY });
      socket.once('connect', () => {
        socket.destroy();
        resolve('open');
      });
      socket.once('error', () => resolve('refused'));
    });
    if (outcome === 'refused') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an instance behind a trusted proxy, stopping', () => {
  it('answers a POST sent on a pooled connection after it stopped listening, and then ends', async () => {
    const { app, port } = await instanceBehindProxy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, port, 'GET', API.health)).status).toBe(200);
      const started = Date.now();
      const stopping = stopGracefully(app, { jobs: [], graceMs: GRACE_MS });
      await refused(port);
      // The pooled connection is still open: the request goes on it and is answered, not cut.
      const late = await send(agent, port, 'POST', API.system.login, { username: 'rep01', password: 'not-the-password' });
      expect(late).toEqual({ status: 401, connection: 'close', reused: true });
      // That was the proxy's last connection: the stop ends without waiting for the grace.
      await stopping;
      expect(Date.now() - started).toBeLessThan(GRACE_MS);
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('leaves an idle pooled connection open until the proxy closes it, and ends then', async () => {
    const { app, port } = await instanceBehindProxy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, port, 'GET', API.health)).status).toBe(200);
      const [pooled] = Object.values(agent.freeSockets).flat();
      expect(pooled).toBeDefined();
      let closedByServer = false;
      pooled!.once('end', () => (closedByServer = true));
      let ended = false;
      const stopping = stopGracefully(app, { jobs: [], graceMs: GRACE_MS }).then(() => (ended = true));
      await refused(port);
      // A request under way elsewhere would have finished by now; this connection is left alone.
      expect((await send(new http.Agent(), port, 'GET', API.health).catch((error: NodeJS.ErrnoException) => error.code)) as string).toBe('ECONNREFUSED');
      expect(closedByServer).toBe(false);
      expect(ended).toBe(false);
      // The proxy's idle timeout: it closes the connection, and the stop ends.
      agent.destroy();
      await stopping;
      expect(closedByServer).toBe(false);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
