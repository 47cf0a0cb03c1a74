import type { Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';

/** A doctor as meetings show it; the doctors belong to the customers module. */
export interface DoctorSummary {
  id: number;
  name: string;
  hospital: string;
  department: string;
  title: string;
}

/** Doctor summaries by ids (the customers module's service). */
export async function doctorSummaries(_db: Tx, _ids: number[]): Promise<Map<number, DoctorSummary>> {
  return new Map();
}

/** 404 unless every doctor exists within the caller's data scope. */
export async function requireDoctorsInScope(_db: Tx, _user: CurrentUser, ids: number[]): Promise<void> {
  if (ids.length > 0) throw new AppError(404, 'request.notFound', { field: 'doctorIds' }, 'doctorIds');
}
