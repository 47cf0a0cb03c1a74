import { SignJWT, errors, jwtVerify } from 'jose';
import { ANALYTICS_LIMITS } from '@field-portal/shared';
import type { Config } from '../../config.js';
import { derivedKey } from '../../platform/derived-key.js';

const AUDIENCE = 'field-portal-bi';
const ISSUER = 'field-portal';

export interface ShareClaims {
  dashboardId: number;
  userId: number;
  username: string;
  /** The portal session they were issued in: a logout ends them (docs/decisions/0014). */
  sessionId: string;
}

export interface TokenClaims {
  userId: number;
  username: string;
  sessionId: string;
}

export type Checked<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

/** The signing key of share values and analytics tokens (see derivedKey). */
export function analyticsKey(config: Config): Uint8Array {
  return new Uint8Array(derivedKey(config, 'field-portal analytics share v1'));
}

/** Signs and checks share values (bound to a dashboard and a user) and analytics tokens (bound to a user). */
export class AnalyticsTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => number,
  ) {}

  private sign(typ: string, claims: Record<string, unknown>, subject: string, ttl: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ typ, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .sign(this.key);
  }

  signShare(c: ShareClaims): Promise<string> {
    return this.sign('bi-share', { dash: c.dashboardId, uid: c.userId, sid: c.sessionId }, c.username, ANALYTICS_LIMITS.shareTtlSeconds);
  }

  signToken(c: TokenClaims): Promise<string> {
    return this.sign('bi-token', { uid: c.userId, sid: c.sessionId }, c.username, ANALYTICS_LIMITS.tokenTtlSeconds);
  }

  private async check(token: string, typ: string): Promise<Checked<Record<string, unknown>>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER, currentDate: new Date(this.now()) });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.uid !== 'number' || typeof payload.sid !== 'string')
        return { ok: false, reason: 'invalid' };
      return { ok: true, claims: payload };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  async checkShare(token: string): Promise<Checked<ShareClaims>> {
    const r = await this.check(token, 'bi-share');
    if (!r.ok) return r;
    const dash = r.claims.dash;
    if (typeof dash !== 'number') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { dashboardId: dash, userId: r.claims.uid as number, username: r.claims.sub as string, sessionId: r.claims.sid as string } };
  }

  async checkToken(token: string): Promise<Checked<TokenClaims>> {
    const r = await this.check(token, 'bi-token');
    if (!r.ok) return r;
    return { ok: true, claims: { userId: r.claims.uid as number, username: r.claims.sub as string, sessionId: r.claims.sid as string } };
  }
}
