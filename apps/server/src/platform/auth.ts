import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { ACCESS_TOKEN_LIMITS, ACCESS_TOKEN_PREFIX } from '@field-portal/shared';
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
  /** Set when the caller is a service account's personal access token: only its grants answer (docs/decisions/0050). */
  accessTokenId?: number;
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
  return cache.getOrLoad(`session:${claims.sessionId}`, { userId: claims.userId, sessionId: claims.sessionId }, () =>
    loadSessionUser(db, cache, claims.userId, claims.sessionId),
  );
}

async function loadSessionUser(db: Db, cache: AuthCache, userId: number, sessionId: string): Promise<CurrentUser | undefined> {
  const [rows, catalogue] = await Promise.all([
    selectRows<SessionRow>(
      db,
      sql`
    select u.id, u.username, u.first_name, u.must_change_password, ${usableRoleIdsSql(sql`u.id`)} as role_ids
      from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId} and u.id = ${userId}
       and s.revoked_at is null and s.absolute_expires_at > now() and u.enabled`,
    ),
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

/** What the access_tokens table keeps of a personal access token: its SHA-256, never the token. */
export function hashAccessToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The cache owner of a token (AuthCache.invalidateSession forgets it on revocation). */
export const accessTokenSession = (tokenId: number) => `token-${tokenId}`;

interface TokenRow {
  id: number;
  grants: string[];
  expires_at: Date | string | null;
  user_id: number;
  username: string;
  first_name: string;
  role_ids: number[] | null;
}

interface TokenUser {
  user: CurrentUser;
  expiresAt: number | null;
}

/**
 * The service account behind a personal access token (docs/decisions/0050). The token is looked up
 * by its hash through a unique index, so no comparison ever runs over the secret itself (nothing to
 * time). Its authorities are the token's grants the account still holds: taking the role away from
 * the account takes it from the token too. Revoking a token, disabling the account and role changes
 * invalidate the cache; the expiry is checked on every call.
 */
async function resolveAccessToken(db: Db, cache: AuthCache, token: string, now: number): Promise<CurrentUser | undefined> {
  const hash = hashAccessToken(token);
  const key = `pat:${hash}`;
  let found = cache.get<TokenUser>(key);
  if (!found) {
    found = await loadTokenUser(db, cache, hash);
    // Owned by the account and by the token's own "session", so disabling one or revoking the other forgets it.
    if (found) cache.set(key, { userId: found.user.id, sessionId: found.user.sessionId }, found);
  }
  if (!found || (found.expiresAt !== null && found.expiresAt <= now)) return undefined;
  return found.user;
}

async function loadTokenUser(db: Db, cache: AuthCache, hash: string): Promise<TokenUser | undefined> {
  const [rows, catalogue] = await Promise.all([
    selectRows<TokenRow>(
      db,
      sql`
    select t.id, t.grants, t.expires_at, u.id as user_id, u.username, u.first_name, ${usableRoleIdsSql(sql`u.id`)} as role_ids
      from access_tokens t join users u on u.id = t.user_id
     where t.token_hash = ${hash} and t.revoked_at is null and u.enabled`,
    ),
    menuCatalogue(db, cache),
  ]);
  const row = rows[0];
  if (!row) return undefined;
  const menuIds = grantedMenuIds(catalogue, row.role_ids ?? []);
  const held = authoritiesOf(catalogue, menuIds);
  return {
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).getTime(),
    user: {
      id: row.user_id,
      username: row.username,
      firstName: row.first_name,
      sessionId: accessTokenSession(row.id),
      authorities: new Set(row.grants.filter((g) => held.has(g))),
      menuIds: [],
      accessTokenId: row.id,
    },
  };
}

/**
 * Who may call a route, as its declaration says (`config.public`, `config.authority`): no sign-in,
 * any signed-in user, or a user holding the menu grant (any one of a list). The guard below
 * enforces this value and the OpenAPI document states it as `x-access`, so the two cannot differ.
 */
export type AccessRule = 'public' | 'signed-in' | { rule: 'grant'; grant: string | readonly string[] };

export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  authority: string | readonly string[] | undefined;
  access: AccessRule;
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

/** The access rule of a route from its url and its declared config. */
export function accessRule(url: string, config: { public?: boolean; authority?: string | readonly string[] } | undefined): AccessRule {
  if (isPublicRoute(url, config)) return 'public';
  if (config?.authority !== undefined) return { rule: 'grant', grant: config.authority };
  return 'signed-in';
}

/** The OpenAPI vendor extension (docs/api.md) stating an operation's access rule. */
export const ACCESS_EXTENSION = 'x-access';

/** 401 for every non-public route without a valid token; 403 without the route's menu authority. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const access = accessRule(route.url, route.config);
    // Every route's schema carries its rule into the OpenAPI document (a new object: a schema
    // may be shared by routes with different rules).
    route.schema = { ...route.schema, [ACCESS_EXTENSION]: access } as FastifySchema;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeAccess.push({ method, url: route.url, public: access === 'public', authority: route.config?.authority, access });
    }
  });
  // When each token's last use was last written by this instance: at most one write a minute.
  const lastUseWritten = new Map<number, number>();
  const recordUse = async (tokenId: number) => {
    const now = app.ctx.now();
    if (now - (lastUseWritten.get(tokenId) ?? 0) < ACCESS_TOKEN_LIMITS.lastUseIntervalMs) return;
    if (lastUseWritten.size > 10_000) lastUseWritten.clear();
    lastUseWritten.set(tokenId, now);
    const at = new Date(now);
    const since = new Date(now - ACCESS_TOKEN_LIMITS.lastUseIntervalMs);
    // The condition keeps other instances from writing it again within the minute.
    await app.ctx.database.db.execute(
      sql`update access_tokens set last_used_at = ${at} where id = ${tokenId} and (last_used_at is null or last_used_at <= ${since})`,
    );
  };
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url) return;
    const access = accessRule(request.routeOptions.url, request.routeOptions.config);
    if (access === 'public') return;
    const token = bearerToken(request);
    const user = !token
      ? undefined
      : token.startsWith(ACCESS_TOKEN_PREFIX)
        ? await resolveAccessToken(app.ctx.database.db, app.ctx.authCache, token, app.ctx.now())
        : await resolveUser(app.ctx.database.db, app.ctx.tokens, app.ctx.authCache, token);
    if (!user) throw unauthorized();
    // A copy per request: the sign-in cache may hand the same account to many requests, and what is
    // memoised on a request's user (its data scope, customers/scope.ts) must last one request only.
    request.user = { ...user };
    if (user.accessTokenId !== undefined) {
      // A token answers only routes that name one of its grants, never "any signed-in user".
      if (access === 'signed-in' || !holdsAuthority(user.authorities, access.grant)) throw forbidden();
      await recordUse(user.accessTokenId);
      return;
    }
    if (user.mustChangePassword === true && request.routeOptions.config?.beforePasswordChange !== true) throw forbidden('password.mustChange');
    if (access !== 'signed-in' && !holdsAuthority(user.authorities, access.grant)) throw forbidden();
  });
});

/** The signed-in user of a protected route (the guard has run). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
