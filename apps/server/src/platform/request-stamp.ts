import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The web adds `_t` (seconds) to every GET query and POST/PUT/PATCH body (spec 001 section 9.1)
 * to defeat caches. It carries no meaning, so it is dropped before the strict schemas see the request.
 */
export const requestStampPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.query, request.body]) {
      if (part && typeof part === 'object' && !Array.isArray(part) && Object.hasOwn(part, '_t')) {
        delete (part as Record<string, unknown>)._t;
      }
    }
    done();
  });
});
