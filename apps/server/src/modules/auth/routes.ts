import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, LOGIN_LOCK, loginRequest, logoutRequest, refreshRequest } from '@field-portal/shared';
import { bearerToken } from '../../platform/auth.js';
import { login, logout, refresh, type AuthDeps } from './service.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): AuthDeps => ({ db: app.ctx.database.db, tokens: app.ctx.tokens, cache: app.ctx.authCache, now: app.ctx.now });

  r.post(API.system.login, {
    config: { public: true, rateLimit: { max: LOGIN_LOCK.perAddressPerMinute, timeWindow: 60_000 } },
    schema: { tags: ['auth'], summary: 'Sign in with username and password', body: loginRequest },
    handler: async (request) => login(deps(), request.body.username, request.body.password),
  });

  r.post(API.system.token, {
    config: { public: true, raw: true, rateLimit: { max: 120, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary: 'Rotate a refresh token (form-encoded grant_type=refresh_token)',
      body: refreshRequest,
    },
    handler: async (request) => refresh(deps(), request.body.refresh_token),
  });

  r.post(API.system.logout, {
    config: { public: true },
    schema: { tags: ['auth'], summary: 'End the session of the bearer token and/or of a refresh token', body: logoutRequest.optional() },
    handler: async (request) => {
      const token = bearerToken(request);
      const claims = token ? await app.ctx.tokens.verifyAccess(token) : undefined;
      await logout(deps(), claims?.sessionId, request.body?.refresh_token);
      return {};
    },
  });
}
