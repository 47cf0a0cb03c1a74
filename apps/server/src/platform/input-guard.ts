import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parse as secureJsonParse } from 'secure-json-parse';
import { findUnstorable } from '@field-portal/shared';
import { AppError } from './errors.js';

/**
 * No text PostgreSQL cannot store (NUL, a lone surrogate) gets past the schemas of any route,
 * whoever wrote them: every string and object key of the path, query and body is looked at before
 * validation, and the first unstorable one answers 400 naming its field. The field schemas
 * (`dbText`) refuse the same values with the same message; this is the net under them, so a new
 * route cannot answer 500 "invalid byte sequence" (docs/decisions/0014).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // JSON bodies: Fastify's own parser answers one error for malformed JSON and for `__proto__`;
  // this one names what is wrong (SECURITY.md 15.3.6: a body with __proto__ is refused).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new AppError(400, 'field.required', { field: 'body' }, 'body'), undefined);
    try {
      done(null, secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const message = (error as Error).message;
      if (/forbidden prototype property/i.test(message)) {
        const field = /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor';
        return done(new AppError(400, 'field.unknown', { field }, field), undefined);
      }
      done(new AppError(400, 'field.invalid', { field: 'body' }, 'body'), undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorable(part);
      if (field !== undefined) {
        const name = field || 'body';
        return done(new AppError(400, 'field.unstorable', { field: name }, name));
      }
    }
    done();
  });
});
