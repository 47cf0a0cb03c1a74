import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANG, resolveLang, type Lang } from '@field-portal/shared';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** The caller's language for messages: `language` header, then Accept-Language, else zh. */
export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.language;
    request.lang = resolveLang(Array.isArray(header) ? header[0] : header, request.headers['accept-language']);
    done();
  });
});
