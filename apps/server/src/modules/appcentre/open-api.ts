import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { APPS_LIMITS, isSafeLink, signedText, type OpenApiIdentity, type OpenApiSign } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { apps, openApiNonces } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { enabledAccount } from '../admin/index.js';
import { visibleApp } from './service.js';

/**
 * Signed app launches (spec 001 section 7.8 "open-api getSign", docs/decisions/0012): the portal
 * signs who opens which app and when; the app's server hands the parameters back to verifySign,
 * which answers who it is once, within the time window.
 */
export class OpenApiSigner {
  constructor(
    /** The open-api master key (derivedKey 'open-api sign v1'); each app's key is derived from it. */
    private readonly master: Buffer,
    private readonly now: () => number,
  ) {}

  private appKeyOf(appKey: string): Buffer {
    return crypto.createHmac('sha256', this.master).update(`app:${appKey}`).digest();
  }

  signature(p: { account: string; appKey: string; nonce: string; timestamp: number }): string {
    return crypto.createHmac('sha256', this.appKeyOf(p.appKey)).update(signedText(p)).digest('hex');
  }

  /** The launch parameters of an app the user may use (404 for any other). */
  async getSign(db: Db, user: { id: number; username: string }, appId: number): Promise<OpenApiSign> {
    const app = await visibleApp(db, user.id, appId);
    const params = { account: user.username, appKey: app.appKey, nonce: crypto.randomBytes(16).toString('hex'), timestamp: this.now() };
    const sign = this.signature(params);
    return { appId: app.id, ...params, sign, url: launchUrl(app.url, { ...params, sign }) };
  }

  /**
   * Checks the parameters an app received: the signature must match, the timestamp lie within
   * the window, the user still be enabled and the app still exist and be enabled; the nonce is
   * then spent, so the same parameters are refused a second time.
   */
  async verify(db: Db, p: { account: string; appKey: string; nonce: string; timestamp: number; sign: string }): Promise<OpenApiIdentity> {
    const expected = Buffer.from(this.signature(p), 'hex');
    if (!crypto.timingSafeEqual(expected, Buffer.from(p.sign, 'hex'))) throw new AppError(401, 'apps.sign.invalid');
    const now = this.now();
    const window = APPS_LIMITS.signTtlSeconds * 1000;
    if (Math.abs(now - p.timestamp) > window) throw new AppError(401, 'apps.sign.expired');
    return db.transaction(async (tx) => {
      const [app] = await tx
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.appKey, p.appKey), eq(apps.enabled, true)))
        .limit(1);
      const user = await enabledAccount(tx, p.account);
      if (!app || !user) throw new AppError(401, 'apps.sign.invalid');
      await tx.delete(openApiNonces).where(lt(openApiNonces.expiresAt, new Date(now)));
      const spent = await tx
        .insert(openApiNonces)
        .values({ nonce: p.nonce, expiresAt: new Date(p.timestamp + window) })
        .onConflictDoNothing()
        .returning({ nonce: openApiNonces.nonce });
      if (spent.length === 0) throw new AppError(401, 'apps.sign.used');
      return { account: user.username, name: user.realName || user.firstName || user.username, email: user.email, appKey: p.appKey };
    });
  }
}

/**
 * The app's link with the launch parameters in its query; null without a link, or with one that
 * is not a site-relative path or an http(s)/ftp URL (stored before the rule): the signed
 * parameters never go to a host the link only pretends to be on ('//host', '/\\host').
 */
export function launchUrl(link: string, params: Record<string, string | number>): string | null {
  if (!link || !isSafeLink(link)) return null;
  const base = 'http://portal.invalid';
  const url = new URL(link, base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
