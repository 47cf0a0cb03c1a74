import type { Config } from '../config.js';

/**
 * CSP of the portal (SECURITY.md, headers); antd writes its styles at run time, hence style-src
 * 'unsafe-inline'. Frames: the portal's own pages, plus the origin of an external analytics share
 * page (BI_SHARE_URL) when one is configured, so the report screens can frame it.
 */
export function contentSecurityPolicy(config: Pick<Config, 'biShareUrl'>): string {
  const frames = ["'self'"];
  if (config.biShareUrl && /^https?:\/\//.test(config.biShareUrl)) frames.push(new URL(config.biShareUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self' ws: wss:",
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
