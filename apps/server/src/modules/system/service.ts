import { ROLE_APP_KEYS, type HomeStatistics, type LoginTypeItem, type TenantInfo, type UserInfo } from '@field-portal/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SignInThrottle } from '../../platform/sign-in-throttle.js';
import type { AuthCache } from '../../platform/auth-cache.js';
import { AppError, notFound } from '../../platform/errors.js';
import { accountRow, enterpriseOf, passwordHashOf, setPasswordHash, usableRolesOf } from '../admin/index.js';
import { endSessionsOf, ssoClient } from '../auth/index.js';
import { coverage } from '../customers/index.js';
import { homeStatisticRows } from '../home/index.js';
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
  const user = await accountRow(db, userId);
  if (!user) throw notFound();
  const userRoleRows = await usableRolesOf(db, userId);
  const enterprise = await enterpriseOf(db);
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
  const first = await enterpriseOf(db, domain);
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
  const storedHash = await passwordHashOf(db, userId);
  if (storedHash === undefined) throw notFound();
  if (!hasPassword(storedHash)) throw new AppError(400, 'sso.noLocalPassword', { field: 'oldPassword' }, 'oldPassword');
  await attempt.throttle.before(attempt);
  if (!(await verifyPassword(storedHash, oldPassword))) {
    await attempt.throttle.failed(attempt);
    throw new AppError(400, 'password.oldWrong', { field: 'oldPassword' }, 'oldPassword');
  }
  await attempt.throttle.succeeded(attempt);
  if (isCommonPassword(newPassword)) throw new AppError(400, 'password.common', { field: 'newPassword' }, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash, new Date(now));
    await endSessionsOf(tx, [userId], 'password-changed', new Date(now), sessionId);
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
  const [rows, covered, drugs] = await Promise.all([homeStatisticRows(db), coverage(db), medicineCount(db)]);
  // The figures the portal holds the rows of are counted, whatever a home-data row says.
  const counted: Record<string, number> = { ...covered, drugs };
  return {
    stats: rows.map((r) => ({ key: r.key, value: counted[r.key] ?? r.value, unit: r.unit, name: r.name, nameEn: r.nameEn })),
    tiles: TILES.map((tile) => ({ key: tile.key, path: (tile.router && permittedPaths.get(tile.router)) || null, count: null })),
  };
}
