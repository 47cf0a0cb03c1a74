import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { afterTimeCursor, keysetPages, type TimeCursor } from '../../platform/paging/index.js';
import { joinUser } from '../admin/index.js';
import { joinDepartment } from '../reference/index.js';
import { doctorsPerHospital, hospitalDoctorCounts, profileCountsServe, profileDoctorCounts, type CountsWindow } from './doctor-counts.js';
import { doctorInScope, hospitalInScope, type DataScope } from './scope.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { paramList } from '../../db/int-list.js';

/**
 * Reads of the customer area for the report screens (analytics dashboards): doctors, hospitals,
 * tags and affiliations counted inside the viewer's data scope, never outside it.
 */

export interface ReportWindow {
  from: Date;
  to: Date;
  /** Province region code ('' for all). */
  province: string;
  scope: DataScope;
}

const REGION = /^\d{6}$/;
const provinceOf = (alias: string, province: string): SQL => (REGION.test(province) ? sql`${sql.raw(alias)}.province_code = ${province}` : sql`true`);

/** The ids of the doctors in scope (and in the province, when one is given), as a subquery for other modules. */
export function reportDoctorIds(w: Pick<ReportWindow, 'scope' | 'province'>): SQL {
  return sql`(select rd.id from doctors rd where ${doctorInScope(w.scope, 'rd')} and ${provinceOf('rd', w.province)})`;
}

/** Whether the window keeps every doctor (a whole-country scope without a province): then reportDoctorFilter is no condition. */
export const reportsEveryDoctor = (w: Pick<ReportWindow, 'scope' | 'province'>): boolean => w.scope.all && !REGION.test(w.province);

/**
 * `column` (a doctor id of another module's rows) restricted to the doctors in scope and province.
 * A whole-country scope without a province keeps every row: doctors are never deleted (every
 * visit, call and attendee names one that exists), so the semi-join over every doctor that
 * reportDoctorIds makes would change nothing and cost a pass over the whole doctors table.
 */
export function reportDoctorFilter(w: Pick<ReportWindow, 'scope' | 'province'>, column: SQL): SQL {
  if (reportsEveryDoctor(w)) return sql`true`;
  return sql`${column} in ${reportDoctorIds(w)}`;
}

/**
 * The same restriction as reportDoctorFilter for a row that carries its doctor's `hospital_id` and
 * `province_code` (a kept copy in another module, e.g. activity's visit_doctor_days, null once the
 * doctor no longer exists) aliased `alias`: the scope's own condition (doctorInScope) and the
 * province filter, read from those columns instead of a pass over the doctors.
 */
export function reportDoctorRowFilter(w: Pick<ReportWindow, 'scope' | 'province'>, alias: string): SQL {
  if (reportsEveryDoctor(w)) return sql`true`;
  return sql`${doctorInScope(w.scope, alias)} and ${provinceOf(alias, w.province)}`;
}

/**
 * The provinces the window's doctors are exactly (decision 0033, "Province doctor sets"): a scope of
 * provinces only (no hospital list), narrowed by the province filter, or a whole-country scope with a
 * province filter. Null when the window keeps every doctor, names hospitals or keeps none.
 */
export function reportProvinceSet(w: Pick<ReportWindow, 'scope' | 'province'>): string[] | null {
  const filter = REGION.test(w.province) ? w.province : null;
  if (w.scope.all) return filter ? [filter] : null;
  if (w.scope.hospitalIds.length > 0) return null;
  const codes = [...new Set(w.scope.provinceCodes.filter((c) => REGION.test(c)))].filter((c) => filter === null || c === filter).sort();
  return codes.length > 0 ? codes : null;
}

/**
 * The doctors of the given provinces as bit sets, one row per chunk of 8,192 doctor ids (`chunk`,
 * `b`; province_doctor_bits OR-ed over the provinces), as a subquery aliased `p`.
 */
export function provinceDoctorChunks(provinces: readonly string[]): SQL {
  return sql`(select pb.chunk, bit_or(pb.bits) as b from province_doctor_bits pb where pb.province_code in (${paramList(provinces)}) group by pb.chunk) p`;
}

/** How many doctors are in scope (and province). */
export async function doctorsInView(db: Db, w: Pick<ReportWindow, 'scope' | 'province'>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from doctors d where ${doctorInScope(w.scope)} and ${provinceOf('d', w.province)}`,
  );
  return Number(row?.n ?? 0);
}

type Counts = Record<string, number | string>;

export interface DoctorFigures {
  totals: { doctors: number; internal: number; internet: number; hospitals: number; manual: number; newInRange: number; byReps: number };
  byDay: { day: string; doctors: number }[];
  byProvince: { name: string; doctors: number }[];
  byTitle: { name: string; doctors: number }[];
  byDepartment: { name: string; doctors: number }[];
  bySource: { name: string; doctors: number }[];
  byCreator: { name: string; doctors: number }[];
  rows: Counts[];
}

const DAY = portalDaySql;

/**
 * Doctors of the viewer's scope: `created` those created in the window (registrations; `byReps`:
 * only those a representative added), `asOf` every doctor existing at the window's end.
 */
type DoctorMode = 'created' | 'byReps' | 'asOf';

function doctorWhereOf(w: ReportWindow, mode: DoctorMode): SQL {
  // The master data (asOf) is of current doctors; registrations in a window are history and keep deactivated ones.
  const when = mode === 'asOf' ? sql`d.created_at < ${w.to} and d.active` : sql`d.created_at >= ${w.from} and d.created_at < ${w.to}`;
  return sql`${when} and ${doctorInScope(w.scope)} and ${provinceOf('d', w.province)} ${mode === 'byReps' ? sql`and d.created_by is not null` : sql``}`;
}

/** The table rows of the doctor reports, newest first; `_at` is the keyset cursor's time. */
function doctorRows(db: Db, where: SQL, after: TimeCursor | null, limit: number) {
  return selectRows<Counts>(
    db,
    sql`
      select d.id as "doctorId", d.name as "doctorName", h.name as hospital, h.province, h.city, coalesce(dp.name, d.dept1_code) as department,
             d.title_code as title, d.doctor_range as "doctorRange", d.source, coalesce(nullif(u.real_name, ''), u.username, '') as "createBy", d.created_at as "createTime",
             d.created_at::text as "_at"
        from doctors d join hospitals h on h.id = d.hospital_id ${joinDepartment('dp', sql`d.dept1_code`)} ${joinUser('u', sql`d.created_by`, 'left')}
       where ${where} and ${afterTimeCursor(sql`d.created_at`, [sql`d.id`], after)} order by d.created_at desc, d.id desc limit ${limit}`,
  );
}

/** Every table row of a doctor report (doctorFigures' rows without its limit), keyset-paged: for the report-table export. */
export function doctorReportPages(db: Db, w: ReportWindow, mode: DoctorMode, pageSize: number): AsyncGenerator<Counts[]> {
  const where = doctorWhereOf(w, mode);
  return keysetPages(
    (after, size) => doctorRows(db, where, after, size),
    (r) => ({ at: String(r._at), ids: [Number(r.doctorId)] }),
    pageSize,
  );
}

/**
 * How a figure is computed: `kept` (the default) reads the kept doctor counts where they serve
 * (doctor-counts.ts: every doctor "as of" a day, doctors per hospital); `rows` always counts the
 * doctor rows themselves — the straightforward query the kept path must equal (its tests).
 */
export interface FigurePath {
  path?: 'kept' | 'rows';
}

const countsWindow = (w: ReportWindow): CountsWindow => ({ to: w.to, scope: w.scope, province: (alias) => provinceOf(alias, w.province) });

export async function doctorFigures(db: Db, w: ReportWindow, mode: DoctorMode, limit: number, how: FigurePath = {}): Promise<DoctorFigures> {
  if (mode === 'asOf' && how.path !== 'rows') return doctorsAsOfFromCounts(db, w, limit);
  const where = doctorWhereOf(w, mode);
  const group = (label: SQL, join: SQL = sql``) =>
    selectRows<{ name: string; doctors: number }>(
      db,
      sql`select coalesce(nullif(${label}, ''), '-') as name, count(*)::int as doctors from doctors d ${join} where ${where} group by 1 order by 2 desc, 1 limit 12`,
    );
  const [totals, byDay, byProvince, byTitle, byDepartment, bySource, byCreator, rows] = await Promise.all([
    selectRows<DoctorFigures['totals']>(
      db,
      sql`
      select count(*)::int as doctors, count(*) filter (where d.doctor_range = 'internal')::int as internal,
             count(*) filter (where d.doctor_range = 'internet')::int as internet, count(distinct d.hospital_id)::int as hospitals,
             count(*) filter (where d.source <> 'generated')::int as manual,
             count(*) filter (where d.created_at >= ${w.from})::int as "newInRange",
             count(*) filter (where d.created_by is not null)::int as "byReps"
        from doctors d where ${where}`,
    ),
    mode === 'asOf'
      ? Promise.resolve([])
      : selectRows<{ day: string; doctors: number }>(
          db,
          sql`select ${DAY(sql`d.created_at`)} as day, count(*)::int as doctors from doctors d where ${where} group by 1`,
        ),
    group(sql`h.province`, sql`join hospitals h on h.id = d.hospital_id`),
    group(sql`d.title_code`),
    group(sql`coalesce(dp.name, d.dept1_code)`, joinDepartment('dp', sql`d.dept1_code`)),
    group(sql`d.source`),
    mode === 'byReps' ? group(sql`coalesce(nullif(u.real_name, ''), u.username)`, joinUser('u', sql`d.created_by`, 'left')) : Promise.resolve([]),
    doctorRows(db, where, null, limit),
  ]);
  return { totals: totals[0]!, byDay, byProvince, byTitle, byDepartment, bySource, byCreator, rows };
}

/**
 * docMain's figures (every doctor existing at the window's end) from the kept counts: the same
 * totals, groups and rows as doctorFigures' `asOf` from the rows, without a pass over the doctors.
 */
async function doctorsAsOfFromCounts(db: Db, w: ReportWindow, limit: number): Promise<DoctorFigures> {
  const where = doctorWhereOf(w, 'asOf');
  const cw = countsWindow(w);
  const hc = hospitalDoctorCounts(cw);
  const profile = profileCountsServe(w.scope) ? profileDoctorCounts(cw) : null;
  // title, department and source: from doctor_profile_counts where it serves the scope, else from the rows
  const group = (label: (alias: string) => SQL, join: (alias: string) => SQL = () => sql``) =>
    profile
      ? selectRows<{ name: string; doctors: number }>(
          db,
          sql`select coalesce(nullif(${label('pc')}, ''), '-') as name, sum(pc.doctors)::int as doctors from ${profile} pc ${join('pc')} group by 1 having sum(pc.doctors) > 0 order by 2 desc, 1 limit 12`,
        )
      : selectRows<{ name: string; doctors: number }>(
          db,
          sql`select coalesce(nullif(${label('d')}, ''), '-') as name, count(*)::int as doctors from doctors d ${join('d')} where ${where} group by 1 order by 2 desc, 1 limit 12`,
        );
  const [totals, newInRange, byProvince, byTitle, byDepartment, bySource, rows] = await Promise.all([
    selectRows<Omit<DoctorFigures['totals'], 'newInRange'>>(
      db,
      sql`
      select coalesce(sum(k.doctors), 0)::int as doctors, coalesce(sum(k.internal), 0)::int as internal, coalesce(sum(k.internet), 0)::int as internet,
             count(distinct k.hospital_id) filter (where k.doctors > 0)::int as hospitals, coalesce(sum(k.manual), 0)::int as manual, coalesce(sum(k.by_rep), 0)::int as "byReps"
        from (select hospital_id, province_code, sum(doctors) as doctors, sum(internal) as internal, sum(internet) as internet, sum(manual) as manual, sum(by_rep) as by_rep
                from ${hc} hc group by 1, 2) k`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from doctors d where d.created_at >= ${w.from} and ${where}`),
    selectRows<{ name: string; doctors: number }>(
      db,
      sql`
      select coalesce(nullif(h.province, ''), '-') as name, sum(hc.doctors)::int as doctors from ${hc} hc join hospitals h on h.id = hc.hospital_id
       group by 1 having sum(hc.doctors) > 0 order by 2 desc, 1 limit 12`,
    ),
    group((t) => sql.raw(`${t}.title_code`)),
    group(
      (t) => sql.raw(`coalesce(dp.name, ${t}.dept1_code)`),
      (t) => joinDepartment('dp', sql.raw(`${t}.dept1_code`)),
    ),
    group((t) => sql.raw(`${t}.source`)),
    doctorRows(db, where, null, limit),
  ]);
  return { totals: { ...totals[0]!, newInRange: Number(newInRange[0]?.n ?? 0) }, byDay: [], byProvince, byTitle, byDepartment, bySource, byCreator: [], rows };
}

export interface TagFigures {
  totals: { taggings: number; doctors: number; tags: number };
  byDay: { day: string; taggings: number }[];
  byTag: { name: string; taggings: number }[];
  rows: Counts[];
}

/** Tags put on doctors of the scope in the window (shared tags and the viewer's own). */
function tagSource(w: ReportWindow): { from: SQL; where: SQL } {
  return {
    from: sql`doctor_tags dt join tags t on t.id = dt.tag_id and (t.owner_id is null or t.owner_id = ${w.scope.userId}) join doctors d on d.id = dt.doctor_id`,
    where: sql`dt.created_at >= ${w.from} and dt.created_at < ${w.to} and ${doctorInScope(w.scope)} and ${provinceOf('d', w.province)}`,
  };
}

/** The taggings' table rows, newest first (then doctor and tag, both descending). */
function tagRows(db: Db, { from, where }: { from: SQL; where: SQL }, after: TimeCursor | null, limit: number) {
  return selectRows<Counts>(
    db,
    sql`
      select d.id as "doctorId", d.name as "doctorName", h.name as hospital, t.name as tag, case when t.owner_id is null then 'shared' else 'personal' end as "tagKind",
             coalesce(nullif(u.real_name, ''), u.username, '') as "createBy", dt.created_at as "createTime", dt.created_at::text as "_at", dt.tag_id as "_tagId"
        from ${from} join hospitals h on h.id = d.hospital_id ${joinUser('u', sql`dt.created_by`, 'left')}
       where ${where} and ${afterTimeCursor(sql`dt.created_at`, [sql`d.id`, sql`dt.tag_id`], after)} order by dt.created_at desc, d.id desc, dt.tag_id desc limit ${limit}`,
  );
}

/** Every tagging row of the tag report, keyset-paged: for the report-table export. */
export function tagReportPages(db: Db, w: ReportWindow, pageSize: number): AsyncGenerator<Counts[]> {
  const source = tagSource(w);
  return keysetPages(
    (after, size) => tagRows(db, source, after, size),
    (r) => ({ at: String(r._at), ids: [Number(r.doctorId), Number(r._tagId)] }),
    pageSize,
  );
}

export async function tagFigures(db: Db, w: ReportWindow, limit: number, how: FigurePath = {}): Promise<TagFigures> {
  const source = tagSource(w);
  // The counts need no doctor column: the scope as reportDoctorFilter puts it, which for a
  // whole-country viewer is no condition (a tagging's doctor exists: doctor_tags cascades with it)
  // and no pass over the doctors. The rows still join the doctors for their names.
  const { from, where } =
    how.path === 'rows'
      ? source
      : {
          from: sql`doctor_tags dt join tags t on t.id = dt.tag_id and (t.owner_id is null or t.owner_id = ${w.scope.userId})`,
          where: sql`dt.created_at >= ${w.from} and dt.created_at < ${w.to} and ${reportDoctorFilter(w, sql`dt.doctor_id`)}`,
        };
  const [totals, byDay, byTag, rows] = await Promise.all([
    selectRows<TagFigures['totals']>(
      db,
      sql`select count(*)::int as taggings, count(distinct dt.doctor_id)::int as doctors, count(distinct dt.tag_id)::int as tags from ${from} where ${where}`,
    ),
    selectRows<{ day: string; taggings: number }>(
      db,
      sql`select ${DAY(sql`dt.created_at`)} as day, count(*)::int as taggings from ${from} where ${where} group by 1`,
    ),
    selectRows<{ name: string; taggings: number }>(
      db,
      sql`select t.name, count(*)::int as taggings from ${from} where ${where} group by 1 order by 2 desc, 1 limit 12`,
    ),
    tagRows(db, source, null, limit),
  ]);
  return { totals: totals[0]!, byDay, byTag, rows };
}

export interface HospitalFigures {
  totals: { hospitals: number; covered: number; doctors: number; secondary: number; newInRange: number };
  byLevel: { name: string; hospitals: number }[];
  byType: { name: string; hospitals: number }[];
  rows: Counts[];
}

/**
 * Customer master data of every type: the hospitals of the scope existing at the window's end,
 * with their doctors (primary affiliation) and secondary affiliations.
 */
function hospitalSource(w: ReportWindow, how: FigurePath = {}): { from: SQL; where: SQL } {
  return {
    where: sql`h.created_at < ${w.to} and h.active and ${hospitalInScope(w.scope)} and ${provinceOf('h', w.province)}`,
    // Doctors (primary affiliation: the kept counts, or the rows) and open secondary affiliations
    // (doctor_affiliations_secondary_idx alone) per hospital, grouped once rather than per row.
    from: sql`hospitals h
    left join ${how.path === 'rows' ? sql`(select d.hospital_id, count(*)::int as n from doctors d where d.created_at < ${w.to} and d.active group by 1)` : doctorsPerHospital(w.to)} dc on dc.hospital_id = h.id
    left join (select a.hospital_id, count(*)::int as n from doctor_affiliations a where not a.is_primary and a.end_date is null group by 1) sc on sc.hospital_id = h.id`,
  };
}

/** Where a page of hospitals ended: its last row's doctors and id (the order is doctors desc, then id asc). */
interface HospitalCursor {
  doctors: number;
  id: number;
}

/** The hospitals' table rows, most doctors first, then by id. */
function hospitalRows(db: Db, { from, where }: { from: SQL; where: SQL }, after: HospitalCursor | null, limit: number) {
  const next = after ? sql`(coalesce(dc.n, 0) < ${after.doctors} or (coalesce(dc.n, 0) = ${after.doctors} and h.id > ${after.id}))` : sql`true`;
  return selectRows<Counts>(
    db,
    sql`
      select h.id as "hospitalId", h.name as hospital, h.province, h.city, h.level, h.type as "hospitalType", h.covered,
             coalesce(dc.n, 0) as doctors, coalesce(sc.n, 0) as secondary
        from ${from} where ${where} and ${next} order by coalesce(dc.n, 0) desc, h.id limit ${limit}`,
  );
}

/** Every hospital row of the master-data report, keyset-paged: for the report-table export. */
export async function* hospitalReportPages(db: Db, w: ReportWindow, pageSize: number): AsyncGenerator<Counts[]> {
  const source = hospitalSource(w);
  let after: HospitalCursor | null = null;
  for (;;) {
    const rows = await hospitalRows(db, source, after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { doctors: Number(last.doctors), id: Number(last.hospitalId) };
  }
}

export async function hospitalFigures(db: Db, w: ReportWindow, limit: number, how: FigurePath = {}): Promise<HospitalFigures> {
  const source = hospitalSource(w, how);
  const { from, where } = source;
  const [totals, byLevel, byType, rows] = await Promise.all([
    selectRows<HospitalFigures['totals']>(
      db,
      sql`
      select count(*)::int as hospitals, count(*) filter (where h.covered)::int as covered,
             coalesce(sum(dc.n), 0)::int as doctors, coalesce(sum(sc.n), 0)::int as secondary,
             count(*) filter (where h.created_at >= ${w.from})::int as "newInRange"
        from ${from} where ${where}`,
    ),
    selectRows<{ name: string; hospitals: number }>(
      db,
      sql`select coalesce(nullif(h.level, ''), '-') as name, count(*)::int as hospitals from hospitals h where ${where} group by 1 order by 2 desc, 1`,
    ),
    selectRows<{ name: string; hospitals: number }>(
      db,
      sql`select coalesce(nullif(h.type, ''), '-') as name, count(*)::int as hospitals from hospitals h where ${where} group by 1 order by 2 desc, 1 limit 12`,
    ),
    hospitalRows(db, source, null, limit),
  ]);
  return { totals: totals[0]!, byLevel, byType, rows };
}

/** Doctors created in the window per creator and portal month (YYYY-MM) among the given users (goData's recruit actuals), inside the scope. */
export async function doctorsCreatedByMonth(db: Db, w: ReportWindow, userIds: SQL): Promise<{ userId: number; month: string; doctors: number }[]> {
  const rows = await selectRows<{ user_id: number; month: string; doctors: number }>(
    db,
    sql`
    select d.created_by as user_id, left(${DAY(sql`d.created_at`)}, 7) as month, count(*)::int as doctors from doctors d
     where d.created_by in ${userIds} and d.created_at >= ${w.from} and d.created_at < ${w.to} and ${doctorInScope(w.scope)} and ${provinceOf('d', w.province)}
     group by 1, 2`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), month: r.month, doctors: Number(r.doctors) }));
}
