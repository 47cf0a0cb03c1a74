import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_AUTHORITY, API, accessTokenCreateRequest, accessTokenUsersQuery, adminIdParams } from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import type { AccountsDoor } from './accounts.js';
import { accessTokenUsers, createAccessToken, listAccessTokens, revokeAccessToken, type AccessTokenDeps } from './access-tokens.js';

const tags = ['accessTokens'];
const config = { authority: ACCESS_TOKEN_AUTHORITY };

/** 系统管理 → 访问令牌: an administrator's calls for service accounts' tokens (docs/decisions/0050). */
export async function accessTokenRoutes(app: FastifyInstance, options: { accounts: AccountsDoor }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): AccessTokenDeps => ({ db: app.ctx.database.db, cache: app.ctx.authCache, now: app.ctx.now, accounts: options.accounts });

  r.get(API.accessTokens.list, {
    config,
    schema: { tags, summary: 'Every personal access token, newest first; never the secret' },
    handler: async () => listAccessTokens(deps()),
  });
  r.get(API.accessTokens.users, {
    config,
    schema: { tags, summary: 'Enabled accounts holding an import grant, by login or real name (the "acts as" picker)', querystring: accessTokenUsersQuery },
    handler: async (request) => accessTokenUsers(deps(), request.query.keyword),
  });
  r.post(API.accessTokens.create, {
    config,
    schema: {
      tags,
      summary: 'Create a token acting as a service account, limited to import grants; the answer holds the token, shown this once',
      body: accessTokenCreateRequest,
    },
    handler: async (request) => createAccessToken(deps(), currentUser(request), request.body),
  });
  r.post(API.accessTokens.revoke, {
    config,
    schema: { tags, summary: 'Revoke a token: refused from its next call', params: adminIdParams },
    handler: async (request) => revokeAccessToken(deps(), currentUser(request), request.params.id),
  });
}
