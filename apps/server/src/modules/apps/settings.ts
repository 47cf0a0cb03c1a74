import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EnterpriseRecord, enterpriseInput, OptionRecord } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { enterprises, roles, users } from '../../db/schema/index.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { searchCondition } from '../../platform/crud.js';
import { audit } from './service.js';

/** The form choices (roles, users) and the enterprise settings of docs/decisions/0010. */

// ---------------------------------------------------------------- choices of the forms

export async function roleOptions(db: Db): Promise<OptionRecord[]> {
  return db.select({ id: roles.id, name: roles.name, nameEn: roles.nameEn }).from(roles).orderBy(asc(roles.id));
}

/** Enabled users by login or display name: `name` is the display name, `nameEn` the login name. */
export async function userOptions(db: Db, search: string): Promise<OptionRecord[]> {
  const where = and(eq(users.enabled, true), searchCondition([users.username, users.firstName, users.realName], search));
  const rows = await db.select({ id: users.id, name: users.firstName, nameEn: users.username }).from(users).where(where).orderBy(asc(users.username)).limit(20);
  return rows;
}

// ---------------------------------------------------------------- enterprise settings

const toEnterprise = (r: typeof enterprises.$inferSelect): EnterpriseRecord => ({
  tenantId: r.tenantId,
  name: r.name,
  enterpriseName: r.enterpriseName,
  domain: r.domain,
  copyright: r.copyright,
  filingNumber: r.filingNumber,
});

export async function getEnterprise(db: Tx): Promise<EnterpriseRecord> {
  const [row] = await db.select().from(enterprises).orderBy(asc(enterprises.id)).limit(1);
  if (!row) throw new AppError(404, 'session.comFail');
  return toEnterprise(row);
}

/** Updates the enterprise (the first tenant): the login page and the footer read it. */
export async function updateEnterprise(db: Db, user: CurrentUser, input: z.output<typeof enterpriseInput>): Promise<EnterpriseRecord> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(enterprises).orderBy(asc(enterprises.id)).limit(1).for('update');
    if (!current) throw new AppError(404, 'session.comFail');
    const [row] = await tx.update(enterprises).set(input).where(eq(enterprises.id, current.id)).returning();
    const after = toEnterprise(row!);
    await audit(tx, user, 'update', 'enterprise', current.tenantId, toEnterprise(current), after);
    return after;
  });
}
