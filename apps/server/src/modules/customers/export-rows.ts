import { sql } from 'drizzle-orm';
import type { DoctorFilter, DoctorRow } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { doctorWhere, prepareFilter } from './doctor-filter.js';
import { doctorRowSelect } from './doctors.js';
import { compileScope } from './scope.js';

/**
 * The doctor list for a background export (the download centre's doctorList template): the list's
 * filters in the data scope of the user who asked, compiled when the job runs.
 */
export async function countDoctorsToExport(db: Db, userId: number, filter: DoctorFilter): Promise<number> {
  const where = doctorWhere(await compileScope(db, userId), await prepareFilter(db, filter), userId);
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from doctors d where ${where}`);
  return row?.n ?? 0;
}

/** The same doctors, keyset-paged by id, `pageSize` at a time. */
export async function* doctorsToExport(db: Db, userId: number, filter: DoctorFilter, pageSize: number): AsyncGenerator<DoctorRow[]> {
  const where = doctorWhere(await compileScope(db, userId), await prepareFilter(db, filter), userId);
  let after = 0;
  for (;;) {
    const rows = await selectRows<DoctorRow>(db, sql`${doctorRowSelect(userId)} where ${where} and d.id > ${after} order by d.id limit ${pageSize}`);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}
