import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { usesCardEnvelope } from '@field-portal/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Send the handler's value as it is, without the service envelope. */
    raw?: boolean;
  }
}

/** The success envelope of the service the URL belongs to. */
export function envelopeOk(url: string, value: unknown, msg = 'success') {
  return usesCardEnvelope(url) ? { status: 200, msg, data: value ?? null } : { code: 200, msg, result: value ?? null };
}

export function envelopeError(url: string, status: number, msg: string, field?: string, data?: unknown) {
  const base = usesCardEnvelope(url) ? { status, msg, data: data ?? null } : { code: status, msg, result: data ?? null };
  return field ? { ...base, field } : base;
}

/** Wraps the return value of every API handler in the envelope of its service (ARCHITECTURE.md, API contract). */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || request.routeOptions.config?.raw || !request.url.startsWith('/API-')) return done(null, payload);
    done(null, envelopeOk(request.url, payload));
  });
});
