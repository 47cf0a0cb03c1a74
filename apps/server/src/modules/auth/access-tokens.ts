import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCESS_TOKEN_GRANTS,
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_PREFIX,
  type AccessTokenCreated,
  type AccessTokenItem,
  type AccessTokenUser,
  type accessTokenCreateRequest,
} from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { accessTokens } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { accessTokenSession, hashAccessToken, type CurrentUser } from '../../platform/auth.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { authoritiesOf, grantedMenuIds, menuCatalogue } from '../../platform/menu-catalogue.js';
import type { AccountsDoor } from './accounts.js';

/**
 * Personal access tokens of service accounts (docs/decisions/0050): created, listed and revoked by
 * an administrator; the guard (platform/auth.ts) accepts them on the routes of their grants only.
 */

export interface AccessTokenDeps {
  db: Db;
  cache: AuthCache;
  now: () => number;
  /** The accounts tokens act as, which admin owns. */
  accounts: AccountsDoor;
}

interface Row {
  id: number;
  name: string;
  hint: string;
  user_id: number;
  grants: string[];
  expires_at: Date | string | null;
  created_at: Date | string;
  created_by: string;
  revoked_at: Date | string | null;
  revoked_by: string | null;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toItem(row: Row, username: string, now: number): AccessTokenItem {
  const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= now;
  return {
    id: row.id,
    name: row.name,
    hint: `${ACCESS_TOKEN_PREFIX}${row.hint}…`,
    userId: row.user_id,
    username,
    grants: row.grants,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    revokedAt: iso(row.revoked_at),
    revokedBy: row.revoked_by,
    lastUsedAt: iso(row.last_used_at),
    status: row.revoked_at !== null ? 'revoked' : expired ? 'expired' : 'active',
  };
}

const selectTokens = sql`
  select t.id, t.name, t.hint, t.user_id, t.grants, t.expires_at, t.created_at, t.created_by, t.revoked_at, t.revoked_by, t.last_used_at
    from access_tokens t`;

/** The rows as the list shows them, with the login of the account each acts as. */
async function itemsOf(deps: AccessTokenDeps, rows: Row[], now = deps.now()): Promise<AccessTokenItem[]> {
  const usernames = await deps.accounts.usernamesOf(
    deps.db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => toItem(r, usernames.get(r.user_id) ?? '', now));
}

/** Every token, newest first; the secret is never kept, so never listed. */
export async function listAccessTokens(deps: AccessTokenDeps): Promise<AccessTokenItem[]> {
  return itemsOf(deps, await selectRows<Row>(deps.db, sql`${selectTokens} order by t.id desc`));
}

/** The import grants an account holds through its usable roles. */
async function importGrantsOf(deps: AccessTokenDeps, userIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (userIds.length === 0) return out;
  const [roleIds, catalogue] = await Promise.all([deps.accounts.usableRoleIds(deps.db, userIds), menuCatalogue(deps.db, deps.cache)]);
  for (const [id, held] of roleIds) {
    const authorities = authoritiesOf(catalogue, grantedMenuIds(catalogue, held));
    out.set(id, new Set(ACCESS_TOKEN_GRANTS.filter((g) => authorities.has(g))));
  }
  return out;
}

/** Enabled accounts that hold an import grant, by login or real name, for the "acts as" picker. */
export async function accessTokenUsers(deps: AccessTokenDeps, keyword: string): Promise<AccessTokenUser[]> {
  const rows = await deps.accounts.searchEnabled(deps.db, keyword, 500);
  const grants = await importGrantsOf(
    deps,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => (grants.get(r.id)?.size ?? 0) > 0)
    .slice(0, 50)
    .map((r) => ({ id: r.id, username: r.username, realName: r.realName }));
}

/** A new token: the answer is the only place its secret ever appears. */
export async function createAccessToken(
  deps: AccessTokenDeps,
  actor: CurrentUser,
  body: z.output<typeof accessTokenCreateRequest>,
): Promise<AccessTokenCreated> {
  const userId = body.userId;
  if (userId === undefined) throw badRequest('accessTokens.user.required', 'userId');
  const now = deps.now();
  let expiresAt: Date | null = null;
  if (body.expiresAt !== null) {
    expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now) throw badRequest('accessTokens.expiresAt.past', 'expiresAt');
    if (expiresAt.getTime() > now + ACCESS_TOKEN_LIMITS.expiryMaxDays * 86_400_000)
      throw badRequest('accessTokens.expiresAt.tooFar', 'expiresAt', { days: ACCESS_TOKEN_LIMITS.expiryMaxDays });
  }
  const account = await deps.accounts.byId(deps.db, userId);
  if (!account?.enabled) throw badRequest('accessTokens.user.unknown', 'userId');
  const held = (await importGrantsOf(deps, [userId])).get(userId) ?? new Set<string>();
  const grants = [...new Set(body.grants)];
  const missing = grants.find((g) => !held.has(g));
  if (missing) throw badRequest('accessTokens.user.lacksGrant', 'userId', { grant: missing });

  // 32 random bytes: guessing is hopeless, so one unsalted SHA-256 is enough to keep (decision 0050).
  const token = `${ACCESS_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessTokens)
      .values({
        name: body.name,
        tokenHash: hashAccessToken(token),
        hint: token.slice(ACCESS_TOKEN_PREFIX.length, ACCESS_TOKEN_PREFIX.length + ACCESS_TOKEN_LIMITS.hintLength),
        userId,
        grants,
        expiresAt,
        createdById: actor.id,
        createdBy: actor.username,
        createdAt: new Date(now),
      })
      .returning({ id: accessTokens.id });
    await recordAudit(tx, {
      actorId: actor.id,
      actorName: actor.username,
      action: 'create',
      entity: 'accessToken',
      entityId: String(row!.id),
      before: null,
      after: { name: body.name, userId, grants, expiresAt },
    });
    return row!.id;
  });
  const [item] = await itemsOf(deps, await selectRows<Row>(deps.db, sql`${selectTokens} where t.id = ${id}`), now);
  return { ...item!, token };
}

/** Revokes a token at once, on every instance (the guard's cache is told). */
export async function revokeAccessToken(deps: AccessTokenDeps, actor: CurrentUser, id: number): Promise<AccessTokenItem> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await selectRows<Row>(tx, sql`${selectTokens} where t.id = ${id} for update of t`);
    if (!before) throw notFound('accessTokens.notFound');
    if (before.revoked_at !== null) throw conflict('accessTokens.alreadyRevoked');
    await tx.execute(sql`update access_tokens set revoked_at = ${new Date(now)}, revoked_by = ${actor.username} where id = ${id}`);
    await recordAudit(tx, {
      actorId: actor.id,
      actorName: actor.username,
      action: 'revoke',
      entity: 'accessToken',
      entityId: String(id),
      before: { name: before.name, revokedAt: null },
      after: { name: before.name, revokedAt: new Date(now) },
    });
  });
  await deps.cache.invalidateSession(accessTokenSession(id));
  const [item] = await itemsOf(deps, await selectRows<Row>(deps.db, sql`${selectTokens} where t.id = ${id}`), now);
  return item!;
}
