import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API } from '@field-portal/shared';
import { pendingMigrations } from '../db/migration-state.js';
import type { AppContext } from './context.js';
import { AppError, loggableError } from './errors.js';
import { realtimeHub } from './realtime/index.js';

/** Why an instance should get no traffic now (GET /readyz answers them with 503). */
export type NotReadyReason = 'stopping' | 'database' | 'migrations' | 'listen';

/** Those waiting for a count to reach 0: each resolves true when woken, false after its own time limit. */
class ZeroWaiters {
  private waiters: (() => void)[] = [];

  /** Resolves true at once when `isZero`, else when woken, or false after `ms`. */
  wait(isZero: boolean, ms: number): Promise<boolean> {
    if (isZero) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      this.waiters.push(wake);
    });
  }

  wakeAll(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** Whether the instance is stopping, and the HTTP requests under way (docs/decisions/0038). */
class Lifecycle {
  stopping = false;
  /** The server is closing: a request that still reaches it is refused (503, in the user's language). */
  closing = false;
  private inFlight = 0;
  private readonly counted = new WeakSet<FastifyRequest>();
  private readonly idleWaiters = new ZeroWaiters();
  /** The open HTTP connections from a trusted proxy (TRUST_PROXY), not counting WebSocket upgrades. */
  private readonly proxied = new Set<net.Socket>();
  private readonly proxiedWaiters = new ZeroWaiters();

  /** Counts `socket` while it is open, when it comes from a trusted proxy. */
  connected(socket: net.Socket, fromProxy: boolean): void {
    if (!fromProxy) return;
    this.proxied.add(socket);
    socket.once('close', () => this.disconnected(socket));
  }

  /** `socket` closed or was upgraded to a WebSocket (a STOMP session, told to go away on its own). */
  disconnected(socket: net.Socket): void {
    if (!this.proxied.delete(socket)) return;
    if (this.proxied.size === 0) this.proxiedWaiters.wakeAll();
  }

  /** Resolves when no connection from a proxy is open, or after `ms`; true when none is. */
  proxyConnectionsClosed(ms: number): Promise<boolean> {
    return this.proxiedWaiters.wait(this.proxied.size === 0, ms);
  }

  began(request: FastifyRequest, reply: FastifyReply): void {
    // A WebSocket upgrade stays open for the whole STOMP session: it is not a request to wait for.
    if (request.headers.upgrade) return;
    // Stopping: the connection is not kept for another request, so a proxy's pool of connections
    // to this instance empties and its next request opens one elsewhere (docs/decisions/0040).
    if (this.stopping) reply.header('connection', 'close');
    this.counted.add(request);
    this.inFlight += 1;
  }

  ended(request: FastifyRequest): void {
    if (!this.counted.delete(request)) return;
    this.inFlight -= 1;
    if (this.inFlight === 0) this.idleWaiters.wakeAll();
  }

  get requests(): number {
    return this.inFlight;
  }

  /** Resolves when no request is under way, or after `ms`; true when idle. */
  idle(ms: number): Promise<boolean> {
    return this.idleWaiters.wait(this.inFlight === 0, ms);
  }
}

const lifecycles = new WeakMap<AppContext, Lifecycle>();

function lifecycleOf(ctx: AppContext): Lifecycle {
  let lifecycle = lifecycles.get(ctx);
  if (!lifecycle) lifecycles.set(ctx, (lifecycle = new Lifecycle()));
  return lifecycle;
}

/** The reasons this instance is not ready; empty when it is. */
export async function notReadyReasons(ctx: AppContext): Promise<{ reasons: NotReadyReason[]; pendingMigrations?: number }> {
  const reasons: NotReadyReason[] = [];
  if (lifecycleOf(ctx).stopping) reasons.push('stopping');
  let pending: number | undefined;
  try {
    // One statement: it answers (the database is reachable) and says which migrations it has.
    pending = await pendingMigrations(ctx.database);
    if (pending > 0) reasons.push('migrations');
  } catch {
    reasons.push('database');
  }
  if (ctx.database.listenersDown() > 0) reasons.push('listen');
  return pending ? { reasons, pendingMigrations: pending } : { reasons };
}

/** From now on every new request is answered 503 (the last step of a stop, as the server closes). */
export function refuseNewRequests(app: FastifyInstance): void {
  lifecycleOf(app.ctx).closing = true;
}

/** GET /readyz, and the count of requests under way that a stopping server waits for. */
export async function registerLifecycle(app: FastifyInstance): Promise<void> {
  const lifecycle = lifecycleOf(app.ctx);
  // A proxy's pooled connections are left for the proxy to close when the instance stops (below).
  const { trustProxy } = app.ctx.config;
  if (trustProxy.length > 0) {
    const trusted = proxyAddr.compile(trustProxy);
    app.server.on('connection', (socket: net.Socket) => lifecycle.connected(socket, socket.remoteAddress !== undefined && trusted(socket.remoteAddress, 0)));
    app.server.on('upgrade', (_request: unknown, socket: net.Socket) => lifecycle.disconnected(socket));
  }
  app.addHook('onRequest', async (request, reply) => {
    // In place of Fastify's own answer while closing (English only): the portal's, in the user's
    // language, and the connection not kept, so a proxy takes the next request elsewhere.
    if (lifecycle.closing && !request.headers.upgrade) {
      reply.header('connection', 'close');
      throw new AppError(503, 'request.serverClosing');
    }
    lifecycle.began(request, reply);
  });
  app.addHook('onResponse', async (request) => lifecycle.ended(request));
  app.addHook('onRequestAbort', async (request) => lifecycle.ended(request));
  app.get(
    API.ready,
    {
      config: { public: true, raw: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 with the reasons (stopping, database, migrations, listen) while this instance should get no traffic',
      },
    },
    async (_request, reply) => {
      const { reasons, pendingMigrations: pending } = await notReadyReasons(app.ctx);
      if (reasons.length > 0) return reply.status(503).send({ status: 'unavailable', reasons, ...(pending ? { pendingMigrations: pending } : {}) });
      return { status: 'ready', database: app.ctx.database.kind };
    },
  );
}

/** A background job that stop() ends, giving back what it holds (a download's lease goes back to the queue). */
export interface StoppableJob {
  stop(): Promise<void>;
}

export interface StopOptions {
  jobs: StoppableJob[];
  /** How long the requests under way are waited for. */
  graceMs: number;
}

/**
 * The end of a stopping instance (SIGTERM, SIGINT): readiness turns 503 at once; STOMP clients are
 * told (ERROR, close 1001) so they connect again to another instance; the jobs stop and give their
 * claims back; the requests under way finish, up to graceMs; then the server closes. New requests
 * meanwhile are still answered (with `Connection: close`), for a balancer that has not seen the 503
 * yet.
 *
 * Idle kept-alive connections are closed by the instance only when they are not a trusted proxy's
 * (TRUST_PROXY). A proxy may send a request on a pooled connection at the moment the instance
 * closes it, and nginx sends a POST that met a closed connection to no other instance: the client
 * gets 502. So behind a proxy the instance stops listening (a new connection is refused, which the
 * proxy retries elsewhere, POST included) and leaves the pooled connections open until the proxy
 * closes them (its idle timeout, docs/deploy.md) or sends one more request, answered with
 * `Connection: close`; what is still open when the grace is over is cut (docs/decisions/0040).
 */
export async function stopGracefully(app: FastifyInstance, { jobs, graceMs }: StopOptions): Promise<void> {
  const lifecycle = lifecycleOf(app.ctx);
  lifecycle.stopping = true;
  const started = Date.now();
  const behindProxy = app.ctx.config.trustProxy.length > 0;
  app.log.info({ requests: lifecycle.requests }, 'stopping: readiness is 503, finishing the requests under way');
  const tellStompClients = () => {
    try {
      realtimeHub(app.ctx).goingAway();
    } catch {
      // No real-time endpoint in this app: nobody to tell.
    }
  };
  tellStompClients();
  // Direct clients' idle kept-alive connections are closed now, while the server still listens: a
  // request that would have been sent on one opens a connection instead, here or elsewhere, and is
  // answered (a browser sends a request that met a closed kept-alive connection again).
  if (!behindProxy) app.server.closeIdleConnections();
  const stopped = Promise.allSettled(jobs.map((job) => job.stop())).then((results) => {
    for (const r of results) if (r.status === 'rejected') app.log.error({ err: loggableError(r.reason) }, 'a background job did not stop cleanly');
  });
  const idle = await lifecycle.idle(graceMs);
  if (!idle) app.log.warn({ requests: lifecycle.requests, graceMs }, 'stopping: requests still under way after the grace period are cut');
  await stopped;
  // Clients that connected while the requests finished (a balancer not yet aware) are told too.
  tellStompClients();
  const left = () => Math.max(graceMs - (Date.now() - started), 100);
  if (behindProxy) {
    // No new connection from here on; http.Server's own close would also close the idle ones.
    net.Server.prototype.close.call(app.server);
    const drained = await lifecycle.proxyConnectionsClosed(left());
    if (!drained) app.log.warn({ graceMs }, 'stopping: connections from the proxy still open after the grace period are cut');
  }
  // Connections that went idle meanwhile, answered before the stop began and so still kept alive.
  app.server.closeIdleConnections();
  // What is left of the grace (at least a moment) for the server to close; then every connection is cut.
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      app.server.closeAllConnections();
      resolve();
    }, left());
  });
  refuseNewRequests(app);
  await Promise.race([app.close(), cut]);
  clearTimeout(timer);
}
