import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_LIMITS, type ImportCounts, type ImportKind } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { doctorActions, doctorKeys, hospitalActions, hospitalCodes, hospitalNames } from '../customers/index.js';
import { codesOf, departmentsOf, mainlandRegions, unknownIndications } from '../reference/index.js';
import { nearest } from './suggest.js';

/**
 * The dry run's checks (docs/decisions/0042): every check is ONE statement over the staged rows
 * of a job (`import_rows`), never a statement per row. A check adds `{k, f, p}` (message key,
 * column key, parameters) to the `errors` of the rows it refuses; resolved codes and ids go to `r`.
 */

type Q = Db | Tx;
const rowsOf = (job: number) => sql`s.job_id = ${job}`;

/** Adds an error to the rows matching `where` (a condition on `s`), with parameters as a jsonb expression. */
async function flag(db: Q, job: number, key: string, field: string, where: SQL, params: SQL = sql`'{}'::jsonb`): Promise<void> {
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', ${key}::text, 'f', ${field}::text, 'p', ${params}))
     where ${rowsOf(job)} and ${where}`);
}

const val = (field: string) => sql`coalesce(s.v->>${field}::text, '')`;

/** Required columns and the cell length, one statement each. */
async function basicChecks(db: Q, job: number, required: string[]): Promise<void> {
  await db.execute(sql`
    update import_rows s set errors = s.errors || e.list
      from (select t.line, jsonb_agg(jsonb_build_object('k', 'imports.row.required', 'f', k) order by k) as list
              from import_rows t, unnest(${`{${required.join(',')}}`}::text[]) k
             where t.job_id = ${job} and coalesce(t.v->>k, '') = '' group by t.line) e
     where ${rowsOf(job)} and s.line = e.line`);
  await db.execute(sql`
    update import_rows s set errors = s.errors || e.list
      from (select t.line, jsonb_agg(jsonb_build_object('k', 'imports.row.tooLong', 'f', c.key, 'p', jsonb_build_object('max', ${IMPORT_LIMITS.cellMax}::int))) as list
              from import_rows t, jsonb_each_text(t.v) c where t.job_id = ${job} and length(c.value) > ${IMPORT_LIMITS.cellMax} group by t.line) e
     where ${rowsOf(job)} and s.line = e.line`);
}

interface Lookup {
  /** lower-cased label → code ('?' when the label names more than one entry); info: more resolved values by code. */
  entries: { label: string; code: string; info?: Record<string, unknown> }[];
  /** The names a suggestion is chosen from. */
  names: string[];
}

function lookupOf(items: readonly { code: string; labels: readonly string[]; info?: Record<string, unknown> }[], names: readonly string[]): Lookup {
  const byLabel = new Map<string, { code: string; info?: Record<string, unknown> }>();
  for (const item of items) {
    for (const raw of new Set(item.labels.filter(Boolean).map((l) => l.toLowerCase()))) {
      const seen = byLabel.get(raw);
      if (seen && seen.code !== item.code) byLabel.set(raw, { code: '?' });
      else byLabel.set(raw, { code: item.code, info: item.info });
    }
  }
  return { entries: [...byLabel].map(([label, e]) => ({ label, ...e })), names: [...names] };
}

/**
 * Resolves a coded column by code or name (either language): one statement; then the values
 * that did not resolve get one message each, with the nearest entry's name suggested (one statement).
 */
async function resolve(db: Q, job: number, field: string, lookup: Lookup, ambiguousKey?: string): Promise<void> {
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object(${field}::text, x.code) || coalesce(x.info, '{}'::jsonb)
      from jsonb_to_recordset(${JSON.stringify(lookup.entries)}::jsonb) as x(label text, code text, info jsonb)
     where ${rowsOf(job)} and lower(s.v->>${field}::text) = x.label`);
  if (ambiguousKey) await flag(db, job, ambiguousKey, field, sql`s.r->>${field}::text = '?'`, sql`jsonb_build_object('value', s.v->>${field}::text)`);
  const missing = await selectRows<{ value: string }>(
    db,
    sql`select distinct s.v->>${field}::text as value from import_rows s where ${rowsOf(job)} and ${val(field)} <> '' and s.r->>${field}::text is null limit 2000`,
  );
  if (missing.length === 0) return;
  const suggestions: Record<string, string> = {};
  for (const { value } of missing) {
    const near = nearest(value, lookup.names);
    if (near) suggestions[value] = near;
  }
  const map = JSON.stringify(suggestions);
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object(
             'k', case when ${map}::jsonb ? (s.v->>${field}::text) then 'imports.row.unknownSuggest' else 'imports.row.unknown' end,
             'f', ${field}::text,
             'p', jsonb_strip_nulls(jsonb_build_object('value', s.v->>${field}::text, 'suggestion', ${map}::jsonb->>(s.v->>${field}::text)))))
     where ${rowsOf(job)} and ${val(field)} <> '' and s.r->>${field}::text is null`);
}

const codeLookup = (rows: readonly { code: string; name: string; nameEn: string }[]) =>
  lookupOf(
    rows.map((r) => ({ code: r.code, labels: [r.code, r.name, r.nameEn] })),
    rows.map((r) => r.name),
  );

/** Regions by 6-digit code, by name when one region has it, or by the names of province, city and county written together. */
function regionLookup(): Lookup {
  const regions = mainlandRegions();
  const byCode = new Map(regions.map((r) => [r.code, r]));
  const items = regions.map((r) => {
    const city = r.level === 3 ? byCode.get(r.parentCode!) : r.level === 2 ? r : undefined;
    const province = r.level === 1 ? r : byCode.get((city ?? r).parentCode ?? '') ?? r;
    const county = r.level === 3 ? r : undefined;
    // A municipality's city has the province's name (上海市 上海市): written once.
    const chain = [province.name, city && city.name !== province.name ? city.name : '', county?.name ?? ''];
    return {
      code: r.code,
      labels: [r.code, r.name, chain.join(''), chain.filter(Boolean).join(' '), chain.filter(Boolean).join('/'), city && county ? city.name + county.name : ''],
      info: {
        province_code: province.code,
        province: province.name,
        city_code: city?.code ?? '',
        city: city?.name ?? '',
        county_code: county?.code ?? '',
        county: county?.name ?? '',
        city_level: city?.cityLevel ?? null,
      },
    };
  });
  return lookupOf(items, []);
}

/** Rows after the first with the same value of `key` (a text expression on `t`): a message naming the first line. */
async function duplicates(db: Q, job: number, field: string, key: SQL, messageKey: string, value: SQL): Promise<void> {
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', ${messageKey}::text, 'f', ${field}::text, 'p', jsonb_build_object('value', ${value}, 'first', d.first)))
      from (select t.line, min(t.line) over (partition by ${key}) as first from import_rows t where t.job_id = ${job} and ${key} is not null) d
     where ${rowsOf(job)} and s.line = d.line and d.first < d.line`);
}

export async function checkHospitals(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['code', 'name', 'region']);
  await resolve(db, job, 'grade', codeLookup(await codesOf(db, 'hospitalGrade')));
  await resolve(db, job, 'type', codeLookup(await codesOf(db, 'hospitalType')));
  await resolve(db, job, 'region', regionLookup(), 'imports.row.regionAmbiguous');
  await duplicates(db, job, 'code', sql`nullif(t.v->>'code', '')`, 'imports.row.duplicateInFile', sql`s.v->>'code'`);
  await duplicates(db, job, 'name', sql`nullif(t.v->>'name', '')`, 'imports.row.duplicateInFile', sql`s.v->>'name'`);
  // The same hospital under another code (or none) in the database: a second record of it would split its doctors.
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.nameTaken', 'f', 'name',
             'p', jsonb_build_object('value', s.v->>'name', 'code', coalesce(h.code, '—'))))
      from ${hospitalNames()} h
     where ${rowsOf(job)} and h.name = s.v->>'name' and h.code is distinct from s.v->>'code'`);
}

export async function checkDoctors(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['name', 'dept1', 'title']);
  await flag(db, job, 'imports.row.hospitalMissing', 'hospitalCode', sql`${val('hospitalCode')} = '' and ${val('hospital')} = ''`);
  await flag(db, job, 'imports.row.codeOrId', 'code', sql`${val('code')} = '' and ${val('id')} = ''`);
  const [dept1, dept2] = await Promise.all([departmentsOf(db, 1), departmentsOf(db, 2)]);
  await resolve(db, job, 'dept1', codeLookup(dept1));
  await resolve(db, job, 'dept2', codeLookup(dept2));
  const parents = JSON.stringify(Object.fromEntries(dept2.map((d) => [d.code, d.parentCode])));
  await flag(db, job, 'imports.row.dept2Mismatch', 'dept2', sql`s.r->>'dept2' is not null and s.r->>'dept1' is not null and ${parents}::jsonb->>(s.r->>'dept2') <> s.r->>'dept1'`, sql`jsonb_build_object('value', s.v->>'dept2')`);
  await resolve(db, job, 'title', codeLookup(await codesOf(db, 'title')));
  await resolve(db, job, 'position', codeLookup(await codesOf(db, 'position')));
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('gender', case lower(s.v->>'gender') when '男' then 1 when 'male' then 1 when 'm' then 1 when '1' then 1
                                                                         when '女' then 2 when 'female' then 2 when 'f' then 2 when '2' then 2 end)
     where ${rowsOf(job)} and ${val('gender')} <> ''`);
  await flag(db, job, 'imports.row.gender', 'gender', sql`${val('gender')} <> '' and s.r->>'gender' is null`);
  await flag(db, job, 'imports.row.phone', 'phone', sql`${val('phone')} !~ '^[0-9 +()-]*$'`);
  // The primary hospital: by the company's code, else by a name only one hospital has.
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('hospital_id', h.id)
      from ${hospitalCodes()} h where ${rowsOf(job)} and h.code = s.v->>'hospitalCode'`);
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('hospital_id', case when h.n = 1 then h.id end, 'hospital_many', h.n > 1)
      from (select name, min(id) as id, count(*) as n from ${hospitalNames()} x group by name) h
     where ${rowsOf(job)} and ${val('hospitalCode')} = '' and h.name = s.v->>'hospital'`);
  await flag(db, job, 'imports.row.hospitalAmbiguous', 'hospital', sql`(s.r->>'hospital_many')::boolean`, sql`jsonb_build_object('value', s.v->>'hospital')`);
  await flag(
    db,
    job,
    'imports.row.hospitalUnknown',
    'hospitalCode',
    sql`s.r->>'hospital_id' is null and not coalesce((s.r->>'hospital_many')::boolean, false) and (${val('hospitalCode')} <> '' or ${val('hospital')} <> '')`,
    sql`jsonb_build_object('value', coalesce(nullif(s.v->>'hospitalCode', ''), s.v->>'hospital'))`,
  );
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('secondary_hospital_id', h.id)
      from ${hospitalCodes()} h where ${rowsOf(job)} and h.code = s.v->>'secondaryHospitalCode'`);
  await flag(db, job, 'imports.row.hospitalUnknown', 'secondaryHospitalCode', sql`${val('secondaryHospitalCode')} <> '' and s.r->>'secondary_hospital_id' is null`, sql`jsonb_build_object('value', s.v->>'secondaryHospitalCode')`);
  await flag(db, job, 'imports.row.secondarySame', 'secondaryHospitalCode', sql`s.r->>'secondary_hospital_id' = s.r->>'hospital_id'`);
  // Which doctor a row is: by the company's code, else by the id of the doctor list's export.
  await db.execute(sql`
    update import_rows s set target_id = d.id from ${doctorKeys()} d where ${rowsOf(job)} and d.code = s.v->>'code'`);
  await db.execute(sql`
    update import_rows s set target_id = d.id from ${doctorKeys()} d
     where ${rowsOf(job)} and s.target_id is null and s.v->>'id' ~ '^[0-9]{1,9}$' and d.id = (s.v->>'id')::int`);
  await flag(db, job, 'imports.row.idUnknown', 'id', sql`${val('id')} <> '' and s.target_id is null and ${val('code')} = ''`, sql`jsonb_build_object('value', s.v->>'id')`);
  // The same doctor twice: at another hospital it would be a second open primary affiliation.
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object(
             'k', case when d.first_hospital is distinct from s.r->>'hospital_id' then 'imports.row.secondPrimary' else 'imports.row.duplicateInFile' end,
             'f', case when s.v->>'code' <> '' then 'code' else 'id' end, 'p', jsonb_build_object('value', coalesce(nullif(s.v->>'code', ''), s.v->>'id'), 'first', d.first)))
      from (select t.line, first_value(t.line) over w as first, first_value(t.r->>'hospital_id') over w as first_hospital
              from import_rows t where t.job_id = ${job} and (t.target_id is not null or coalesce(t.v->>'code', '') <> '')
            window w as (partition by coalesce(t.target_id::text, 'code:' || (t.v->>'code')) order by t.line)) d
     where ${rowsOf(job)} and s.line = d.line and d.first < d.line`);
  // Another doctor of the same name at the same hospital and department is the same person (addDoctor's rule).
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.doctorTaken', 'f', 'name',
             'p', jsonb_build_object('value', s.v->>'name', 'code', coalesce(d.code, d.id::text))))
      from ${doctorKeys()} d
     where ${rowsOf(job)} and d.name = s.v->>'name' and d.hospital_id = (s.r->>'hospital_id')::int and d.dept1_code = s.r->>'dept1'
       and d.id is distinct from s.target_id`);
  const names = await selectRows<{ name: string }>(db, sql`select distinct x as name from import_rows s, jsonb_array_elements_text(s.r->'ind') x where ${rowsOf(job)} limit 5000`);
  const unknown = await unknownIndications(db, names.map((n) => n.name));
  if (unknown.length > 0) {
    const list = JSON.stringify(unknown);
    await flag(
      db,
      job,
      'imports.row.indicationUnknown',
      'indications',
      sql`s.r->'ind' ?| array(select jsonb_array_elements_text(${list}::jsonb))`,
      sql`jsonb_build_object('value', (select x from jsonb_array_elements_text(s.r->'ind') x where ${list}::jsonb ? x limit 1))`,
    );
  }
}

/** A column the file has (present, even empty) gives the value; a column it does not have keeps the record's. */
const given = (key: string, value: SQL, kept: SQL) => sql`case when s.v ? ${key}::text then ${value} else ${kept} end`;

/** The staged hospitals as upsertHospitals' source (with `line`): the rows without problems. */
export const hospitalSource = (job: number): SQL => sql`(
  select s.line, s.v->>'code' as code, s.v->>'name' as name,
         ${given('grade', sql`coalesce(s.r->>'grade', '')`, sql`coalesce(h.level, '')`)} as level,
         ${given('type', sql`coalesce(s.r->>'type', '')`, sql`coalesce(h.type, '')`)} as type,
         s.r->>'province_code' as province_code, s.r->>'city_code' as city_code, s.r->>'county_code' as county_code,
         s.r->>'province' as province, s.r->>'city' as city, s.r->>'county' as county, (s.r->>'city_level')::smallint as city_level,
         ${given('address', sql`coalesce(s.v->>'address', '')`, sql`coalesce(h.address, '')`)} as address, s.pinyin, s.initials
    from import_rows s left join ${hospitalCodes()} h on h.code = s.v->>'code'
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

/**
 * The staged doctors as upsertDoctors' source (with `line`). A column the file does not have keeps
 * what the doctor has (the doctor list's export has no phone, for one); an empty gender or position too.
 */
export const doctorSource = (job: number): SQL => sql`(
  select s.line, s.target_id, coalesce(nullif(s.v->>'code', ''), d.code) as code, s.v->>'name' as name, s.pinyin, s.initials,
         coalesce((s.r->>'gender')::smallint, d.gender, 0::smallint) as gender, (s.r->>'hospital_id')::int as hospital_id,
         s.r->>'dept1' as dept1_code, ${given('dept2', sql`s.r->>'dept2'`, sql`d.dept2_code`)} as dept2_code,
         s.r->>'title' as title_code, s.r->>'position' as position_code,
         ${given('indications', sql`array(select jsonb_array_elements_text(coalesce(s.r->'ind', '[]'::jsonb)))`, sql`coalesce(d.indications, '{}'::text[])`)} as indications,
         ${given('phone', sql`coalesce(s.v->>'phone', '')`, sql`coalesce(d.phone, '')`)} as phone, (s.r->>'secondary_hospital_id')::int as secondary_hospital_id
    from import_rows s left join ${doctorKeys()} d on d.id = s.target_id
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

export const sourceOf = (kind: ImportKind, job: number): SQL => (kind === 'hospitals' ? hospitalSource(job) : doctorSource(job));

/** Marks every valid row new, changed or unchanged (one statement) and answers the counts. */
export async function classify(db: Q, kind: ImportKind, job: number): Promise<ImportCounts> {
  const actions = kind === 'hospitals' ? hospitalActions(hospitalSource(job)) : doctorActions(doctorSource(job));
  await db.execute(sql`update import_rows s set action = a.action from ${actions} a where s.job_id = ${job} and s.line = a.line`);
  await db.execute(sql`update import_rows s set action = 'refused' where s.job_id = ${job} and s.errors <> '[]'::jsonb`);
  const [row] = await selectRows<ImportCounts>(
    db,
    sql`select count(*)::int as rows, (count(*) filter (where action = 'new'))::int as new, (count(*) filter (where action = 'changed'))::int as changed,
               (count(*) filter (where action = 'unchanged'))::int as unchanged, (count(*) filter (where action = 'refused'))::int as refused
          from import_rows where job_id = ${job}`,
  );
  return row!;
}

export async function runChecks(db: Q, kind: ImportKind, job: number): Promise<ImportCounts> {
  if (kind === 'hospitals') await checkHospitals(db, job);
  else await checkDoctors(db, job);
  return classify(db, kind, job);
}
