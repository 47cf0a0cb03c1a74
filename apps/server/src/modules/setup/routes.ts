import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, SETUP_LIMITS, SETUP_PAGE_PATH, setupRequest, setupStatusQuery } from '@field-portal/shared';
import { loggableError } from '../../platform/errors.js';
import { completeSetup, setupStatus } from './service.js';
import { SETUP_LINK_FILE } from './link.js';

const limited = { public: true, rateLimit: { max: SETUP_LIMITS.perAddressPerMinute, timeWindow: 60_000 } } as const;

/** The first start's setup (docs/decisions/0041): public, rate-limited, refused once an administrator exists. */
export async function setupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(API.setup.status, {
    config: limited,
    schema: {
      tags: ['setup'],
      summary: 'Whether the portal still needs its first administrator, and whether the setup link given is live',
      querystring: setupStatusQuery,
    },
    handler: async (request) => setupStatus(app.ctx.database.db, request.query.token),
  });

  r.post(API.setup.setup, {
    config: limited,
    schema: {
      tags: ['setup'],
      summary: "Creates the first administrator and the company's name with the setup link's token; answers the administrator's tokens",
      body: setupRequest,
    },
    handler: async (request) => {
      const tokens = await completeSetup({ db: app.ctx.database.db, tokens: app.ctx.tokens, cache: app.ctx.authCache, now: app.ctx.now }, request.body);
      request.log.info({ username: request.body.username }, 'first administrator created by the setup page');
      // The link written for the operator is dead now; a failure to remove it changes nothing.
      await fs
        .rm(path.join(app.ctx.config.dataDir, SETUP_LINK_FILE), { force: true })
        .catch((error: unknown) => request.log.warn({ err: loggableError(error) }, 'setup link file not removed'));
      return tokens;
    },
  });

  // The console prints a real path; the web's routes are hash routes.
  r.get(SETUP_PAGE_PATH, {
    config: limited,
    schema: { tags: ['setup'], summary: `Forwards to the web's #${SETUP_PAGE_PATH} with the same token`, querystring: setupStatusQuery },
    handler: async (request, reply) => {
      const query = request.query.token ? `?${new URLSearchParams({ token: request.query.token }).toString()}` : '';
      return reply.redirect(`/#${SETUP_PAGE_PATH}${query}`, 302);
    },
  });
}
