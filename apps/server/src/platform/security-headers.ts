import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { contentSecurityPolicy } from './csp.js';

type Headers = Readonly<Record<string, string>>;

/**
 * The headers helmet would set: they never depend on the request, so they are worked out once
 * here instead of by helmet's middleware chain on every response (a tenth of an authenticated
 * call's time).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Headers {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers of every response (SECURITY.md, headers), set before the handler runs so that
 * a route may override one (the report share page may be framed by the portal; an uploaded image
 * may be cached): helmet's defaults with `frame-ancestors 'none'` matched by X-Frame-Options DENY,
 * the portal's CSP (not on /docs, whose page runs inline scripts), `no-store` on API responses,
 * which carry personal data, and HSTS on requests that came over TLS.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { config: Pick<Config, 'biShareUrl' | 'wsOrigin'> }) => {
  const base = helmetHeaders({ contentSecurityPolicy: false, strictTransportSecurity: false, xFrameOptions: { action: 'deny' } });
  const hsts = helmetHeaders({ contentSecurityPolicy: false })['strict-transport-security']!;
  const page: Headers = { ...base, 'content-security-policy': contentSecurityPolicy(options.config) };
  const api: Headers = { ...page, 'cache-control': 'no-store' };
  const docs: Headers = base;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/API-') ? api : url.startsWith('/docs') ? docs : page);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
});
