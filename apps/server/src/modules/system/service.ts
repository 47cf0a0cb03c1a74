import { and, eq, isNull, ne } from 'drizzle-orm';
import { ROLE_APP_KEYS, type HomeStatistics, type LoginTypeItem, type TenantInfo, type UserInfo } from '@field-portal/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SignInThrottle } from '../../platform/sign-in-throttle.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { enterprises, homeStatistics, roles, sessions, userRoles, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { ssoClient } from '../auth/index.js';
import { coverage } from '../customers/index.js';
import { medicineCount } from '../reference/index.js';
import { hashPassword, hasPassword, isCommonPassword, verifyPassword } from '../../platform/passwords.js';

/** Flags the client derives from role names (spec 001 section 6). */
export function deriveRoleFlags(roleNames: readonly string[]) {
  return {
    officeName: roleNames.includes('MAF') ? 'MSL' : '',
    crc: roleNames.includes('CRC&OVERSEAS'),
    appKeys: roleNames.map((name) => ROLE_APP_KEYS[name]).filter((key): key is string => Boolean(key)),
  };
}

export async function userInfo(db: Db, userId: number): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  const userRoleRows = await db
    .select({ name: roles.name, nameEn: roles.nameEn })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.usable, true)))
    .orderBy(roles.id);
  const [enterprise] = await db.select().from(enterprises).limit(1);
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    enabled: user.enabled,
    enterpriseName: enterprise?.enterpriseName ?? '',
    singleSignOn: !hasPassword(user.passwordHash),
    mustChangeCredentials: user.mustChangePassword,
    roles: userRoleRows,
    groups: user.groups,
    buList: user.buList,
    products: user.products,
    ...deriveRoleFlags(userRoleRows.map((r) => r.name)),
  };
}

/** Login type by domain: the identity-server entry only when one is configured (spec 001 section 2.1). */
export async function loginType(config: Config, domain: string): Promise<LoginTypeItem[]> {
  const client = ssoClient(config);
  return client ? [await client.loginType(domain)] : [];
}

export async function tenantInfo(db: Db, domain: string): Promise<TenantInfo> {
  const [byDomain] = await db.select().from(enterprises).where(eq(enterprises.domain, domain)).limit(1);
  const [first] = byDomain ? [byDomain] : await db.select().from(enterprises).orderBy(enterprises.id).limit(1);
  if (!first) throw new AppError(404, 'session.comFail');
  return {
    tenantId: first.tenantId,
    name: first.name,
    enterpriseName: first.enterpriseName,
    domain: first.domain,
    copyright: first.copyright,
    filingNumber: first.filingNumber,
  };
}

/** Password change in the personal centre; other sessions of the user end. */
/**
 * Changes the own password. A wrong old password counts into the sign-in throttle of the account
 * from this address, so a stolen access token cannot guess the password without limit.
 */
export async function changePassword(
  db: Db,
  cache: AuthCache,
  userId: number,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
  now: number,
  attempt: { throttle: SignInThrottle; username: string; address: string },
) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  if (!hasPassword(user.passwordHash)) throw new AppError(400, 'sso.noLocalPassword', { field: 'oldPassword' }, 'oldPassword');
  await attempt.throttle.before(attempt);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    await attempt.throttle.failed(attempt);
    throw new AppError(400, 'password.oldWrong', { field: 'oldPassword' }, 'oldPassword');
  }
  await attempt.throttle.succeeded(attempt);
  if (isCommonPassword(newPassword)) throw new AppError(400, 'password.common', { field: 'newPassword' }, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(now) })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(now), revokedReason: 'password-changed' })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
  });
  await cache.invalidateUser(userId);
}

/** Enables or disables an account; disabling ends every session of it at once. */
export async function setUserEnabled(db: Db, cache: AuthCache, userId: number, enabled: boolean, now: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ enabled, updatedAt: new Date(now) })
      .where(eq(users.id, userId));
    if (!enabled) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(now), revokedReason: 'user-disabled' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    }
  });
  await cache.invalidateUser(userId);
}

/** Dashboard tiles of spec 001 section 1, each opening its area when the user may see it. */
const TILES: { key: string; router: string | null }[] = [
  { key: 'latestNews', router: 'companyDynamics' },
  { key: 'appCentre', router: 'appCentre' },
  { key: 'contentCentre', router: 'contentCenterIndex' },
  { key: 'broadcast', router: 'departmentDynamics' },
  { key: 'compliance', router: null },
  { key: 'smartRecommendation', router: 'NewRecommend' },
  { key: 'interactionCommunity', router: 'newsIndex' },
  { key: 'brandCentre', router: null },
];

export async function homeStatisticsFor(db: Db, permittedPaths: Map<string, string>): Promise<HomeStatistics> {
  const [rows, covered, drugs] = await Promise.all([db.select().from(homeStatistics).orderBy(homeStatistics.sort), coverage(db), medicineCount(db)]);
  // The figures the portal holds the rows of are counted, whatever a home-data row says.
  const counted: Record<string, number> = { ...covered, drugs };
  return {
    stats: rows.map((r) => ({ key: r.key, value: counted[r.key] ?? r.value, unit: r.unit, name: r.name, nameEn: r.nameEn })),
    tiles: TILES.map((tile) => ({ key: tile.key, path: (tile.router && permittedPaths.get(tile.router)) || null, count: null })),
  };
}
