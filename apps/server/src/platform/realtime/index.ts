import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import { STOMP } from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import type { AppContext } from '../context.js';
import { resolveUser } from '../auth.js';
import { loggableError } from '../errors.js';
import { DEFAULT_REALTIME_SETTINGS, type ConnectAuth, type RealtimeSettings } from './connection.js';
import { RealtimeHub } from './hub.js';

export { publishNotice, publishPushEvent, NOTICE_CHANNEL } from './publish.js';
export { RealtimeHub } from './hub.js';
export type { RealtimeSettings } from './connection.js';

const hubs = new WeakMap<AppContext, RealtimeHub>();

/** The STOMP hub of an app (tests change its settings and wait on it). */
export function realtimeHub(ctx: AppContext): RealtimeHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('the real-time endpoint is not registered');
  return hub;
}

/**
 * The STOMP 1.2 endpoint at /API-BEACON/ws/stomp/endpoint/app (spec 001 section 7.3) and the
 * LISTEN on the notice channel that feeds it (docs/decisions/0006).
 */
export async function registerRealtime(app: FastifyInstance, settings: Partial<RealtimeSettings> = {}): Promise<RealtimeHub> {
  const ctx = app.ctx;
  const all: RealtimeSettings = { ...DEFAULT_REALTIME_SETTINGS, ...settings };
  const authenticate = async (token: string): Promise<ConnectAuth | undefined> => {
    const user = await resolveUser(ctx.database.db, ctx.tokens, ctx.authCache, token);
    if (!user) return undefined;
    const rows = await selectRows<{ employee_no: string }>(ctx.database.db, sql`select employee_no from users where id = ${user.id}`);
    return { userId: user.id, username: user.username, employeeNo: rows[0]?.employee_no ?? '', sessionId: user.sessionId };
  };
  const sessionLive = async (sessionId: string) => {
    const rows = await selectRows<{ ok: number }>(
      ctx.database.db,
      sql`
      select 1 as ok from sessions s join users u on u.id = s.user_id
       where s.id = ${sessionId} and s.revoked_at is null and s.absolute_expires_at > now() and u.enabled`,
    );
    return rows.length > 0;
  };
  const hub = new RealtimeHub(ctx.database, all, authenticate, (error) => app.log.error({ err: loggableError(error) }, 'real-time notice failed'), sessionLive);
  hubs.set(ctx, hub);
  await hub.start();
  app.addHook('onClose', () => hub.stop());

  await app.register(websocket, {
    options: {
      // Frames a little over the limit reach the parser, which answers ERROR; far larger ones are cut by ws.
      maxPayload: all.frameMaxBytes * 4,
      handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
    },
  });
  app.get(
    STOMP.endpoint,
    { websocket: true, config: { public: true }, schema: { tags: ['messaging'], summary: 'STOMP 1.2 over WebSocket: real-time notices' } },
    (socket, request) => {
      hub.attach(socket, request.lang);
    },
  );
  return hub;
}
