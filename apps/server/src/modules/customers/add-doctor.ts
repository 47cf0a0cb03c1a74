import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { addDoctorRequest } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { departmentOf, unknownCodes, unknownIndications } from '../reference/service.js';
import { hospitalInScope, type DataScope } from './scope.js';

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
  const [hospital] = await selectRows<{ id: number; name: string }>(db, sql`select h.id, h.name from hospitals h where h.id = ${body.hospitalId} and ${hospitalInScope(scope)}`);
  if (!hospital) throw badRequest('customers.hospital.unknown', 'hospitalId');
  const { pinyinOf } = await import('./pinyin.js');
  const [py, initials] = pinyinOf(body.name);

  return db.transaction(async (tx) => {
    // Two people adding the same doctor at once: the second waits here and then finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`doctor:${body.name}:${body.hospitalId}:${body.dept1Code}`}))`);
    const [existing] = await selectRows<{ id: number }>(
      tx,
      sql`select id from doctors where name = ${body.name} and hospital_id = ${body.hospitalId} and dept1_code = ${body.dept1Code} order by id limit 1`,
    );
    if (existing) {
      throw new AppError(409, 'customers.doctor.duplicate', { name: body.name, hospital: hospital.name, department: dept1.name, id: existing.id }, 'name');
    }
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into doctors (name, pinyin, initials, gender, hospital_id, province_code, city_code, county_code, city_level, hospital_level,
                               dept1_code, dept2_code, title_code, teaching_title_code, direction_code, indications, doctor_range,
                               outpatient_days, outpatient_type, phone, source, created_by)
          select ${body.name}, ${py}, ${initials}, ${body.gender}, h.id, h.province_code, h.city_code, h.county_code, h.city_level, h.level,
                 ${body.dept1Code}, ${body.dept2Code ?? null}, ${body.titleCode}, ${body.teachingTitleCode ?? null}, ${body.directionCode ?? null},
                 ${indications.length > 0 ? sql`array[${sql.join(indications.map((i) => sql`${i}`), sql`,`)}]::text[]` : sql`'{}'::text[]`}, 'internal',
                 ${body.outpatientDays}, ${body.outpatientType ?? null}, ${body.phone}, 'manual', ${userId}
            from hospitals h where h.id = ${body.hospitalId}
          returning id`,
    );
    await tx.execute(sql`insert into doctor_affiliations (doctor_id, hospital_id, dept1_code, dept2_code, position_code, is_primary, start_date)
                         values (${row!.id}, ${body.hospitalId}, ${body.dept1Code}, ${body.dept2Code ?? null}, ${body.positionCode ?? null}, true, current_date)`);
    return { id: row!.id };
  });
}
