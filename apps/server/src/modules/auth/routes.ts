import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, LOGIN_LOCK, loginRequest, logoutRequest, refreshRequest, SSO_RETURN_PATHS, ssoSignInRequest, type LogoutResponse } from '@field-portal/shared';
import { bearerToken } from '../../platform/auth.js';
import { signInThrottle } from '../../platform/sign-in-throttle.js';
import { AppError } from '../../platform/errors.js';
import type { AccountsDoor } from './accounts.js';
import { login, logout, refresh, type SignInDeps } from './service.js';
import { ssoClient, ssoSignIn } from './sso.js';

/** What an identity provider adds to the URLs it sends the browser back to. */
const returnQuery = z.record(z.string().max(64), z.string().max(4096));

export async function authRoutes(app: FastifyInstance, options: { accounts: AccountsDoor }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): SignInDeps => ({ db: app.ctx.database.db, tokens: app.ctx.tokens, cache: app.ctx.authCache, now: app.ctx.now, accounts: options.accounts });

  r.post(API.system.login, {
    config: { public: true, rateLimit: { max: LOGIN_LOCK.perAddressPerMinute, timeWindow: 60_000 } },
    schema: { tags: ['auth'], summary: 'Sign in with username and password', body: loginRequest },
    handler: async (request) => login(deps(), signInThrottle(app.ctx), request.ip, request.body.username, request.body.password),
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
    schema: {
      tags: ['auth'],
      summary: "End the session of the bearer token and/or of a refresh token; after a single sign-on, answers the provider's logout page as endSessionUrl",
      body: logoutRequest.optional(),
    },
    handler: async (request): Promise<LogoutResponse> => {
      const token = bearerToken(request);
      const claims = token ? await app.ctx.tokens.verifyAccess(token) : undefined;
      const { idTokenHint } = await logout(deps(), claims?.sessionId, request.body?.refresh_token);
      const client = ssoClient(app.ctx.config);
      const endSessionUrl = idTokenHint && client ? await client.endSessionUrl(idTokenHint, request.body?.post_logout_redirect_uri) : undefined;
      return endSessionUrl ? { endSessionUrl } : {};
    },
  });

  r.post(API.sso.signIn, {
    config: { public: true, rateLimit: { max: LOGIN_LOCK.perAddressPerMinute, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary:
        "Single sign-on: the provider's authorization response (callback URL with code and state), the state, nonce and PKCE verifier the browser kept; answers the portal's tokens",
      body: ssoSignInRequest,
    },
    handler: async (request) => {
      const client = ssoClient(app.ctx.config);
      if (!client) throw new AppError(404, 'sso.notConfigured');
      return ssoSignIn(deps(), client, request.body);
    },
  });

  // The provider sends the browser back to real paths; the web's routes are hash routes.
  for (const path of Object.values(SSO_RETURN_PATHS)) {
    r.get(path, {
      schema: { tags: ['auth'], summary: `Forwards to the web's #${path} with the same query`, querystring: returnQuery },
      handler: async (request, reply) => {
        const query = new URLSearchParams(request.query).toString();
        return reply.redirect(`/#${path}${query ? `?${query}` : ''}`, 302);
      },
    });
  }
}
