import { sql, type SQL } from 'drizzle-orm';
import type { DoctorRef } from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';

/**
 * Doctors come from the customers area: every doctor id this area takes is checked against the
 * caller's data scope there, and every list filters by its scope condition. This file is the
 * only place that talks to it.
 */

/** The doctor if it is within the caller's scope, else 404. */
export async function doctorInScope(_db: Tx, _user: CurrentUser, _doctorId: number): Promise<DoctorRef> {
  throw notFound();
}

/** All the doctors if every one is within the caller's scope, else 404. */
export async function doctorsInScope(db: Tx, user: CurrentUser, ids: readonly number[]): Promise<Map<number, DoctorRef>> {
  const out = new Map<number, DoctorRef>();
  for (const id of ids) out.set(id, await doctorInScope(db, user, id));
  return out;
}

/** A condition on a doctor-id column that keeps only the caller's scope. */
export async function doctorScopeCondition(_db: Tx, _user: CurrentUser, _column: SQL): Promise<SQL> {
  return sql`false`;
}

/** Names and hospitals of doctors by id (no scope check: for rows already filtered). */
export async function doctorRefs(_db: Tx, ids: Iterable<number>): Promise<Map<number, DoctorRef>> {
  const out = new Map<number, DoctorRef>();
  for (const id of ids) out.set(id, unknownDoctor(id));
  return out;
}

export const unknownDoctor = (id: number): DoctorRef => ({ id, name: `#${id}`, hospitalName: '', department: '' });
