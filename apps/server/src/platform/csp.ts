import type { Config } from '../config.js';

/**
 * CSP of the portal (SECURITY.md, headers); antd writes its styles at run time, hence style-src
 * 'unsafe-inline'. Frames: the portal's own pages, plus the origin of an external analytics share
 * page (BI_SHARE_URL) when one is configured, so the report screens can frame it. Connections:
 * the portal's own origin, plus a WebSocket origin when WS_ORIGIN names one (never any host).
 */
export function contentSecurityPolicy(config: Pick<Config, 'biShareUrl' | 'wsOrigin'>): string {
  const frames = ["'self'"];
  if (config.biShareUrl && /^https?:\/\//.test(config.biShareUrl)) frames.push(new URL(config.biShareUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // 'self' covers the portal's own ws:/wss: origin (CSP 3); another one only when configured.
    `connect-src 'self'${config.wsOrigin ? ` ${config.wsOrigin}` : ''}`,
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
