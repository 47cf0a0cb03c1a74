import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { contentSecurityPolicy } from '../src/platform/csp.js';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('frames only the portal itself by default, or a site path', () => {
    expect(directive(contentSecurityPolicy(loadConfig({})), 'frame-src')).toBe("frame-src 'self'");
    expect(directive(contentSecurityPolicy(loadConfig({ BI_SHARE_URL: '/bi/share' })), 'frame-src')).toBe("frame-src 'self'");
  });

  it('adds the origin of an external share page, and nothing of its path', () => {
    const csp = contentSecurityPolicy(loadConfig({ BI_SHARE_URL: 'https://bi.example.com:8443/share/page?x=1' }));
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://bi.example.com:8443");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });

  it('connects only to the portal itself, plus a configured WebSocket origin; never to any host', () => {
    expect(directive(contentSecurityPolicy(loadConfig({})), 'connect-src')).toBe("connect-src 'self'");
    expect(directive(contentSecurityPolicy(loadConfig({ WS_ORIGIN: 'wss://broker.example.com:15673' })), 'connect-src')).toBe(
      "connect-src 'self' wss://broker.example.com:15673",
    );
    expect(() => loadConfig({ WS_ORIGIN: 'wss://broker.example.com/path' })).toThrow(/WS_ORIGIN/);
    expect(() => loadConfig({ WS_ORIGIN: 'https://broker.example.com' })).toThrow(/WS_ORIGIN/);
  });
});
