import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CUSTOMERS_LIMITS } from '@field-portal/shared';
import type {
  GenderSplit,
  HospitalDetail,
  HospitalOption,
  HospitalPage,
  HospitalRow,
  RegionOption,
  coverageQuery,
  hospitalFilterQuery,
  hospitalListQuery,
  hospitalPickQuery,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { likePattern } from '../../db/like.js';
import { countUpTo, decodeCursor, keysetPage } from '../../platform/paging/index.js';
import { hospitalInScope, type DataScope } from './scope.js';
import { provinces, regionsWithCodeIn } from '../reference/index.js';

/** Hospitals (spec 001 section 7.4), always within the caller's data scope. */

type HospitalFilter = z.output<typeof hospitalFilterQuery>;

const HOSPITAL_COLUMNS = sql`h.id, h.name, h.province, h.city, h.county, h.province_code as "provinceCode", h.city_code as "cityCode",
  h.county_code as "countyCode", h.city_level as "cityLevel", h.level, h.type, h.covered`;

/** A keyword matches the name anywhere, or the pinyin / initials from the start. */
function keywordCondition(keyword: string): SQL {
  const lower = keyword.toLowerCase();
  if (/^[a-z]+$/.test(lower)) {
    const prefix = `${lower}%`;
    return sql`(h.name ilike ${likePattern(keyword)} or h.pinyin like ${prefix} or h.initials like ${prefix})`;
  }
  return sql`h.name ilike ${likePattern(keyword)}`;
}

function hospitalWhere(scope: DataScope, f: HospitalFilter): SQL {
  // Deactivated hospitals leave the lists and pickers; a detail stays reachable where history names it.
  const parts = [hospitalInScope(scope), sql`h.active`];
  if (f.keyword) parts.push(keywordCondition(f.keyword));
  if (f.provinceCode) parts.push(sql`h.province_code = ${f.provinceCode}`);
  if (f.cityCode) parts.push(sql`h.city_code = ${f.cityCode}`);
  if (f.countyCode) parts.push(sql`h.county_code = ${f.countyCode}`);
  if (f.province) parts.push(sql`h.province = ${f.province}`);
  if (f.city) parts.push(sql`h.city = ${f.city}`);
  if (f.levels?.length)
    parts.push(
      sql`h.level in (${sql.join(
        f.levels.map((l) => sql`${l}`),
        sql`,`,
      )})`,
    );
  if (f.types?.length)
    parts.push(
      sql`h.type in (${sql.join(
        f.types.map((t) => sql`${t}`),
        sql`,`,
      )})`,
    );
  if (f.covered) parts.push(sql`h.covered = ${f.covered === 'true'}`);
  return sql.join(parts, sql` and `);
}

export async function listHospitals(db: Db, scope: DataScope, query: z.output<typeof hospitalListQuery>): Promise<HospitalPage> {
  const where = hospitalWhere(scope, query);
  const after = decodeCursor(query.cursor, ['int'])?.[0];
  const rows = await selectRows<HospitalRow>(
    db,
    sql`select ${HOSPITAL_COLUMNS} from hospitals h where ${where} ${after !== undefined ? sql`and h.id > ${after}` : sql``} order by h.id limit ${query.size + 1}`,
  );
  const { total, capped } = await countUpTo(db, sql`from hospitals h where ${where}`, CUSTOMERS_LIMITS.countCap);
  const page = keysetPage(rows, query.size, (r) => [Number(r.id)]);
  return { content: page.rows, nextCursor: page.nextCursor, total, capped };
}

/** Hospitals are few (tens of thousands): their count is exact. */
export async function countHospitals(db: Db, scope: DataScope, query: HospitalFilter): Promise<{ count: number }> {
  const [row] = await selectRows<{ n: string }>(db, sql`select count(*) as n from hospitals h where ${hospitalWhere(scope, query)}`);
  return { count: Number(row?.n ?? 0) };
}

export async function exportHospitals(db: Db, scope: DataScope, query: HospitalFilter): Promise<HospitalRow[]> {
  return selectRows<HospitalRow>(db, sql`select ${HOSPITAL_COLUMNS} from hospitals h where ${hospitalWhere(scope, query)} order by h.id`);
}

/** One hospital with its doctor count; 404 outside the scope (SECURITY.md 8.2.2). */
export async function hospitalDetail(db: Db | Tx, scope: DataScope, id: number): Promise<HospitalDetail> {
  const [row] = await selectRows<HospitalDetail>(
    db,
    sql`select ${HOSPITAL_COLUMNS}, h.address, h.pinyin, (select count(*)::int from doctors d where d.hospital_id = h.id and d.active) as "doctorCount"
          from hospitals h where h.id = ${id} and ${hospitalInScope(scope)}`,
  );
  if (!row) throw notFound();
  return row;
}

export async function hospitalGender(db: Db, scope: DataScope, hospitalId: number): Promise<GenderSplit> {
  await hospitalDetail(db, scope, hospitalId);
  const [row] = await selectRows<{ male: number; female: number; unknown: number }>(
    db,
    sql`select count(*) filter (where gender = 1)::int as male, count(*) filter (where gender = 2)::int as female,
               count(*) filter (where gender not in (1, 2))::int as unknown
          from doctors d where d.hospital_id = ${hospitalId} and d.active`,
  );
  return { hospitalId, male: row?.male ?? 0, female: row?.female ?? 0, unknown: row?.unknown ?? 0 };
}

export async function setCoverage(db: Db, scope: DataScope, query: z.output<typeof coverageQuery>): Promise<HospitalDetail> {
  await hospitalDetail(db, scope, query.hospitalId);
  await db.execute(sql`update hospitals set covered = ${query.covered === 'true'}, updated_at = now() where id = ${query.hospitalId}`);
  return hospitalDetail(db, scope, query.hospitalId);
}

/**
 * Hospitals stored before the region list existed (an older database) get their province's code
 * from its name, in one update; run once, when the reference data has just written the regions.
 */
export async function fillHospitalProvinceCodes(db: Db | Tx): Promise<void> {
  await db.execute(sql`update hospitals h set province_code = r.code from ${provinces('r')} where r.name = h.province and h.province_code = ''`);
}

/** Provinces, cities or counties of the hospitals in scope. */
export async function scopeRegions(db: Db, scope: DataScope, level: 1 | 2 | 3, parentCode?: string): Promise<RegionOption[]> {
  const column = level === 1 ? sql`h.province_code` : level === 2 ? sql`h.city_code` : sql`h.county_code`;
  const parent = level === 2 ? sql`and h.province_code = ${parentCode ?? ''}` : level === 3 ? sql`and h.city_code = ${parentCode ?? ''}` : sql``;
  return regionsWithCodeIn(db, sql`select distinct ${column} from hospitals h where h.active and ${hospitalInScope(scope)} ${parent}`, level);
}

/** Hospitals in scope for a picker (queryXjpHospital, add-doctor findHospital). */
export async function pickHospitals(db: Db, scope: DataScope, query: z.output<typeof hospitalPickQuery>): Promise<HospitalOption[]> {
  const where = hospitalWhere(scope, { keyword: query.keyword, provinceCode: query.provinceCode, cityCode: query.cityCode, countyCode: query.countyCode });
  return selectRows<HospitalOption>(
    db,
    sql`select h.id, h.name, h.province, h.city, h.level from hospitals h where ${where} order by h.level, h.id limit ${query.size}`,
  );
}

/** Whether a hospital exists (data permissions name hospitals by id). */
export async function hospitalExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from hospitals where id = ${id}`);
  return Boolean(row);
}

/**
 * The name of the hospital whose id (as text, as a data permission stores it) `hospitalIdText`
 * holds, as a scalar subquery: admin's permission list names a permission's hospital with it.
 */
export function hospitalNameOf(hospitalIdText: SQL): SQL {
  return sql`(select h.name from hospitals h where h.id::text = ${hospitalIdText})`;
}

/** Names of hospitals by id (labels of data permissions). */
export async function hospitalNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (wanted.length === 0) return new Map();
  const rows = await selectRows<{ id: number; name: string }>(
    db,
    sql`select id, name from hospitals where id in (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`,`,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
