import { sql, type SQL } from 'drizzle-orm';
import { doctorInScope, type DataScope } from './scope.js';

/**
 * The kept doctor counts (db/schema/customers-counts.ts; decision 0033) as subqueries for the
 * report figures of "every doctor as of a day" (docMain) and of doctors per hospital
 * (masterData). The triggers on `doctors` count every doctor row, whenever it was created; a
 * window ending before now is served by taking away the doctors created at or after its end,
 * read from the rows (doctors_created_idx: none or a few when the window ends today).
 *
 * The data scope is the one condition of scope.ts, doctorInScope, applied to the kept rows: they
 * carry the same `hospital_id` and `province_code` columns a doctor row has. doctor_profile_counts
 * has no hospital, so a scope naming hospitals cannot be read from it (profileCountsServe).
 */

export interface CountsWindow {
  to: Date;
  scope: DataScope;
  /** The report's province filter, as a condition on a row aliased `alias` (report-figures.ts provinceOf). */
  province: (alias: string) => SQL;
}

/**
 * Doctors per hospital and doctor's province existing before `w.to`, in scope and province:
 * rows (hospital_id, province_code, doctors, internal, internet, manual, by_rep), one or more per
 * hospital and province; a hospital whose doctors all came later has rows summing to zero.
 */
export function hospitalDoctorCounts(w: CountsWindow): SQL {
  return sql`(
    select c.hospital_id, c.province_code, c.doctors, c.internal, c.internet, c.manual, c.by_rep
      from doctor_hospital_counts c where ${doctorInScope(w.scope, 'c')} and ${w.province('c')}
    union all
    select d.hospital_id, d.province_code, -1, -(d.doctor_range = 'internal')::int, -(d.doctor_range = 'internet')::int,
           -(d.source <> 'generated')::int, -(d.created_by is not null)::int
      from doctors d where d.created_at >= ${w.to} and d.active and ${doctorInScope(w.scope, 'd')} and ${w.province('d')})`;
}

/** Whether doctor_profile_counts can serve the scope: it has no hospital column, so not a scope naming hospitals. */
export const profileCountsServe = (scope: DataScope) => scope.all || scope.hospitalIds.length === 0;

/** Doctors per province, title, department and source existing before `w.to`, in scope and province (only where profileCountsServe). */
export function profileDoctorCounts(w: CountsWindow): SQL {
  if (!profileCountsServe(w.scope)) throw new Error('doctor_profile_counts cannot serve a scope naming hospitals');
  return sql`(
    select c.province_code, c.title_code, c.dept1_code, c.source, c.doctors
      from doctor_profile_counts c where ${doctorInScope(w.scope, 'c')} and ${w.province('c')}
    union all
    select d.province_code, d.title_code, d.dept1_code, d.source, -1
      from doctors d where d.created_at >= ${w.to} and d.active and ${doctorInScope(w.scope, 'd')} and ${w.province('d')})`;
}

/** Current doctors (primary affiliation) per hospital existing before `to`, every active doctor counted: rows (hospital_id, n) for the hospitals with any. */
export function doctorsPerHospital(to: Date): SQL {
  return sql`(
    select k.hospital_id, sum(k.n)::int as n
      from (select c.hospital_id, c.doctors as n from doctor_hospital_counts c
            union all
            select d.hospital_id, -1 from doctors d where d.created_at >= ${to} and d.active) k
     group by 1 having sum(k.n) > 0)`;
}
