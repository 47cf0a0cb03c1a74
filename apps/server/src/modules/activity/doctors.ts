import { sql, type SQL } from 'drizzle-orm';
import { isDoctorOutOfScope, type DoctorRef, type DoctorSummary, type MessageKey, type NamedDoctorRef } from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { compileScope, scopeOf, doctorIdsInScope, doctorsNamedTo, doctorSummaries, findDoctorInScope, isDoctorInScope } from '../customers/index.js';
import { badRequest, notFound } from '../../platform/errors.js';

/**
 * Doctors come from the customers area: every doctor id this area takes is checked against the
 * caller's data scope there (customers/scope.ts), every list filters by its condition, and every
 * doctor a row names is named in the reader's scope (docs/decisions/0036). This file is the only
 * place that talks to it.
 */

const refOf = (d: DoctorSummary): DoctorRef => ({ id: d.id, name: d.name, hospitalName: d.hospitalName, department: d.dept2Name ?? d.dept1Name });

/** The doctor if it is within the caller's scope, else 404. */
export async function doctorInScope(db: Tx, user: CurrentUser, doctorId: number): Promise<DoctorRef> {
  return refOf(await findDoctorInScope(db, await scopeOf(db, user), doctorId));
}

/** All the doctors if every one is within the caller's scope, else 404. */
export async function doctorsInScope(db: Tx, user: CurrentUser, ids: readonly number[]): Promise<Map<number, DoctorRef>> {
  const found = await doctorSummaries(db, ids, await scopeOf(db, user));
  if (ids.some((id) => !found.has(id))) throw notFound();
  return new Map([...found].map(([id, d]) => [id, refOf(d)]));
}

/** A condition on a doctor-id column that keeps only the caller's scope. */
export async function doctorScopeCondition(db: Tx, user: CurrentUser, column: SQL): Promise<SQL> {
  const scope = await scopeOf(db, user);
  return scope.all ? sql`true` : sql`${column} in ${doctorIdsInScope(scope)}`;
}

/** The doctors rows name, as the reader may see them: inside the reader's scope the doctor, else the marker. */
export async function doctorsNamedToReader(db: Tx, reader: CurrentUser, ids: Iterable<number>): Promise<(id: number) => NamedDoctorRef> {
  const named = await doctorsNamedTo(db, await scopeOf(db, reader), [...ids]);
  return (id) => {
    const doctor = named(id);
    return isDoctorOutOfScope(doctor) ? doctor : refOf(doctor);
  };
}

/**
 * 400 naming `field` unless the doctor is within the data scope of `userId` (whoever a task is
 * written for must be able to see its doctor).
 */
export async function requireDoctorInScopeOf(db: Tx, userId: number, doctorId: number, key: MessageKey, field: string): Promise<void> {
  if (!(await isDoctorInScope(db, await compileScope(db, userId), doctorId))) throw badRequest(key, field);
}
