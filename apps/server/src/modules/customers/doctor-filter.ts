import { sql, type SQL } from 'drizzle-orm';
import { searchConditions, type DoctorFilter } from '@field-portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { unknownCodes } from '../reference/service.js';
import { doctorInScope, type DataScope } from './scope.js';

/**
 * The doctor list's WHERE clause: the caller's scope first, then every filter of spec 001
 * section 3 and the search box. Lists, counts, distributions, tagging a filtered set and the
 * export all build their condition here, so they always agree.
 */

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`,`,
  );
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One search condition matches the doctor's name (from its start), pinyin or initials (latin
 * letters, from their start), the primary hospital's name (anywhere) or a department's name
 * (anywhere). `= any(array(…))` lets the planner combine the indexes of each alternative.
 */
function searchCondition(condition: string): SQL {
  const prefix = `${escapeLike(condition)}%`;
  if (/^[A-Za-z]+$/.test(condition)) {
    const lower = `${escapeLike(condition.toLowerCase())}%`;
    return sql`(d.pinyin like ${lower} or d.initials like ${lower})`;
  }
  const anywhere = `%${escapeLike(condition)}%`;
  return sql`(d.name like ${prefix}
           or d.hospital_id = any(array(select h.id from hospitals h where h.name like ${anywhere}))
           or d.dept1_code = any(array(select dp.code from departments dp where dp.level = 1 and dp.name like ${anywhere}))
           or d.dept2_code = any(array(select dp.code from departments dp where dp.level = 2 and dp.name like ${anywhere})))`;
}

/** The condition on `doctors d` of the scope, the filters and the search box. */
export function doctorWhere(scope: DataScope, f: DoctorFilter, userId: number, options: { rangeOnly?: boolean } = {}): SQL {
  const parts: SQL[] = [doctorInScope(scope), sql`d.doctor_range = ${f.doctorRange}`];
  if (options.rangeOnly) return sql.join(parts, sql` and `);
  if (f.provinceCodes?.length) parts.push(sql`d.province_code in (${list(f.provinceCodes)})`);
  if (f.cityCodes?.length) parts.push(sql`d.city_code in (${list(f.cityCodes)})`);
  if (f.countyCodes?.length) parts.push(sql`d.county_code in (${list(f.countyCodes)})`);
  if (f.cityLevels?.length) parts.push(sql`d.city_level in (${list(f.cityLevels)})`);
  if (f.hospitalIds?.length) parts.push(sql`d.hospital_id in (${list(f.hospitalIds)})`);
  if (f.dept1Codes?.length) parts.push(sql`d.dept1_code in (${list(f.dept1Codes)})`);
  if (f.dept2Codes?.length) parts.push(sql`d.dept2_code in (${list(f.dept2Codes)})`);
  if (f.hospitalLevels?.length) parts.push(sql`d.hospital_level in (${list(f.hospitalLevels)})`);
  if (f.titleCodes?.length) parts.push(sql`d.title_code in (${list(f.titleCodes)})`);
  if (f.teachingTitleCodes?.length) parts.push(sql`d.teaching_title_code in (${list(f.teachingTitleCodes)})`);
  if (f.directionCodes?.length) parts.push(sql`d.direction_code in (${list(f.directionCodes)})`);
  if (f.indications?.length) parts.push(sql`d.indications && array[${list(f.indications)}]::text[]`);
  if (f.onlinePatientsMin !== undefined) parts.push(sql`d.online_patients >= ${f.onlinePatientsMin}`);
  if (f.onlinePatientsMax !== undefined) parts.push(sql`d.online_patients <= ${f.onlinePatientsMax}`);
  if (f.outpatientDays?.length) parts.push(sql`d.outpatient_days in (${list(f.outpatientDays)})`);
  if (f.outpatientTypes?.length) parts.push(sql`d.outpatient_type in (${list(f.outpatientTypes)})`);
  if (f.tagIds?.length) {
    parts.push(sql`exists (select 1 from doctor_tags dt join tags t on t.id = dt.tag_id
                            where dt.doctor_id = d.id and dt.tag_id in (${list(f.tagIds)}) and (t.owner_id is null or t.owner_id = ${userId}))`);
  }
  if (f.pendingCorrection === 'true') parts.push(sql`exists (select 1 from doctor_corrections c where c.doctor_id = d.id and c.status = 'pending')`);
  if (f.pendingCorrection === 'false') parts.push(sql`not exists (select 1 from doctor_corrections c where c.doctor_id = d.id and c.status = 'pending')`);
  for (const condition of searchConditions(f.search)) parts.push(searchCondition(condition));
  return sql.join(parts, sql` and `);
}

/** An unknown code in the filters is a 400 that names the field and the code. */
export async function checkFilterCodes(db: Db | Tx, f: DoctorFilter): Promise<void> {
  const checks: [string, 'regions' | 'departments' | 'title' | 'teachingTitle' | 'direction' | 'outpatientType' | 'hospitalGrade', readonly string[] | undefined][] = [
    ['provinceCodes', 'regions', f.provinceCodes],
    ['cityCodes', 'regions', f.cityCodes],
    ['countyCodes', 'regions', f.countyCodes],
    ['dept1Codes', 'departments', f.dept1Codes],
    ['dept2Codes', 'departments', f.dept2Codes],
    ['titleCodes', 'title', f.titleCodes],
    ['teachingTitleCodes', 'teachingTitle', f.teachingTitleCodes],
    ['directionCodes', 'direction', f.directionCodes],
    ['outpatientTypes', 'outpatientType', f.outpatientTypes],
    ['hospitalLevels', 'hospitalGrade', f.hospitalLevels],
  ];
  for (const [field, table, codes] of checks) {
    if (!codes?.length) continue;
    const [unknown] = await unknownCodes(db, table, codes);
    if (unknown !== undefined) throw badRequest('customers.code.unknown', field, { code: unknown });
  }
}
