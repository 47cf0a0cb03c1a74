import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CUSTOMERS_LIMITS as L,
  type CorrectionRow,
  type Distribution,
  type DistributionDimension,
  type DoctorFilter,
  type DoctorInfo,
  type DoctorPage,
  type DoctorRow,
  type WecomLink,
  type doctorListQuery,
  type overrideModeRequest,
  type updatePhoneQuery,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { countUpTo, decodeCursor, keysetPage, type CappedCount } from '../../platform/paging/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { correctionsOfDoctor } from './corrections.js';
import { doctorWhere, prepareFilter } from './doctor-filter.js';
import { doctorInScope, type DataScope } from './scope.js';
import { codeName, departmentName, joinDepartment, regionName } from '../reference/index.js';

/** Doctors: the list, one doctor, its small edits, the distributions and the export. */

/** The row of a doctor as lists show it; `userId` decides which personal tags show. */
export const doctorRowSelect = (userId: number) => sql`
  select d.id, d.name, d.gender, d.hospital_id as "hospitalId", h.name as "hospitalName", d.hospital_level as "hospitalLevel",
         d.province_code as "provinceCode", h.province, d.city_code as "cityCode", h.city,
         d.dept1_code as "dept1Code", coalesce(d1.name, d.dept1_code) as "dept1Name", d.dept2_code as "dept2Code", d2.name as "dept2Name",
         d.title_code as "titleCode", d.teaching_title_code as "teachingTitleCode", d.direction_code as "directionCode",
         d.indications, d.doctor_range as "doctorRange", d.online_patients as "onlinePatients", d.outpatient_days as "outpatientDays",
         d.outpatient_type as "outpatientType",
         coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'shared', t.owner_id is null) order by t.id)
                     from doctor_tags dt join tags t on t.id = dt.tag_id
                    where dt.doctor_id = d.id and (t.owner_id is null or t.owner_id = ${userId})), '[]'::json) as tags,
         exists (select 1 from doctor_corrections c where c.doctor_id = d.id and c.status = 'pending') as "pendingCorrection"
    from doctors d
    join hospitals h on h.id = d.hospital_id
    ${joinDepartment('d1', sql`d.dept1_code`)}
    ${joinDepartment('d2', sql`d.dept2_code`)}`;

/**
 * The capped count of the doctors in a scope and doctor range, kept a minute per scope: it is the
 * same on every page and for every filter ("1,203 of 48,211 in your scope").
 */
const SCOPE_COUNT_TTL_MS = 60_000;
// Kept per database, so two portals in one process (the tests) never read each other's counts.
const scopeCountsOf = new WeakMap<Db, Map<string, { at: number; count: Promise<CappedCount> }>>();

function scopeCount(db: Db, scope: DataScope, range: string): Promise<CappedCount> {
  let scopeCounts = scopeCountsOf.get(db);
  if (!scopeCounts) scopeCountsOf.set(db, (scopeCounts = new Map()));
  const key = JSON.stringify([scope.all, scope.hospitalIds, scope.provinceCodes, range]);
  const hit = scopeCounts.get(key);
  if (hit && Date.now() - hit.at < SCOPE_COUNT_TTL_MS) return hit.count;
  if (scopeCounts.size > 1000) scopeCounts.clear();
  const count = countUpTo(db, sql`from doctors d where ${doctorInScope(scope)} and d.active and d.doctor_range = ${range}`, L.countCap);
  count.catch(() => scopeCounts.delete(key));
  scopeCounts.set(key, { at: Date.now(), count });
  return count;
}

/**
 * getDoctorList: a keyset page by id. The totals (capped) are counted for the first page only;
 * the cursor carries them to the later pages, so a later page costs its rows and nothing more.
 */
export async function listDoctors(db: Db, scope: DataScope, userId: number, query: z.output<typeof doctorListQuery>): Promise<DoctorPage> {
  const prepared = await prepareFilter(db, query);
  // The cursor: the last id and, after the first page, its four totals (carried, not counted again).
  const cursor = decodeCursor(query.cursor, ['int', 'ints']);
  const where = doctorWhere(scope, prepared, userId);
  const ids = await selectRows<{ id: number }>(
    db,
    sql`select d.id from doctors d where ${where} ${cursor ? sql`and d.id > ${cursor[0]}` : sql``} order by d.id limit ${query.size + 1}`,
  );
  let totals: number[];
  if (cursor?.[1].length === 4) totals = cursor[1];
  else {
    const [filtered, inScope] = await Promise.all([countUpTo(db, sql`from doctors d where ${where}`, L.countCap), scopeCount(db, scope, query.doctorRange)]);
    totals = [filtered.total, filtered.capped ? 1 : 0, inScope.total, inScope.capped ? 1 : 0];
  }
  const page = keysetPage(ids, query.size, (r) => [Number(r.id), totals]);
  const rows =
    page.rows.length === 0
      ? []
      : await selectRows<DoctorRow>(
          db,
          sql`${doctorRowSelect(userId)} where d.id in (${sql.join(
            page.rows.map((r) => sql`${r.id}`),
            sql`,`,
          )}) order by d.id`,
        );
  const [total, capped, scopeTotal, scopeCapped] = totals as [number, number, number, number];
  return { content: rows, nextCursor: page.nextCursor, total, capped: capped === 1, scopeTotal, scopeCapped: scopeCapped === 1 };
}

/** The doctor's id when it is in scope; otherwise 404 with the spec's panoramic-view message. */
async function doctorIdInScope(db: Db | Tx, scope: DataScope, id: number): Promise<number> {
  const [row] = await selectRows<{ id: number }>(db, sql`select d.id from doctors d where d.id = ${id} and ${doctorInScope(scope)}`);
  if (!row) throw notFound('customers.doctor.noPanoramic');
  return row.id;
}

/** getDoctorInfo: one doctor with its affiliations and visible corrections; 404 outside the scope. */
export async function doctorInfo(db: Db | Tx, scope: DataScope, userId: number, id: number, reviewer: boolean): Promise<DoctorInfo> {
  await doctorIdInScope(db, scope, id);
  const [row] = await selectRows<Omit<DoctorInfo, 'affiliations' | 'corrections'>>(
    db,
    sql`select r.*, x.pinyin, x.initials, x.county_code as "countyCode", x.city_level as "cityLevel", x.phone, x.override_mode as "overrideMode",
               x.source, x.created_at as "createdAt", x.updated_at as "updatedAt"
          from (${doctorRowSelect(userId)} where d.id = ${id}) r join doctors x on x.id = r.id`,
  );
  if (!row) throw notFound('customers.doctor.noPanoramic');
  const affiliations = await selectRows<DoctorInfo['affiliations'][number]>(
    db,
    sql`select a.id, a.hospital_id as "hospitalId", h.name as "hospitalName", h.province, h.city, a.dept1_code as "dept1Code",
               coalesce(d1.name, a.dept1_code) as "dept1Name", a.dept2_code as "dept2Code", d2.name as "dept2Name", a.position_code as "positionCode",
               a.is_primary as "isPrimary", a.start_date::text as "startDate", a.end_date::text as "endDate"
          from doctor_affiliations a join hospitals h on h.id = a.hospital_id
          ${joinDepartment('d1', sql`a.dept1_code`)} ${joinDepartment('d2', sql`a.dept2_code`)}
         where a.doctor_id = ${id} order by a.is_primary desc, a.end_date desc nulls first, a.id`,
  );
  const corrections: CorrectionRow[] = await correctionsOfDoctor(db, id, reviewer ? undefined : userId);
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(), affiliations, corrections };
}

export async function setOverrideMode(
  db: Db,
  scope: DataScope,
  userId: number,
  body: z.output<typeof overrideModeRequest>,
  reviewer: boolean,
): Promise<DoctorInfo> {
  await doctorIdInScope(db, scope, body.doctorId);
  await db.execute(sql`update doctors set override_mode = ${body.overrideMode}, updated_at = now() where id = ${body.doctorId}`);
  return doctorInfo(db, scope, userId, body.doctorId, reviewer);
}

export async function updatePhone(db: Db, scope: DataScope, userId: number, query: z.output<typeof updatePhoneQuery>, reviewer: boolean): Promise<DoctorInfo> {
  await doctorIdInScope(db, scope, query.doctorId);
  await db.execute(sql`update doctors set phone = ${query.phone}, updated_at = now() where id = ${query.doctorId}`);
  return doctorInfo(db, scope, userId, query.doctorId, reviewer);
}

export async function wecomLink(db: Db, scope: DataScope, doctorId: number): Promise<WecomLink> {
  await doctorIdInScope(db, scope, doctorId);
  const [row] = await selectRows<{ external: string | null; follow: string | null }>(
    db,
    sql`select wecom_external_id as external, wecom_follow_user as follow from doctors where id = ${doctorId}`,
  );
  return { doctorId, bound: Boolean(row?.external), externalUserId: row?.external ?? null, followUser: row?.follow ?? null };
}

/** The department codes of the doctors of one hospital (queryDepartment with a hospital). */
export async function departmentCodesAt(db: Db, hospitalId: number): Promise<Set<string>> {
  const rows = await selectRows<{ dept1: string; dept2: string | null }>(
    db,
    sql`select distinct dept1_code as dept1, dept2_code as dept2 from doctors where hospital_id = ${hospitalId}`,
  );
  return new Set(rows.flatMap((r) => (r.dept2 ? [r.dept1, r.dept2] : [r.dept1])));
}

const DIMENSIONS: Record<DistributionDimension, { key: SQL; label: SQL }> = {
  department: { key: sql`d.dept1_code`, label: departmentName(sql`g.key`) },
  title: { key: sql`d.title_code`, label: codeName('title', sql`g.key`) },
  province: { key: sql`d.province_code`, label: regionName(sql`g.key`) },
  city: { key: sql`d.city_code`, label: regionName(sql`g.key`) },
  hospital: { key: sql`d.hospital_id::text`, label: sql`(select name from hospitals where id = g.key::int)` },
};

/** Top 10 (spec 001 section 9) of the filtered doctors in scope by one dimension. */
export async function distribution(db: Db, scope: DataScope, userId: number, filter: DoctorFilter, dimension: DistributionDimension): Promise<Distribution> {
  const where = doctorWhere(scope, await prepareFilter(db, filter), userId);
  const { key, label } = DIMENSIONS[dimension];
  const items = await selectRows<{ key: string; name: string | null; count: number }>(
    db,
    sql`select g.key, ${label} as name, g.count from (
          select ${key} as key, count(*)::int as count from doctors d where ${where} group by 1 order by 2 desc, 1 limit ${L.distributionTop}
        ) g order by g.count desc, g.key`,
  );
  const { total, capped } = await countUpTo(db, sql`from doctors d where ${where}`, L.countCap);
  return { dimension, total, capped, items: items.map((i) => ({ key: String(i.key), name: i.name ?? String(i.key), count: i.count })) };
}

/** The filtered doctors in scope for the export; more than exportMax is refused. */
export async function exportDoctors(db: Db, scope: DataScope, userId: number, filter: DoctorFilter): Promise<DoctorRow[]> {
  const where = doctorWhere(scope, await prepareFilter(db, filter), userId);
  if ((await countUpTo(db, sql`from doctors d where ${where}`, L.exportMax)).capped)
    throw badRequest('customers.export.tooLarge', 'filter', { max: L.exportMax });
  return selectRows<DoctorRow>(db, sql`${doctorRowSelect(userId)} where ${where} order by d.id`);
}
