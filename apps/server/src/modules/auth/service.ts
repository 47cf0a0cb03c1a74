import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LOGIN_LOCK, TOKENS, type TokenResponse } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError } from '../../platform/errors.js';
import { dummyPasswordHash, hasPassword, verifyPassword } from '../../platform/passwords.js';
import { hashSecret, newSecret, type TokenService } from '../../platform/tokens.js';
import { waitSeconds, type SignInThrottle } from '../../platform/sign-in-throttle.js';
import type { AccountsDoor } from './accounts.js';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  cache: AuthCache;
  now: () => number;
}

/** Sign-in's and refresh's dependencies: besides the sessions, the accounts admin owns. */
export interface SignInDeps extends AuthDeps {
  accounts: AccountsDoor;
}

/** Wait after `failures` consecutive failures of one account from one address: doubles from the first, capped. */
export function lockSeconds(failures: number): number {
  return waitSeconds(failures, LOGIN_LOCK.freeFailures);
}

async function issueTokens(deps: AuthDeps, tx: Tx, user: { id: number; username: string }, sessionId: string): Promise<TokenResponse> {
  const refresh = newSecret();
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

/**
 * Local sign-in against argon2id hashes. Repeated failures slow the address that makes them, for
 * that account (and, over many accounts, for every one), never the owner elsewhere; an unknown
 * username costs and answers the same as a real one (docs/decisions/0014).
 */
export async function login(deps: SignInDeps, throttle: SignInThrottle, address: string, username: string, password: string): Promise<TokenResponse> {
  const attempt = { username, address };
  await throttle.before(attempt);
  const user = await deps.accounts.withPassword(deps.db, username);
  // No account, or one of single sign-on without a password: the check fails, in the time a real one takes.
  const verified =
    user && hasPassword(user.passwordHash)
      ? await verifyPassword(user.passwordHash, password)
      : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
  if (!user || !verified) {
    await throttle.failed(attempt);
    throw new AppError(401, 'login.failed');
  }
  await throttle.succeeded(attempt);
  if (!user.enabled) throw new AppError(403, 'login.disabled');
  return deps.db.transaction(async (tx) => startSession(deps, tx, user));
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
export async function refresh(deps: SignInDeps, token: string): Promise<TokenResponse> {
  const tokenHash = hashSecret(token);
  const invalid = () => new AppError(400, 'token.refreshInvalid');
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    const user = row && (await deps.accounts.byId(tx, row.session.userId));
    if (!row || !user) return { error: invalid() };
    const now = deps.now();
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    if (claimed.length === 0) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(now), revokedReason: 'refresh-token-reuse' })
        .where(eq(sessions.id, row.session.id));
      return { error: invalid(), revokedSession: row.session.id };
    }
    const live = user.enabled && !row.session.revokedAt && row.session.absoluteExpiresAt.getTime() > now && row.token.expiresAt.getTime() > now;
    if (!live) return { error: invalid() };
    return { tokens: await issueTokens(deps, tx, user, row.session.id) };
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
      .where(eq(refreshTokens.tokenHash, hashSecret(refreshToken)))
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
