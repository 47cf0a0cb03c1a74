import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';

/**
 * The company's master data written set-based (docs/decisions/0042): hospitals and doctors upserted
 * by the company's code from a source relation the caller builds (the import centre's staging rows,
 * or a batch call's records), one statement per step whatever the number of rows. A changed
 * record is updated in place, so its tags, visits, corrections and scores stay with it.
 */

/**
 * The source of upsertHospitals: a relation with columns code, name, level, type, province_code,
 * city_code, county_code, province, city, county, city_level (smallint or null), address, pinyin, initials.
 */
export type HospitalSource = SQL;

/**
 * The source of upsertDoctors: a relation with columns target_id (the doctor it updates, or null for
 * a new one), code, name, pinyin, initials, gender (smallint), hospital_id, dept1_code, dept2_code,
 * title_code, position_code, indications (text[]), phone, secondary_hospital_id (int or null).
 */
export type DoctorSource = SQL;

export interface UpsertCounts {
  new: number;
  changed: number;
  unchanged: number;
}

/** Whether hospital `h` differs from source row `s` (what an import can set). */
export const hospitalDiffers = (h: string, s: string): SQL =>
  sql.raw(`(${h}.name, ${h}.level, ${h}.type, ${h}.province_code, ${h}.city_code, ${h}.county_code, ${h}.address, ${h}.active)
            is distinct from (${s}.name, ${s}.level, ${s}.type, ${s}.province_code, ${s}.city_code, ${s}.county_code, ${s}.address, true)`);

/** Whether doctor `d` differs from source row `s`. */
export const doctorDiffers = (d: string, s: string): SQL =>
  sql.raw(`(${d}.code, ${d}.name, ${d}.gender, ${d}.hospital_id, ${d}.dept1_code, ${d}.dept2_code, ${d}.title_code, ${d}.indications, ${d}.phone, ${d}.active)
            is distinct from (${s}.code, ${s}.name, ${s}.gender, ${s}.hospital_id, ${s}.dept1_code, ${s}.dept2_code, ${s}.title_code, ${s}.indications, ${s}.phone, true)`);

/** Hospitals by the company's code: (id, code, name, level, type, address, active) of those with a code, for the checks of an import. */
export const hospitalCodes = (): SQL => sql`(select id, code, name, level, type, address, active from hospitals where code is not null)`;
/** Every hospital's id and name (an import may name a hospital instead of giving its code). */
export const hospitalNames = (): SQL => sql`(select id, code, name from hospitals)`;
/** Doctors' keys for the checks of an import: id, code, name, hospital, department, and the fields doctorDiffers compares. */
export const doctorKeys = (): SQL =>
  sql`(select id, code, name, gender, hospital_id, dept1_code, dept2_code, title_code, indications, phone, active from doctors)`;

/** What upsertHospitals would do with each source row (the source has a `line` column): (line, target_id, action new|changed|unchanged). */
export const hospitalActions = (source: HospitalSource): SQL =>
  sql`(select s.line, h.id as target_id, case when h.id is null then 'new' when ${hospitalDiffers('h', 's')} then 'changed' else 'unchanged' end as action
         from ${source} s left join hospitals h on h.code = s.code)`;

/** What upsertDoctors would do with each source row (with a `line` column): (line, action). */
export const doctorActions = (source: DoctorSource): SQL =>
  sql`(select s.line, case when d.id is null then 'new' when ${doctorDiffers('d', 's')} then 'changed' else 'unchanged' end as action
         from ${source} s left join doctors d on d.id = s.target_id)`;

const count = async (tx: Tx, query: SQL): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(tx, sql`with done as (${query}) select count(*)::int as n from done`);
  return row?.n ?? 0;
};

/** Hospitals by code: new ones inserted, changed ones updated (with their doctors' copy of region and grade), in the caller's transaction. */
export async function upsertHospitals(tx: Tx, source: HospitalSource): Promise<UpsertCounts> {
  const [total] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from ${source} s`);
  const changed = await count(
    tx,
    sql`update hospitals h set name = s.name, level = s.level, type = s.type, province_code = s.province_code, city_code = s.city_code,
               county_code = s.county_code, province = s.province, city = s.city, county = s.county, city_level = s.city_level,
               address = s.address, pinyin = s.pinyin, initials = s.initials, active = true, updated_at = now()
          from ${source} s where h.code = s.code and ${hospitalDiffers('h', 's')} returning h.id`,
  );
  // Doctors carry a copy of their primary hospital's region and grade (docs/decisions/0017).
  await tx.execute(sql`
    update doctors d set province_code = h.province_code, city_code = h.city_code, county_code = h.county_code, city_level = h.city_level,
           hospital_level = h.level, updated_at = now()
      from hospitals h where d.hospital_id = h.id and h.code in (select s.code from ${source} s)
       and (d.province_code, d.city_code, d.county_code, d.city_level, d.hospital_level) is distinct from (h.province_code, h.city_code, h.county_code, h.city_level, h.level)`);
  const added = await count(
    tx,
    sql`insert into hospitals (code, name, level, type, province_code, city_code, county_code, province, city, county, city_level, address, pinyin, initials)
        select s.code, s.name, s.level, s.type, s.province_code, s.city_code, s.county_code, s.province, s.city, s.county, s.city_level, s.address, s.pinyin, s.initials
          from ${source} s where not exists (select 1 from hospitals h where h.code = s.code) returning id`,
  );
  return { new: added, changed, unchanged: (total?.n ?? 0) - added - changed };
}

/**
 * Doctors by code (or by id, the doctor list's export): new ones inserted with their primary
 * affiliation; changed ones updated, and when the primary hospital changed the old affiliation is
 * ended and a new one started; a secondary hospital adds a secondary affiliation once.
 */
export async function upsertDoctors(tx: Tx, source: DoctorSource, userId: number | null): Promise<UpsertCounts> {
  const [total] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from ${source} s`);
  // The primary hospital changed: the open primary affiliation ends today, a new one starts (before the doctor row moves).
  await tx.execute(sql`
    update doctor_affiliations a set end_date = current_date
      from ${source} s join doctors d on d.id = s.target_id
     where a.doctor_id = d.id and a.is_primary and a.end_date is null and d.hospital_id <> s.hospital_id`);
  const changed = await count(
    tx,
    sql`update doctors d set code = s.code, name = s.name, pinyin = s.pinyin, initials = s.initials, gender = s.gender, hospital_id = s.hospital_id,
               province_code = h.province_code, city_code = h.city_code, county_code = h.county_code, city_level = h.city_level, hospital_level = h.level,
               dept1_code = s.dept1_code, dept2_code = s.dept2_code, title_code = s.title_code, indications = s.indications, phone = s.phone,
               active = true, updated_at = now()
          from ${source} s join hospitals h on h.id = s.hospital_id
         where d.id = s.target_id and ${doctorDiffers('d', 's')} returning d.id`,
  );
  // The open primary affiliation follows the departments and position (a new one where the hospital changed).
  await tx.execute(sql`
    update doctor_affiliations a set dept1_code = s.dept1_code, dept2_code = s.dept2_code, position_code = coalesce(s.position_code, a.position_code)
      from ${source} s where a.doctor_id = s.target_id and a.is_primary and a.end_date is null and a.hospital_id = s.hospital_id
       and (a.dept1_code, a.dept2_code, a.position_code) is distinct from (s.dept1_code, s.dept2_code, coalesce(s.position_code, a.position_code))`);
  const added = await count(
    tx,
    sql`insert into doctors (code, name, pinyin, initials, gender, hospital_id, province_code, city_code, county_code, city_level, hospital_level,
                             dept1_code, dept2_code, title_code, indications, phone, doctor_range, source, created_by)
        select s.code, s.name, s.pinyin, s.initials, s.gender, s.hospital_id, h.province_code, h.city_code, h.county_code, h.city_level, h.level,
               s.dept1_code, s.dept2_code, s.title_code, s.indications, s.phone, 'internal', 'import', ${userId}
          from ${source} s join hospitals h on h.id = s.hospital_id
         where s.target_id is null and not exists (select 1 from doctors d where d.code = s.code) returning id`,
  );
  // The doctor by id or else by code as one join key (an OR in the join condition would look up every pair); the code through
  // a hashed join, not a lookup per row (a subquery in the key ran twice per row).
  await tx.execute(sql`
    insert into doctor_affiliations (doctor_id, hospital_id, dept1_code, dept2_code, position_code, is_primary, start_date)
    select d.id, d.hospital_id, d.dept1_code, d.dept2_code, s.position_code, true, current_date
      from ${source} s left join doctors c on s.target_id is null and c.code = s.code join doctors d on d.id = coalesce(s.target_id, c.id)
     where not exists (select 1 from doctor_affiliations a where a.doctor_id = d.id and a.is_primary and a.end_date is null)`);
  await tx.execute(sql`
    insert into doctor_affiliations (doctor_id, hospital_id, dept1_code, dept2_code, is_primary, start_date)
    select d.id, s.secondary_hospital_id, d.dept1_code, d.dept2_code, false, current_date
      from ${source} s left join doctors c on s.target_id is null and c.code = s.code join doctors d on d.id = coalesce(s.target_id, c.id)
     where s.secondary_hospital_id is not null
       and not exists (select 1 from doctor_affiliations a where a.doctor_id = d.id and a.hospital_id = s.secondary_hospital_id and a.end_date is null)`);
  return { new: added, changed, unchanged: (total?.n ?? 0) - added - changed };
}

/** Hospitals or doctors with a company code that `keep` (a relation of one column, code) does not name: deactivated, never deleted. */
export async function deactivateMissing(tx: Tx, kind: 'hospitals' | 'doctors', keep: SQL): Promise<number> {
  const table = sql.raw(kind);
  return count(
    tx,
    sql`update ${table} t set active = false, updated_at = now() where t.code is not null and t.active and t.code not in (select k.code from ${keep} k) returning t.id`,
  );
}

/** The records of these codes deactivated; the codes that name none. */
export async function deactivateCodes(tx: Tx, kind: 'hospitals' | 'doctors', codes: readonly string[]): Promise<{ deactivated: string[]; unknown: string[] }> {
  const table = sql.raw(kind);
  const list = JSON.stringify(codes);
  const rows = await selectRows<{ code: string; found: boolean }>(
    tx,
    sql`with c as (select value as code from jsonb_array_elements_text(${list}::jsonb)),
             done as (update ${table} t set active = false, updated_at = now() from c where t.code = c.code returning t.code)
        select c.code, exists (select 1 from ${table} t where t.code = c.code) as found from c`,
  );
  return { deactivated: rows.filter((r) => r.found).map((r) => r.code), unknown: rows.filter((r) => !r.found).map((r) => r.code) };
}
