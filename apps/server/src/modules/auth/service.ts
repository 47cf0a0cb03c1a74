import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LOGIN_LOCK, TOKENS, type TokenResponse } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError } from '../../platform/errors.js';
import { dummyPasswordHash, hasPassword, verifyPassword } from '../../platform/passwords.js';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../../platform/tokens.js';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  cache: AuthCache;
  now: () => number;
}

/** Lock length after `failures` consecutive failures: doubles from the first lock, capped, so a stranger cannot lock an account for long. */
export function lockSeconds(failures: number): number {
  if (failures < LOGIN_LOCK.freeFailures) return 0;
  const doublings = failures - LOGIN_LOCK.freeFailures;
  return Math.min(LOGIN_LOCK.firstLockSeconds * 2 ** Math.min(doublings, 20), LOGIN_LOCK.maxLockSeconds);
}

async function issueTokens(deps: AuthDeps, tx: Tx, user: { id: number; username: string }, sessionId: string): Promise<TokenResponse> {
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({
    tokenHash: refresh.hash,
    sessionId,
    createdAt: new Date(deps.now()),
    expiresAt: new Date(deps.now() + TOKENS.refreshTtlSeconds * 1000),
  });
  return {
    access_token: await deps.tokens.signAccess({ userId: user.id, username: user.username, sessionId }),
    token_type: 'Bearer',
    expires_in: TOKENS.accessTtlSeconds,
    refresh_token: refresh.token,
    refresh_expires_in: TOKENS.refreshTtlSeconds,
  };
}

/** Local sign-in against argon2id hashes, with a growing temporary lock after repeated failures. */
export async function login(deps: AuthDeps, username: string, password: string): Promise<TokenResponse> {
  const [user] = await deps.db.select().from(users).where(eq(users.username, username)).limit(1);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError(401, 'login.failed');
  }
  const now = deps.now();
  if (user.lockedUntil && user.lockedUntil.getTime() > now) {
    throw new AppError(429, 'login.locked', { seconds: Math.ceil((user.lockedUntil.getTime() - now) / 1000) });
  }
  // An account of single sign-on has no password: the check fails, in the time a real one takes.
  const verified = hasPassword(user.passwordHash)
    ? await verifyPassword(user.passwordHash, password)
    : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
  if (!verified) {
    const [updated] = await deps.db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins });
    const seconds = lockSeconds(updated?.failedLogins ?? 0);
    if (seconds > 0) {
      await deps.db.update(users).set({ lockedUntil: new Date(now + seconds * 1000) }).where(eq(users.id, user.id));
    }
    throw new AppError(401, 'login.failed');
  }
  if (!user.enabled) throw new AppError(403, 'login.disabled');
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return startSession(deps, tx, user);
  });
}

/** A new session with its first tokens; after a single sign-on it keeps the provider's ID token for logout. */
export async function startSession(deps: AuthDeps, tx: Tx, user: { id: number; username: string }, idTokenHint?: string): Promise<TokenResponse> {
  const now = deps.now();
  const sessionId = crypto.randomUUID();
  await tx.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    createdAt: new Date(now),
    absoluteExpiresAt: new Date(now + TOKENS.refreshAbsoluteSeconds * 1000),
    idTokenHint: idTokenHint ?? null,
  });
  return issueTokens(deps, tx, user, sessionId);
}

/**
 * Rotates a refresh token. Presenting one that was already used revokes its whole
 * family: either the user or a thief has an old copy, and we cannot tell which.
 */
export async function refresh(deps: AuthDeps, token: string): Promise<TokenResponse> {
  const tokenHash = hashRefreshToken(token);
  const invalid = () => new AppError(400, 'token.refreshInvalid');
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: { id: users.id, username: users.username, enabled: users.enabled } })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row) return { error: invalid() };
    const now = deps.now();
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    if (claimed.length === 0) {
      await tx.update(sessions).set({ revokedAt: new Date(now), revokedReason: 'refresh-token-reuse' }).where(eq(sessions.id, row.session.id));
      return { error: invalid(), revokedSession: row.session.id };
    }
    const live =
      row.user.enabled &&
      !row.session.revokedAt &&
      row.session.absoluteExpiresAt.getTime() > now &&
      row.token.expiresAt.getTime() > now;
    if (!live) return { error: invalid() };
    return { tokens: await issueTokens(deps, tx, row.user, row.session.id) };
  });
  // The reuse revocation must commit, so the error is thrown after the transaction.
  if ('error' in outcome) {
    if (outcome.revokedSession) await deps.cache.invalidateSession(outcome.revokedSession);
    throw outcome.error;
  }
  return outcome.tokens;
}

/**
 * Ends a session: by the session of the access token, or by the family of a refresh token. Answers
 * the ID token of a session that a single sign-on started, for the provider's logout.
 */
export async function logout(deps: AuthDeps, sessionId: string | undefined, refreshToken: string | undefined): Promise<{ idTokenHint: string | undefined }> {
  const ids = new Set<string>();
  if (sessionId) ids.add(sessionId);
  if (refreshToken) {
    const [row] = await deps.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
      .limit(1);
    if (row) ids.add(row.sessionId);
  }
  let idTokenHint: string | undefined;
  for (const id of ids) {
    const [ended] = await deps.db
      .update(sessions)
      .set({ revokedAt: new Date(deps.now()), revokedReason: 'logout' })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ idTokenHint: sessions.idTokenHint });
    idTokenHint ??= ended?.idTokenHint ?? undefined;
    await deps.cache.invalidateSession(id);
  }
  return { idTokenHint };
}
