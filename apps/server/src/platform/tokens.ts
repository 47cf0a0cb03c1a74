import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKENS } from '@field-portal/shared';

export interface AccessClaims {
  userId: number;
  username: string;
  sessionId: string;
}

/** Signs and checks access tokens: HS256 only, audience and issuer enforced, typ 'access'. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their expiry: a signature check costs a few hundred
   * microseconds, which would dominate every authenticated call. Expiry is still checked
   * on each use; revocation is the session's business (see AuthCache).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  private readonly maxVerified = 20_000;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ typ: 'access', username: claims.username, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKENS.accessTtlSeconds)
      .setAudience(TOKENS.audience)
      .setIssuer(TOKENS.issuer)
      .sign(this.key);
  }

  /** The claims of a valid access token, or undefined for anything else. */
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > this.now()) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    const claims = await this.checkSignature(token);
    if (claims) {
      if (this.verified.size >= this.maxVerified) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims.claims;
    }
    return undefined;
  }

  private async checkSignature(token: string): Promise<{ claims: AccessClaims; expiresAt: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: TOKENS.audience,
        issuer: TOKENS.issuer,
        currentDate: new Date(this.now()),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.username !== 'string') {
        return undefined;
      }
      return { claims: { userId, username: payload.username, sessionId: payload.sid }, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch {
      return undefined;
    }
  }
}

/**
 * A random secret (32 bytes, base64url) and its SHA-256, all the database keeps of it: refresh
 * tokens, the setup link, invitations' links.
 */
export function newSecret(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
