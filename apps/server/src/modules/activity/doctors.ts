import { sql, type SQL } from 'drizzle-orm';
import type { DoctorRef, DoctorSummary } from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { compileScope, doctorIdsInScope, doctorSummaries, findDoctorInScope } from '../customers/scope.js';
import { notFound } from '../../platform/errors.js';

/**
 * Doctors come from the customers area: every doctor id this area takes is checked against the
 * caller's data scope there (customers/scope.ts), and every list filters by its condition. This
 * file is the only place that talks to it.
 */

const refOf = (d: DoctorSummary): DoctorRef => ({ id: d.id, name: d.name, hospitalName: d.hospitalName, department: d.dept2Name ?? d.dept1Name });

/** The doctor if it is within the caller's scope, else 404. */
export async function doctorInScope(db: Tx, user: CurrentUser, doctorId: number): Promise<DoctorRef> {
  return refOf(await findDoctorInScope(db, await compileScope(db, user.id), doctorId));
}

/** All the doctors if every one is within the caller's scope, else 404. */
export async function doctorsInScope(db: Tx, user: CurrentUser, ids: readonly number[]): Promise<Map<number, DoctorRef>> {
  const found = await doctorSummaries(db, ids, await compileScope(db, user.id));
  if (ids.some((id) => !found.has(id))) throw notFound();
  return new Map([...found].map(([id, d]) => [id, refOf(d)]));
}

/** A condition on a doctor-id column that keeps only the caller's scope. */
export async function doctorScopeCondition(db: Tx, user: CurrentUser, column: SQL): Promise<SQL> {
  const scope = await compileScope(db, user.id);
  return scope.all ? sql`true` : sql`${column} in ${doctorIdsInScope(scope)}`;
}

/** Names and hospitals of doctors by id (no scope check: for rows already filtered). */
export async function doctorRefs(db: Tx, ids: Iterable<number>): Promise<Map<number, DoctorRef>> {
  const found = await doctorSummaries(db, [...ids]);
  return new Map([...found].map(([id, d]) => [id, refOf(d)]));
}

export const unknownDoctor = (id: number): DoctorRef => ({ id, name: `#${id}`, hospitalName: '', department: '' });
