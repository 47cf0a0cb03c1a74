import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { DATASET_TAGS, doctorGenerator, generateHospitals, type GeneratedDoctor, type GeneratedHospital } from './generator.js';
import { userIdsOfUsernames } from '../admin/index.js';

/**
 * Writes the generated national dataset with multi-row INSERTs of literal values (the values are
 * made here, never typed by a user): hospitals, doctors, their primary and secondary
 * affiliations, the shared dataset tags and doctor tags. Used by the demo seed (a moderate
 * slice), `npm run seed:scale` and the benchmarks (national scale).
 */

export interface DatasetSize {
  hospitals: number;
  doctors: number;
  seed?: number;
}
export interface DatasetCounts {
  hospitals: number;
  doctors: number;
  affiliations: number;
  doctorTags: number;
}

const BATCH = 1000;

/** A SQL literal of a generated value. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.length === 0 ? `'{}'::text[]` : `ARRAY[${value.map(literal).join(',')}]::text[]`;
  return `'${String(value).replace(/\0/g, '').replace(/'/g, "''")}'`;
}
const rowsText = (rows: unknown[][]) => rows.map((r) => `(${r.map(literal).join(',')})`).join(',');

export const HOSPITAL_COLUMNS = [
  'name',
  'province',
  'city',
  'level',
  'province_code',
  'city_code',
  'county_code',
  'county',
  'city_level',
  'type',
  'pinyin',
  'initials',
  'address',
  'covered',
];
export const hospitalValues = (h: GeneratedHospital) => [
  h.name,
  h.province,
  h.city,
  h.level,
  h.provinceCode,
  h.cityCode,
  h.countyCode,
  h.county,
  h.cityLevel,
  h.type,
  h.pinyin,
  h.initials,
  h.address,
  h.covered,
];

export const DOCTOR_COLUMNS = [
  'name',
  'pinyin',
  'initials',
  'gender',
  'hospital_id',
  'province_code',
  'city_code',
  'county_code',
  'city_level',
  'hospital_level',
  'dept1_code',
  'dept2_code',
  'title_code',
  'teaching_title_code',
  'direction_code',
  'indications',
  'doctor_range',
  'online_patients',
  'outpatient_days',
  'outpatient_type',
  'phone',
  'wecom_external_id',
  'wecom_follow_user',
  'source',
];
export function doctorValues(d: GeneratedDoctor, hospitalId: number, h: GeneratedHospital, followUser: string | null): unknown[] {
  return [
    d.name,
    d.pinyin,
    d.initials,
    d.gender,
    hospitalId,
    h.provinceCode,
    h.cityCode,
    h.countyCode,
    h.cityLevel,
    h.level,
    d.dept1Code,
    d.dept2Code,
    d.titleCode,
    d.teachingTitleCode,
    d.directionCode,
    d.indications,
    d.doctorRange,
    d.onlinePatients,
    d.outpatientDays,
    d.outpatientType,
    d.phone,
    d.wecomExternalId,
    d.wecomExternalId ? followUser : null,
    'generated',
  ];
}

/** Inserts rows of literal values in batches; with `returning`, gives back the ids in order. */
export async function insertLiteral(tx: Tx, table: string, columns: string[], rows: unknown[][], returning = false): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const text = `insert into ${table} (${columns.join(',')}) values ${rowsText(rows.slice(i, i + BATCH))}${returning ? ' returning id' : ''}`;
    if (returning) ids.push(...(await selectRows<{ id: number }>(tx, sql.raw(text))).map((r) => Number(r.id)));
    else await tx.execute(sql.raw(text));
  }
  return ids;
}

export interface WriteOptions extends DatasetSize {
  /** The user the dataset's shared tags are made by. */
  tagOwner: number;
  /** Usernames the enterprise-chat contacts follow (representatives). */
  followUsers?: readonly string[];
  onProgress?: (doctorsDone: number) => void;
  /**
   * Writes only the dataset's doctors from this index on (with their affiliations and tags), onto
   * its hospitals written before by a writeDataset of the same hospital count and seed (found by
   * their names, which the generator never repeats): a bigger demo adds the doctors after its first
   * ones, which stay as they were.
   */
  doctorsFrom?: number;
}

/** Generates and writes the dataset; the reference data must be seeded first. */
export async function writeDataset(tx: Tx, options: WriteOptions): Promise<DatasetCounts> {
  const seed = options.seed ?? 14;
  const hospitals = generateHospitals(options.hospitals, seed);
  const from = options.doctorsFrom ?? 0;
  const hospitalIds =
    from > 0 ? await writtenHospitalIds(tx, hospitals) : await insertLiteral(tx, 'hospitals', HOSPITAL_COLUMNS, hospitals.map(hospitalValues), true);
  await tx.execute(
    sql.raw(
      `insert into tags (name, color, owner_id, created_by) values ${rowsText(DATASET_TAGS.map(([name, color]) => [name, color, null, options.tagOwner]))} on conflict do nothing`,
    ),
  );
  const byName = new Map(
    (await selectRows<{ id: number; name: string }>(tx, sql`select id, name from tags where owner_id is null`)).map((t) => [t.name, Number(t.id)]),
  );
  const tagIds = DATASET_TAGS.map(([name]) => byName.get(name));
  const follow = options.followUsers ?? [];
  const doctorAt = doctorGenerator(hospitals, seed * 101);
  const counts: DatasetCounts = { hospitals: from > 0 ? 0 : hospitals.length, doctors: 0, affiliations: 0, doctorTags: 0 };
  for (let start = from; start < options.doctors; start += BATCH) {
    const batch: GeneratedDoctor[] = [];
    for (let n = start; n < Math.min(options.doctors, start + BATCH); n++) batch.push(doctorAt(n));
    const rows = batch.map((d, i) =>
      doctorValues(d, hospitalIds[d.hospital]!, hospitals[d.hospital]!, follow.length > 0 ? follow[(start + i) % follow.length]! : null),
    );
    const ids = await insertLiteral(tx, 'doctors', DOCTOR_COLUMNS, rows, true);
    const affiliations: unknown[][] = [];
    const doctorTags: unknown[][] = [];
    batch.forEach((d, i) => {
      const id = ids[i]!;
      affiliations.push([id, hospitalIds[d.hospital], d.dept1Code, d.dept2Code, d.positionCode, true, `${d.startYear}-09-01`]);
      if (d.secondary !== null)
        affiliations.push([id, hospitalIds[d.secondary], d.dept1Code, d.dept2Code, 'LEAD', false, `${Math.min(2025, d.startYear + 8)}-03-01`]);
      for (const t of d.tags) if (tagIds[t]) doctorTags.push([tagIds[t], id, options.tagOwner]);
    });
    await insertLiteral(
      tx,
      'doctor_affiliations',
      ['doctor_id', 'hospital_id', 'dept1_code', 'dept2_code', 'position_code', 'is_primary', 'start_date'],
      affiliations,
    );
    if (doctorTags.length > 0) await insertLiteral(tx, 'doctor_tags', ['tag_id', 'doctor_id', 'created_by'], doctorTags);
    counts.doctors += batch.length;
    counts.affiliations += affiliations.length;
    counts.doctorTags += doctorTags.length;
    options.onProgress?.(counts.doctors);
  }
  return counts;
}

/** The ids of the dataset's hospitals already written, in the generator's order. */
async function writtenHospitalIds(tx: Tx, hospitals: readonly GeneratedHospital[]): Promise<number[]> {
  const names = hospitals.map((h) => h.name);
  const rows = await selectRows<{ id: number; name: string }>(
    tx,
    sql`select min(id) as id, name from hospitals where name = any(${sql.raw(`ARRAY[${names.map(literal).join(',')}]::text[]`)}) group by name`,
  );
  const byName = new Map(rows.map((r) => [r.name, Number(r.id)]));
  return names.map((name) => {
    const id = byName.get(name);
    if (id === undefined) throw new Error(`The dataset's hospital ${name} is not in the database: write the dataset's hospitals first.`);
    return id;
  });
}

/**
 * Gives the demo's doctors a registration history (the demo only; the national load keeps its
 * load time): the dataset's doctors were registered between four months and three years ago, and
 * one in forty of those a representative follows on WeCom (runs of eight ids, so every
 * representative has some) were added by that representative in the last four months (source
 * `manual`), as the add-doctor wizard records them. Deterministic from the rows' ids; the
 * registration and recruitment reports read these rows. The products are taken in bigint, so
 * the same update serves a database of any size (in int, `id * 7919` overflows past 271,000 ids).
 * With `afterId`, only the doctors after that id (the ones a bigger demo adds).
 */
export async function backdateDemoRegistrations(tx: Tx, afterId = 0): Promise<void> {
  await tx.execute(sql`update doctors set created_at = now() - make_interval(days => 120 + ((id::bigint * 7919) % 1000)::int, mins => ((id::bigint * 131) % 1440)::int)
                        where source = 'generated' and id > ${afterId}`);
  const recruiting = sql`d.source = 'generated' and (d.id / 8) % 40 = 3 and d.id > ${afterId}`;
  const followed = await selectRows<{ username: string }>(
    tx,
    sql`select distinct d.wecom_follow_user as username from doctors d where ${recruiting} and d.wecom_follow_user is not null`,
  );
  // The representatives are admin's users: their ids come through admin's face, then one update joins them by login name.
  const reps = await userIdsOfUsernames(
    tx,
    followed.map((f) => f.username),
  );
  if (reps.size === 0) return;
  await tx.execute(sql`update doctors d set created_by = u.id, source = 'manual', created_at = now() - make_interval(days => ((d.id / 320) * 37 + (d.id % 8) * 11) % 120, mins => ((d.id::bigint * 131) % 1440)::int)
                         from unnest(${sql.param([...reps.keys()])}::text[], ${sql.param([...reps.values()])}::int[]) as u(username, id)
                        where u.username = d.wecom_follow_user and ${recruiting}`);
}

/**
 * Runs a bulk load with the non-unique indexes of the customer tables dropped, and builds them
 * again afterwards: one index build is far cheaper than a million index insertions.
 */
export async function withIndexesDeferred<T>(
  tx: Tx,
  work: () => Promise<T>,
  tables: readonly string[] = ['doctors', 'doctor_affiliations', 'doctor_tags', 'hospitals'],
): Promise<T> {
  const indexes = await selectRows<{ indexname: string; indexdef: string }>(
    tx,
    sql`select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = 'public' and i.tablename in ${sql.raw(`(${tables.map((t) => `'${t.replace(/'/g, '')}'`).join(',')})`)}
           and i.indexdef not like 'CREATE UNIQUE%'`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index if exists "${index.indexname.replace(/"/g, '')}"`));
  const result = await work();
  for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  return result;
}
