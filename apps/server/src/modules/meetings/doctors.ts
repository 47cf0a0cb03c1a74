import {
  doctorTitleName,
  isDoctorOutOfScope,
  type DoctorOutOfScope,
  type DoctorSummary as CustomerDoctorSummary,
  type MeetingDoctor,
} from '@field-portal/shared';
import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import {
  scopeOf,
  doctorsNamedTo as customerDoctorsNamedTo,
  isDoctorInScope,
  doctorSummaries as customerDoctorSummaries,
  searchDoctorIdsInScope,
} from '../customers/index.js';

/**
 * Doctors as meetings see them, always through the customers module's service (its data scope
 * and its doctor summaries): this module never reads the customers tables on its own.
 */
export interface DoctorSummary {
  id: number;
  name: string;
  hospital: string;
  department: string;
  title: string;
  departmentCode: string;
  titleCode: string;
}

function toSummary(d: CustomerDoctorSummary): DoctorSummary {
  return {
    id: d.id,
    name: d.name,
    hospital: d.hospitalName,
    department: d.dept2Name ?? d.dept1Name,
    title: doctorTitleName(d.titleCode, 'zh'),
    departmentCode: d.dept2Code ?? d.dept1Code,
    titleCode: d.titleCode,
  };
}

/**
 * Names, hospitals, departments and titles of a meeting's doctors as `reader` may see them: a
 * doctor outside the reader's data scope is only the marker, even to the meeting's team
 * (docs/decisions/0036).
 */
export async function doctorsNamedTo(db: Tx, reader: CurrentUser, ids: number[]): Promise<(id: number) => DoctorSummary | DoctorOutOfScope> {
  const named = await customerDoctorsNamedTo(db, await scopeOf(db, reader), ids);
  return (id) => {
    const doctor = named(id);
    return isDoctorOutOfScope(doctor) ? doctor : toSummary(doctor);
  };
}

/** Whether the doctor is within the caller's data scope (an attendee the caller may change). */
export async function isInCallerScope(db: Tx, user: CurrentUser, doctorId: number): Promise<boolean> {
  return isDoctorInScope(db, await scopeOf(db, user), doctorId);
}

/** 404 naming doctorIds unless every doctor exists within the caller's data scope. */
export async function requireDoctorsInScope(db: Tx, user: CurrentUser, ids: number[]): Promise<void> {
  const scope = await scopeOf(db, user);
  const found = await customerDoctorSummaries(db, ids, scope);
  if (found.size !== new Set(ids).size) throw new AppError(404, 'request.notFound', { field: 'doctorIds' }, 'doctorIds');
}

/**
 * Doctors within the caller's data scope whose name, pinyin or initials start with the keyword
 * (the attendee picker), through the customers module's scope condition.
 */
export async function searchDoctors(db: Tx, user: CurrentUser, keyword: string, limit = 20): Promise<MeetingDoctor[]> {
  const scope = await scopeOf(db, user);
  const ids = await searchDoctorIdsInScope(db, scope, keyword, limit);
  const found = await customerDoctorSummaries(db, ids, scope);
  return ids.flatMap((wanted) => {
    const d = found.get(wanted);
    if (!d) return [];
    const { id, ...summary } = toSummary(d);
    return [{ doctorId: id, ...summary }];
  });
}
