import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { addDoctorRequest, DuplicateDoctor } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { departmentOf, unknownCodes, unknownIndications } from '../reference/index.js';
import { doctorInScope, hospitalInScope, type DataScope } from './scope.js';

/**
 * addDoctor: a doctor of company-internal master data, with its primary affiliation, in one
 * transaction. The same name at the same hospital and level-1 department is the same doctor:
 * 409 naming the one that exists.
 */
export async function addDoctor(db: Db, scope: DataScope, userId: number, body: z.output<typeof addDoctorRequest>): Promise<{ id: number }> {
  const dept1 = await departmentOf(db, body.dept1Code);
  if (dept1?.level !== 1) throw badRequest('customers.code.unknown', 'dept1Code', { code: body.dept1Code });
  if (body.dept2Code) {
    const dept2 = await departmentOf(db, body.dept2Code);
    if (dept2?.level !== 2) throw badRequest('customers.code.unknown', 'dept2Code', { code: body.dept2Code });
    if (dept2.parentCode !== body.dept1Code) throw badRequest('customers.dept2.mismatch', 'dept2Code', { code: body.dept2Code });
  }
  const coded = [
    ['titleCode', 'title', body.titleCode],
    ['teachingTitleCode', 'teachingTitle', body.teachingTitleCode],
    ['directionCode', 'direction', body.directionCode],
    ['positionCode', 'position', body.positionCode],
    ['outpatientType', 'outpatientType', body.outpatientType],
  ] as const;
  for (const [field, kind, code] of coded) {
    if (code && (await unknownCodes(db, kind, [code])).length > 0) throw badRequest('customers.code.unknown', field, { code });
  }
  const indications = [...new Set(body.indications)];
  const [unknownIndication] = await unknownIndications(db, indications);
  if (unknownIndication !== undefined) throw badRequest('customers.indication.unknown', 'indications', { name: unknownIndication });
  const [hospital] = await selectRows<{ id: number; name: string }>(
    db,
    sql`select h.id, h.name from hospitals h where h.id = ${body.hospitalId} and ${hospitalInScope(scope)}`,
  );
  if (!hospital) throw badRequest('customers.hospital.unknown', 'hospitalId');
  const { pinyinOf } = await import('./pinyin.js');
  const [py, initials] = pinyinOf(body.name);

  return db.transaction(async (tx) => {
    // Two people adding the same doctor at once: the second waits here and then finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`doctor:${body.name}:${body.hospitalId}:${body.dept1Code}`}))`);
    const [existing] = await selectRows<{ id: number; in_scope: boolean }>(
      tx,
      sql`select d.id, ${doctorInScope(scope)} as in_scope from doctors d
           where d.name = ${body.name} and d.hospital_id = ${body.hospitalId} and d.dept1_code = ${body.dept1Code} order by d.id limit 1`,
    );
    if (existing) {
      // The result names the doctor already there, so the wizard links to them (only inside the caller's scope).
      const result: DuplicateDoctor | null = existing.in_scope ? { id: existing.id, name: body.name } : null;
      throw new AppError(
        409,
        'customers.doctor.duplicate',
        { name: body.name, hospital: hospital.name, department: dept1.name, id: existing.id },
        'name',
        result,
      );
    }
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into doctors (name, pinyin, initials, gender, hospital_id, province_code, city_code, county_code, city_level, hospital_level,
                               dept1_code, dept2_code, title_code, teaching_title_code, direction_code, indications, doctor_range,
                               outpatient_days, outpatient_type, phone, source, created_by)
          select ${body.name}, ${py}, ${initials}, ${body.gender}, h.id, h.province_code, h.city_code, h.county_code, h.city_level, h.level,
                 ${body.dept1Code}, ${body.dept2Code ?? null}, ${body.titleCode}, ${body.teachingTitleCode ?? null}, ${body.directionCode ?? null},
                 ${
                   indications.length > 0
                     ? sql`array[${sql.join(
                         indications.map((i) => sql`${i}`),
                         sql`,`,
                       )}]::text[]`
                     : sql`'{}'::text[]`
                 }, 'internal',
                 ${body.outpatientDays}, ${body.outpatientType ?? null}, ${body.phone}, 'manual', ${userId}
            from hospitals h where h.id = ${body.hospitalId}
          returning id`,
    );
    await tx.execute(sql`insert into doctor_affiliations (doctor_id, hospital_id, dept1_code, dept2_code, position_code, is_primary, start_date)
                         values (${row!.id}, ${body.hospitalId}, ${body.dept1Code}, ${body.dept2Code ?? null}, ${body.positionCode ?? null}, true, current_date)`);
    return { id: row!.id };
  });
}
