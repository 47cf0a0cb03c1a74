import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.js';
import { forbidden, unauthorized } from './errors.js';
import type { AuthCache } from './auth-cache.js';
import { authoritiesOf, grantedMenuIds, menuCatalogue, usableRoleIdsSql } from './menu-catalogue.js';
import type { TokenService } from './tokens.js';

export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  sessionId: string;
  authorities: ReadonlySet<string>;
  /** The menus the user's usable roles grant (the menu list is built from them). */
  menuIds: readonly number[];
  /** Signed in with a temporary password (ADMIN_PASSWORD): only routes marked beforePasswordChange answer (docs/decisions/0041). */
  mustChangePassword?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** The menu authority (menus.code) a caller must hold, or a list of which any one will do; absent means any signed-in user. */
    authority?: string | readonly string[];
    /** Answers a user who must change a temporary password first (the password change, the current user). */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

/** Reads the bearer token of a request; tokens never travel in URLs (SECURITY.md 14.2.1). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

interface SessionRow {
  id: number;
  username: string;
  first_name: string;
  must_change_password: boolean;
  role_ids: number[] | null;
}

/**
 * The signed-in user behind an access token, if the token is valid, its session is live
 * and the account enabled: disabling a user or revoking a session takes effect at once.
 */
export async function resolveUser(db: Db, tokens: TokenService, cache: AuthCache, token: string): Promise<CurrentUser | undefined> {
  const claims = await tokens.verifyAccess(token);
  if (!claims) return undefined;
  return cache.getOrLoad(`session:${claims.sessionId}`, { userId: claims.userId, sessionId: claims.sessionId }, () => loadSessionUser(db, cache, claims.userId, claims.sessionId));
}

async function loadSessionUser(db: Db, cache: AuthCache, userId: number, sessionId: string): Promise<CurrentUser | undefined> {
  const [rows, catalogue] = await Promise.all([
    selectRows<SessionRow>(db, sql`
    select u.id, u.username, u.first_name, u.must_change_password, ${usableRoleIdsSql(sql`u.id`)} as role_ids
      from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId} and u.id = ${userId}
       and s.revoked_at is null and s.absolute_expires_at > now() and u.enabled`),
    menuCatalogue(db, cache),
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const menuIds = grantedMenuIds(catalogue, row.role_ids ?? []);
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    sessionId,
    authorities: authoritiesOf(catalogue, menuIds),
    menuIds,
    mustChangePassword: row.must_change_password,
  };
}

export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  authority: string | readonly string[] | undefined;
}

/** Whether the authorities include the route's authority (any one of a list). */
export function holdsAuthority(authorities: ReadonlySet<string>, required: string | readonly string[]): boolean {
  return typeof required === 'string' ? authorities.has(required) : required.some((a) => authorities.has(a));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with its access rule: the permission tests walk this table. */
    routeAccess: RouteAccess[];
  }
}

/** API routes need a sign-in unless marked public; the web's files, /docs and /healthz are public. */
export function isPublicRoute(url: string, config: { public?: boolean } | undefined): boolean {
  return config?.public === true || !url.startsWith('/API-');
}

/** 401 for every non-public route without a valid token; 403 without the route's menu authority. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeAccess.push({ method, url: route.url, public: isPublicRoute(route.url, route.config), authority: route.config?.authority });
    }
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || isPublicRoute(request.routeOptions.url, config)) return;
    const token = bearerToken(request);
    const user = token ? await resolveUser(app.ctx.database.db, app.ctx.tokens, app.ctx.authCache, token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
    if (user.mustChangePassword === true && config?.beforePasswordChange !== true) throw forbidden('password.mustChange');
    if (config?.authority && !holdsAuthority(user.authorities, config.authority)) throw forbidden();
  });
});

/** The signed-in user of a protected route (the guard has run). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
