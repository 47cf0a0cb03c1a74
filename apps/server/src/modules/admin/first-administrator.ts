import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { enterprises, roles, userRoles, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { enterpriseOf } from './account-rows.js';

/**
 * The accounts and the company name that the first start writes (docs/decisions/0041, 0065): the
 * setup area keeps its links and the order of the steps; the rows are admin's, and so are the
 * administrator role's name and the enterprise row of a portal not yet set up (the system seed
 * writes both, through this face).
 */

/** The role that holds every menu; the first administrator gets it. */
export const ADMIN_ROLE = 'admin';

/** The enterprise row of a portal not yet set up: the setup page names the company (docs/decisions/0041). */
export const DEFAULT_ENTERPRISE = { tenantId: 'default', name: 'Field Portal', enterpriseName: '', domain: 'localhost' } as const;

/** Whether the portal has an enabled account holding the administrator role. */
export async function hasAdministrator(db: Db | Tx): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.name = ${ADMIN_ROLE} and u.enabled`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Creates the administrator account with the administrator role, audited (inside the caller's transaction). */
export async function insertFirstAdministrator(
  tx: Tx,
  values: { username: string; passwordHash: string; displayName: string; email: string; company: string; mustChangePassword: boolean },
  now: Date,
): Promise<{ id: number; username: string }> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, values.username)).limit(1);
  if (existing) throw badRequest('sys.user.usernameDuplicate', 'username');
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE)).limit(1);
  // The system data (seed/system.ts) is written before the server listens: no role is a broken installation.
  if (!role) throw new Error('the administrator role is missing: the system data was not seeded');
  const [user] = await tx
    .insert(users)
    .values({
      username: values.username,
      passwordHash: values.passwordHash,
      firstName: values.displayName,
      realName: values.displayName,
      email: values.email,
      company: values.company,
      userType: 'system',
      mustChangePassword: values.mustChangePassword,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id, username: users.username });
  await tx.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  await recordAudit(tx, {
    actorId: user!.id,
    actorName: user!.username,
    action: 'create',
    entity: 'user',
    entityId: String(user!.id),
    before: null,
    after: { username: user!.username, role: ADMIN_ROLE, firstAdministrator: true },
  });
  return user!;
}

/**
 * The company named at setup: the enterprise settings' name, and the footer's line unless an
 * administrator wrote another; the settings' row is made when there is none.
 */
export async function nameCompany(tx: Tx, companyName: string, now: Date): Promise<void> {
  const copyright = `Copyright © ${now.getFullYear()} ${companyName}`;
  const enterprise = await enterpriseOf(tx);
  if (enterprise)
    await tx
      .update(enterprises)
      .set({ enterpriseName: companyName, copyright: enterprise.copyright || copyright })
      .where(eq(enterprises.id, enterprise.id));
  else await tx.insert(enterprises).values({ ...DEFAULT_ENTERPRISE, enterpriseName: companyName, copyright });
}
