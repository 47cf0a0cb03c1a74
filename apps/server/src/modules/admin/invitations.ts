import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  ADMIN_LIMITS,
  message,
  PASSWORD_LINK_PAGE_PATH,
  type InviteStatus,
  type Lang,
  type PasswordLinkStatus,
  type UserInviteResult,
} from '@field-portal/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { passwordLinks, users } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { sendMail } from '../../platform/mail.js';
import { hashPassword, isCommonPassword } from '../../platform/passwords.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { endSessionsOf } from '../auth/index.js';
import { enterpriseOf } from './account-rows.js';
import { audit, type Actor } from './common.js';

/**
 * Invitations (docs/decisions/0072): an administrator sends users who have no password (made or
 * imported for single sign-on, or before they were told one) a one-time link by e-mail; the link's
 * page sets a password under the portal's rules. Only the token's SHA-256 is stored.
 */

const DAY_MS = 86_400_000;

export interface InviteDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'mail'>;
  now: () => number;
}

/**
 * Makes a link per user named (a newer link ends the user's older ones) and e-mails it in the
 * user's language; without a mail server the message is written to DATA_DIR/outbox and the result
 * says so. Users without an e-mail address, disabled or unknown are named and skipped.
 */
export async function inviteUsers(deps: InviteDeps, actor: Actor, ids: readonly number[], origin: string): Promise<UserInviteResult> {
  const wanted = [...new Set(ids)];
  const rows = await deps.db
    .select({ id: users.id, username: users.username, realName: users.realName, email: users.email, enabled: users.enabled, language: users.language })
    .from(users)
    .where(inArray(users.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [inviter] = await deps.db.select({ realName: users.realName }).from(users).where(eq(users.id, actor.id));
  const company = (await enterpriseOf(deps.db))?.enterpriseName || 'Field Portal';
  const results: UserInviteResult['results'] = [];
  // sendMail sends through SMTP exactly when a mail server is configured.
  const transport: UserInviteResult['transport'] = deps.config.mail.smtpUrl ? 'smtp' : 'outbox';
  for (const id of wanted) {
    const user = byId.get(id);
    const skipped = (status: InviteStatus) => results.push({ id, username: user?.username ?? '', email: user?.email ?? '', status });
    if (!user) {
      skipped('notFound');
      continue;
    }
    if (!user.enabled) {
      skipped('disabled');
      continue;
    }
    if (!user.email) {
      skipped('noEmail');
      continue;
    }
    const { token, hash } = newSecret();
    const now = new Date(deps.now());
    await deps.db.transaction(async (tx) => {
      // A newer link ends the older ones: only the last e-mail's link works.
      await tx
        .update(passwordLinks)
        .set({ usedAt: now })
        .where(and(eq(passwordLinks.userId, id), isNull(passwordLinks.usedAt)));
      await tx.insert(passwordLinks).values({
        userId: id,
        tokenHash: hash,
        createdBy: actor.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ADMIN_LIMITS.inviteDays * DAY_MS),
      });
      await audit(tx, actor, 'invite', 'user', id, null, { email: user.email });
    });
    const lang: Lang = user.language === 'en' ? 'en' : 'zh';
    const params = {
      name: user.realName || user.username,
      inviter: inviter?.realName || actor.username,
      company,
      username: user.username,
      days: ADMIN_LIMITS.inviteDays,
      link: `${origin}${PASSWORD_LINK_PAGE_PATH}?token=${token}`,
    };
    try {
      const sent = await sendMail(
        deps.config,
        { to: user.email, subject: message('sys.invite.subject', lang, params), text: message('sys.invite.body', lang, params) },
        now.getTime(),
      );
      results.push({ id, username: user.username, email: user.email, status: sent.transport === 'smtp' ? 'sent' : 'outbox' });
    } catch {
      // Not sent: the link is of no use to anyone.
      await deps.db.delete(passwordLinks).where(eq(passwordLinks.tokenHash, hash));
      results.push({ id, username: user.username, email: user.email, status: 'failed' });
    }
  }
  const invited = results.filter((r) => r.status === 'sent' || r.status === 'outbox').length;
  return { results, invited, skipped: results.length - invited, transport };
}

/** The live link of a token (not used, not expired, its user enabled), with its user. */
async function liveLink(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ username: users.username, realName: users.realName })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(and(eq(passwordLinks.tokenHash, hashSecret(token)), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now), eq(users.enabled, true)))
    .limit(1);
  return row;
}

/** Whether an invitation's link is live, and whose, for its page. */
export async function passwordLinkStatus(db: Db, token: string, now: Date): Promise<PasswordLinkStatus> {
  const link = await liveLink(db, token, now);
  return link ? { valid: true, username: link.username, realName: link.realName } : { valid: false };
}

/**
 * Sets the password of a live link's user and ends the link (and the user's other links and
 * sessions) in one transaction; a dead or unknown link is 404 passwordLink.invalid, whatever the
 * password.
 */
export async function setPasswordByLink(db: Db, cache: AuthCache, token: string, password: string, now: Date): Promise<void> {
  if (isCommonPassword(password)) throw badRequest('password.common', 'password');
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(and(eq(passwordLinks.tokenHash, hashSecret(token)), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, now)))
      .returning({ userId: passwordLinks.userId });
    if (!link) throw new AppError(404, 'passwordLink.invalid', {}, 'token');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(users.id, link.userId), eq(users.enabled, true)))
      .returning({ id: users.id, username: users.username });
    if (!user) throw new AppError(404, 'passwordLink.invalid', {}, 'token');
    await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(and(eq(passwordLinks.userId, user.id), isNull(passwordLinks.usedAt)));
    await endSessionsOf(tx, [user.id], 'password-link', now);
    await audit(tx, { id: user.id, username: user.username }, 'setPasswordByLink', 'user', user.id, null, { password: 'changed' });
    return user.id;
  });
  await cache.invalidateUser(userId);
}
