import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { DoctorOutOfScope, DoctorSummary } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { intList } from '../../db/int-list.js';
import { escapeLike } from '../../db/like.js';
import { scopeGrantsOf } from '../admin/index.js';
import { joinDepartment, provinces } from '../reference/index.js';

/**
 * THE data scope (spec 001 section 6; SECURITY.md 8.2.2; docs/decisions/0017), in one place.
 *
 * A user whose usable roles include one with data scope `all` sees every hospital and doctor;
 * anyone else sees only the hospitals and provinces their data permissions name. The permissions
 * are compiled ONCE per request into a `DataScope`, and every list, count, distribution, graph
 * and export — of this module and of every later one — puts the SQL condition made from it into
 * its WHERE clause. Nothing groups or counts doctors any other way (Twenty's group-by leak,
 * twenty#25911). A doctor belongs to the hospital and province of its primary affiliation
 * (denormalised on the doctor row). A record outside the scope answers 404 by id, never 403.
 *
 * Service functions other modules call:
 *
 *   requestScope(request: FastifyRequest, db: Db): Promise<DataScope>
 *   scopeOf(db: Db | Tx, user: CurrentUser): Promise<DataScope>
 *       the caller's scope, compiled once per request (memoised on the request's user).
 *   compileScope(db: Db | Tx, userId: number): Promise<DataScope>
 *       the scope of a user who is not the caller (background jobs such as exports keep the user
 *       who asked; a task's assignee).
 *   doctorInScope(scope: DataScope, alias = 'd'): SQL
 *       a condition on a `doctors` row aliased `alias`: `... from doctors d where ${doctorInScope(scope)}`.
 *   hospitalInScope(scope: DataScope, alias = 'h'): SQL
 *       the same for a `hospitals` row.
 *   doctorIdsInScope(scope: DataScope): SQL
 *       a subquery of the doctor ids in scope: `where v.doctor_id in ${doctorIdsInScope(scope)}`.
 *       (Prefer joining doctors and using doctorInScope when the query reads doctors anyway.)
 *   findDoctorInScope(db: Db | Tx, scope: DataScope, id: number): Promise<DoctorSummary>
 *       the doctor, or AppError 404 (request.notFound) when it does not exist or is outside the scope.
 *   doctorSummaries(db: Db | Tx, ids: readonly number[], scope?: DataScope): Promise<Map<number, DoctorSummary>>
 *       name, hospital, department and title of the given doctors (those in scope when a scope is given).
 *   findHospitalInScope(db: Db | Tx, scope: DataScope, id: number): Promise<{ id: number; name: string }>
 *       the hospital, or 404.
 *   doctorsNamedTo(db: Db | Tx, scope: DataScope, ids: readonly number[]): Promise<(id: number) => DoctorSummary | DoctorOutOfScope>
 *       THE rule for a doctor named by something else a reader sees (a task, visit, call, meeting
 *       attendee): the doctor inside the reader's scope, else only the marker (docs/decisions/0036).
 *   isDoctorInScope(db: Db | Tx, scope: DataScope, id: number): Promise<boolean>
 *       whether the doctor is in the scope (of someone other than the caller, e.g. a task's principal).
 */
export interface DataScope {
  readonly userId: number;
  /** Every record: no condition. */
  readonly all: boolean;
  readonly hospitalIds: readonly number[];
  readonly provinceCodes: readonly string[];
}

const ALIAS = /^[a-z_][a-z0-9_]{0,30}$/;
const REGION = /^\d{6}$/;

function column(alias: string, name: string): SQL {
  if (!ALIAS.test(alias)) throw new Error(`bad alias ${alias}`);
  return sql.raw(`${alias}.${name}`);
}

function codeList(values: readonly string[]): SQL {
  return sql.raw(
    values
      .filter((v) => REGION.test(v))
      .map((v) => `'${v}'`)
      .join(','),
  );
}

/** Reads what the user's roles and data permissions grant (admin's face); province names become region codes. */
export async function compileScope(db: Db | Tx, userId: number): Promise<DataScope> {
  const [row] = await selectRows<{ all: boolean; hospital_ids: number[] | null; province_codes: string[] | null }>(
    db,
    sql`select g.all, g.hospital_ids,
               (select array_agg(r.code order by r.code) from ${provinces('r')} where r.name = any(g.province_names)) as province_codes
          from (${scopeGrantsOf(userId)}) g`,
  );
  return {
    userId,
    all: Boolean(row?.all),
    hospitalIds: (row?.hospital_ids ?? []).map(Number),
    provinceCodes: row?.province_codes ?? [],
  };
}

const scopes = new WeakMap<CurrentUser, Promise<DataScope>>();

/**
 * The signed-in caller's scope, compiled once per request: the sign-in gives every request its own
 * `CurrentUser` (platform/auth.ts), so routes and the services they call with that user share one
 * compiled scope, and the next request reads the permissions afresh.
 */
export function scopeOf(db: Db | Tx, user: CurrentUser): Promise<DataScope> {
  let scope = scopes.get(user);
  if (!scope) {
    scope = compileScope(db, user.id);
    scopes.set(user, scope);
  }
  return scope;
}

/** The caller's scope, compiled once per request. */
export function requestScope(request: FastifyRequest, db: Db): Promise<DataScope> {
  if (!request.user) throw new Error('requestScope needs a signed-in request');
  return scopeOf(db, request.user);
}

function condition(scope: DataScope, hospitalColumn: SQL, provinceColumn: SQL): SQL {
  if (scope.all) return sql`true`;
  const parts: SQL[] = [];
  if (scope.hospitalIds.length > 0) parts.push(sql`${hospitalColumn} in (${intList(scope.hospitalIds)})`);
  if (scope.provinceCodes.length > 0) parts.push(sql`${provinceColumn} in (${codeList(scope.provinceCodes)})`);
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The scope as a condition on a `doctors` row aliased `alias`. */
export function doctorInScope(scope: DataScope, alias = 'd'): SQL {
  return condition(scope, column(alias, 'hospital_id'), column(alias, 'province_code'));
}

/** The scope as a condition on a `hospitals` row aliased `alias`. */
export function hospitalInScope(scope: DataScope, alias = 'h'): SQL {
  return condition(scope, column(alias, 'id'), column(alias, 'province_code'));
}

/** The doctor ids in scope as a parenthesised subquery. */
export function doctorIdsInScope(scope: DataScope): SQL {
  return sql`(select sd.id from doctors sd where ${doctorInScope(scope, 'sd')})`;
}

/** The provinces of the scope's doctors, as a subquery (for `province_code in ...`). */
export function provincesOfDoctorsInScope(scope: DataScope): SQL {
  return sql`(select distinct sd.province_code from doctors sd where ${doctorInScope(scope, 'sd')})`;
}

/**
 * Ids of doctors within the scope whose name, pinyin or initials start with the keyword (every
 * doctor of the scope for an empty keyword), lowest id first.
 */
export async function searchDoctorIdsInScope(db: Tx, scope: DataScope, keyword: string, limit: number): Promise<number[]> {
  const prefix = `${escapeLike(keyword.toLowerCase())}%`;
  const ids = await selectRows<{ id: number }>(
    db,
    sql`
    select d.id from doctors d
     where ${doctorInScope(scope)} and d.active
       and (${keyword} = '' or d.name like ${`${escapeLike(keyword)}%`} or d.pinyin like ${prefix} or d.initials like ${prefix})
     order by d.id limit ${limit}`,
  );
  return ids.map((r) => Number(r.id));
}

interface SummaryRow {
  id: number;
  name: string;
  hospital_id: number;
  hospital_name: string;
  dept1_code: string;
  dept1_name: string | null;
  dept2_code: string | null;
  dept2_name: string | null;
  title_code: string;
}

const SUMMARY_SELECT = sql`
  select d.id, d.name, d.hospital_id, h.name as hospital_name, d.dept1_code, d1.name as dept1_name, d.dept2_code, d2.name as dept2_name, d.title_code
    from doctors d
    join hospitals h on h.id = d.hospital_id
    ${joinDepartment('d1', sql`d.dept1_code`)}
    ${joinDepartment('d2', sql`d.dept2_code`)}`;

const toSummary = (r: SummaryRow): DoctorSummary => ({
  id: r.id,
  name: r.name,
  hospitalId: r.hospital_id,
  hospitalName: r.hospital_name,
  dept1Code: r.dept1_code,
  dept1Name: r.dept1_name ?? r.dept1_code,
  dept2Code: r.dept2_code,
  dept2Name: r.dept2_name,
  titleCode: r.title_code,
});

/** The doctor, or 404 when it does not exist or lies outside the scope (never 403: SECURITY.md 8.2.2). */
export async function findDoctorInScope(db: Db | Tx, scope: DataScope, id: number): Promise<DoctorSummary> {
  const [row] = await selectRows<SummaryRow>(db, sql`${SUMMARY_SELECT} where d.id = ${id} and ${doctorInScope(scope)}`);
  if (!row) throw notFound();
  return toSummary(row);
}

/** Summaries of the given doctors; with a scope, only those in it. */
export async function doctorSummaries(db: Db | Tx, ids: readonly number[], scope?: DataScope): Promise<Map<number, DoctorSummary>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await selectRows<SummaryRow>(db, sql`${SUMMARY_SELECT} where d.id in (${intList(wanted)}) and ${scope ? doctorInScope(scope) : sql`true`}`);
  return new Map(rows.map((r) => [r.id, toSummary(r)]));
}

/** The marker an answer carries in place of a doctor outside its reader's scope. */
export const DOCTOR_OUT_OF_SCOPE: DoctorOutOfScope = Object.freeze({ outOfScope: true as const });

/**
 * The doctors a row names (a task's, a visit's, an attendee's), as the reader may see them: the
 * summary of each one inside the reader's scope; any other (outside it, or no longer there) only
 * the marker — the row still shows, naming no name, hospital, department, title or id.
 */
export async function doctorsNamedTo(db: Db | Tx, scope: DataScope, ids: readonly number[]): Promise<(id: number) => DoctorSummary | DoctorOutOfScope> {
  const found = await doctorSummaries(db, ids, scope);
  return (id) => found.get(id) ?? DOCTOR_OUT_OF_SCOPE;
}

/** Whether the doctor exists inside the scope. */
export async function isDoctorInScope(db: Db | Tx, scope: DataScope, id: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(db, sql`select d.id from doctors d where d.id = ${id} and ${doctorInScope(scope)}`);
  return rows.length > 0;
}

/** The hospital, or 404 outside the scope. */
export async function findHospitalInScope(db: Db | Tx, scope: DataScope, id: number): Promise<{ id: number; name: string }> {
  const [row] = await selectRows<{ id: number; name: string }>(db, sql`select h.id, h.name from hospitals h where h.id = ${id} and ${hospitalInScope(scope)}`);
  if (!row) throw notFound();
  return row;
}

/** What analyses of other modules read of every doctor (doctor intelligence: scores, look-alikes, generated academic data). */
export interface DoctorFacts {
  id: number;
  hospitalId: number;
  provinceCode: string;
  cityCode: string;
  dept1Code: string;
  dept2Code: string | null;
  titleCode: string;
  hospitalLevel: string;
  indications: string[];
  outpatientDays: number;
  onlinePatients: number;
}

/** Doctors after `afterId` in id order, `limit` at a time (a keyset walk over the whole table; no scope: background jobs). */
export async function doctorFacts(db: Db | Tx, afterId: number, limit: number): Promise<DoctorFacts[]> {
  const rows = await selectRows<{
    id: number;
    hospital_id: number;
    province_code: string;
    city_code: string;
    dept1_code: string;
    dept2_code: string | null;
    title_code: string;
    hospital_level: string;
    indications: string[];
    outpatient_days: number;
    online_patients: number;
  }>(
    db,
    sql`select id, hospital_id, province_code, city_code, dept1_code, dept2_code, title_code, hospital_level, indications, outpatient_days, online_patients
          from doctors where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hospitalId: Number(r.hospital_id),
    provinceCode: r.province_code,
    cityCode: r.city_code,
    dept1Code: r.dept1_code,
    dept2Code: r.dept2_code,
    titleCode: r.title_code,
    hospitalLevel: r.hospital_level,
    indications: r.indications ?? [],
    outpatientDays: Number(r.outpatient_days),
    onlinePatients: Number(r.online_patients),
  }));
}
