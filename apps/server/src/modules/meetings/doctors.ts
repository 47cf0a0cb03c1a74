import { sql } from 'drizzle-orm';
import { DOCTOR_TITLES, type MeetingDoctor } from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { compileScope, doctorInScope, doctorSummaries as customerDoctorSummaries } from '../customers/scope.js';
import { escapeLike } from '../../db/like.js';

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
}

const TITLE_NAMES = new Map<string, string>(DOCTOR_TITLES.map((t) => [t.code, t.name]));

function toSummary(d: { id: number; name: string; hospitalName: string; dept1Name: string; dept2Name: string | null; titleCode: string }): DoctorSummary {
  return { id: d.id, name: d.name, hospital: d.hospitalName, department: d.dept2Name ?? d.dept1Name, title: TITLE_NAMES.get(d.titleCode) ?? d.titleCode };
}

/** Names, hospitals, departments and titles of a meeting's doctors (the team sees its own attendees). */
export async function doctorSummaries(db: Tx, ids: number[]): Promise<Map<number, DoctorSummary>> {
  const found = await customerDoctorSummaries(db, ids);
  return new Map([...found].map(([id, d]) => [id, toSummary(d)]));
}

/** 404 naming doctorIds unless every doctor exists within the caller's data scope. */
export async function requireDoctorsInScope(db: Tx, user: CurrentUser, ids: number[]): Promise<void> {
  const scope = await compileScope(db, user.id);
  const found = await customerDoctorSummaries(db, ids, scope);
  if (found.size !== new Set(ids).size) throw new AppError(404, 'request.notFound', { field: 'doctorIds' }, 'doctorIds');
}


/**
 * Doctors within the caller's data scope whose name, pinyin or initials start with the keyword
 * (the attendee picker), through the customers module's scope condition.
 */
export async function searchDoctors(db: Tx, user: CurrentUser, keyword: string, limit = 20): Promise<MeetingDoctor[]> {
  const scope = await compileScope(db, user.id);
  const prefix = `${escapeLike(keyword.toLowerCase())}%`;
  const ids = await selectRows<{ id: number }>(db, sql`
    select d.id from doctors d
     where ${doctorInScope(scope)}
       and (${keyword} = '' or d.name like ${`${escapeLike(keyword)}%`} or d.pinyin like ${prefix} or d.initials like ${prefix})
     order by d.id limit ${limit}`);
  const found = await customerDoctorSummaries(db, ids.map((r) => r.id), scope);
  return ids.flatMap((r) => {
    const d = found.get(r.id);
    if (!d) return [];
    const { id, ...summary } = toSummary(d);
    return [{ doctorId: id, ...summary }];
  });
}
