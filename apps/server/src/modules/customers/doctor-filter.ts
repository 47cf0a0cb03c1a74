import { sql, type SQL } from 'drizzle-orm';
import { searchConditions, type DoctorFilter } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { departmentsNamedLike, unknownCodes } from '../reference/index.js';
import { doctorInScope, type DataScope } from './scope.js';
import { escapeLike } from '../../db/like.js';

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

/** A search condition with the hospitals and departments whose names contain it, looked up first. */
export interface SearchTerm {
  text: string;
  hospitalIds: number[];
  dept1Codes: string[];
  dept2Codes: string[];
}
/** The filters with their codes checked and their search conditions resolved (prepareFilter). */
export interface PreparedFilter {
  filter: DoctorFilter;
  terms: SearchTerm[];
}

/** At most this many hospitals stand for one search condition (a word such as 人民医院 matches thousands). */
const HOSPITAL_MATCH_MAX = 5000;

/**
 * Checks the filter's codes and resolves each search condition: the hospitals and departments
 * whose names contain it are found first (small tables), so that the doctor query is a plain OR
 * of indexed conditions the planner estimates well.
 */
export async function prepareFilter(db: Db | Tx, filter: DoctorFilter): Promise<PreparedFilter> {
  await checkFilterCodes(db, filter);
  const terms: SearchTerm[] = [];
  for (const text of searchConditions(filter.search)) {
    if (/^[A-Za-z]+$/.test(text)) {
      terms.push({ text, hospitalIds: [], dept1Codes: [], dept2Codes: [] });
      continue;
    }
    const anywhere = `%${escapeLike(text)}%`;
    const hospitals = await selectRows<{ id: number }>(db, sql`select id from hospitals where name like ${anywhere} order by id limit ${HOSPITAL_MATCH_MAX}`);
    const departments = await departmentsNamedLike(db, anywhere);
    terms.push({
      text,
      hospitalIds: hospitals.map((h) => Number(h.id)),
      dept1Codes: departments.filter((d) => Number(d.level) === 1).map((d) => d.code),
      dept2Codes: departments.filter((d) => Number(d.level) === 2).map((d) => d.code),
    });
  }
  return { filter, terms };
}

/**
 * One search condition matches the doctor's name (from its start), pinyin or initials (latin
 * letters, from their start), the primary hospital's name (anywhere) or a department's name (anywhere).
 */
function searchCondition(term: SearchTerm): SQL {
  if (/^[A-Za-z]+$/.test(term.text)) {
    const lower = `${escapeLike(term.text.toLowerCase())}%`;
    return sql`(d.pinyin like ${lower} or d.initials like ${lower})`;
  }
  const parts = [sql`d.name like ${`${escapeLike(term.text)}%`}`];
  if (term.hospitalIds.length > 0) parts.push(sql`d.hospital_id in (${sql.raw(term.hospitalIds.join(','))})`);
  if (term.dept1Codes.length > 0) parts.push(sql`d.dept1_code in (${list(term.dept1Codes)})`);
  if (term.dept2Codes.length > 0) parts.push(sql`d.dept2_code in (${list(term.dept2Codes)})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The condition on `doctors d` of the scope, the filters and the search box. */
export function doctorWhere(scope: DataScope, prepared: PreparedFilter, userId: number, options: { rangeOnly?: boolean } = {}): SQL {
  const f = prepared.filter;
  // Deactivated doctors (an import's full list left them out) leave every current list; their history stays.
  const parts: SQL[] = [doctorInScope(scope), sql`d.active`, sql`d.doctor_range = ${f.doctorRange}`];
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
  for (const term of prepared.terms) parts.push(searchCondition(term));
  return sql.join(parts, sql` and `);
}

/** An unknown code in the filters is a 400 that names the field and the code. */
async function checkFilterCodes(db: Db | Tx, f: DoctorFilter): Promise<void> {
  const checks: [
    string,
    'regions' | 'departments' | 'title' | 'teachingTitle' | 'direction' | 'outpatientType' | 'hospitalGrade',
    readonly string[] | undefined,
  ][] = [
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
