import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_COLUMNS } from '@field-portal/shared';
import { selectRows } from '../../../db/client.js';
import { deactivateCodes, deactivateMissing, doctorActions, doctorKeys, hospitalCodes, hospitalNames, upsertDoctors } from '../../customers/index.js';
import { queueRecompute } from '../../intelligence/index.js';
import { codesOf, departmentsOf, unknownIndications } from '../../reference/index.js';
import { basicChecks, codeLookup, flag, flagEach, given, lookupOf, resolveCodes, rowsOf, unresolvedChecks, val, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/** Doctors with their primary and secondary affiliations (docs/decisions/0042): the customers module writes them. */

/**
 * The messages of the first checks, which read only the file: the commit keeps them from the dry run
 * (the staged rows have not changed) and runs the rest again, as the database may have.
 */
const FILE_FIRST = ['imports.row.required', 'imports.row.tooLong', 'imports.row.hospitalMissing', 'imports.row.codeOrId'];

/** A gender written as people write it, or a JSON null that the check below refuses; nothing for an empty cell. */
const GENDER = sql`case when coalesce(t.v->>'gender', '') <> '' then coalesce(to_jsonb(case lower(t.v->>'gender')
                     when '男' then 1 when 'male' then 1 when 'm' then 1 when '1' then 1
                     when '女' then 2 when 'female' then 2 when 'f' then 2 when '2' then 2 end), 'null'::jsonb) end`;

/** The department resolved from its own cell, else the one its sub-department belongs to. */
const DEPT1 = sql`coalesce(s.r->>'dept1', s.r->>'dept2_parent')`;

async function check(db: Q, job: number, again = false): Promise<void> {
  if (!again) {
    // A sub-department names its department (the taxonomy's parent): files that have only the one are taken.
    await basicChecks(db, job, ['name', 'dept1', 'title'], { dept1: 'dept2' });
    await flagEach(db, job, [
      { key: 'imports.row.hospitalMissing', field: 'hospitalCode', where: sql`${val('hospitalCode')} = '' and ${val('hospital')} = ''` },
      { key: 'imports.row.codeOrId', field: 'code', where: sql`${val('code')} = '' and ${val('id')} = ''` },
    ]);
  }
  // One after another: in the commit `db` is the transaction, one connection, which runs one statement at a time.
  const dept1 = await departmentsOf(db, 1);
  const dept2 = await departmentsOf(db, 2);
  const titles = await codesOf(db, 'title');
  const positions = await codesOf(db, 'position');
  // A sub-department's name as files write it, without 专业 (心血管内科 for 心血管内科专业): where no entry has it as its
  // own name, and not where it is a department's name (中医科's 内科专业 is not 内科).
  const departmentLabels = new Set(dept1.flatMap((d) => [d.code, d.name, d.nameEn].map((l) => l.toLowerCase())));
  const short = (name: string) => {
    const bare = /^(.{2,}?)专业$/.exec(name)?.[1];
    return bare && !departmentLabels.has(bare.toLowerCase()) ? bare : undefined;
  };
  const dept2Lookup = lookupOf(
    dept2.map((d) => ({ code: d.code, labels: [d.code, d.name, d.nameEn], loose: [short(d.name) ?? ''], info: { dept2_parent: d.parentCode } })),
    dept2.map((d) => d.name),
  );
  // The department's cell answers a value near a sub-department's name with that sub-department and its department
  // (心内科: 是否为"心血管内科专业"(内科)?). A name several departments have (其他) is not suggested there.
  const nameOf = new Map(dept1.map((d) => [d.code, d.name]));
  const parentsOf = new Map<string, Set<string>>();
  for (const d of dept2) parentsOf.set(d.name, (parentsOf.get(d.name) ?? new Set()).add(d.parentCode ?? ''));
  const subs = dept2.filter((d) => parentsOf.get(d.name)!.size === 1 && nameOf.has(d.parentCode ?? ''));
  const coded = {
    dept1: {
      field: 'dept1',
      lookup: lookupOf(
        dept1.map((d) => ({ code: d.code, labels: [d.code, d.name, d.nameEn] })),
        [...dept1.map((d) => d.name), ...subs.map((d) => d.name)],
        { under: Object.fromEntries(subs.map((d) => [d.name, nameOf.get(d.parentCode!)!])) },
      ),
    },
    // A sub-department also resolves its department, as `dept2_parent` (used when the file gives no department).
    dept2: {
      field: 'dept2',
      lookup: dept2Lookup,
      // Refused as ambiguous when the row gives no department; under a department that has no such name, as not part of it (below).
      ambiguousKey: 'imports.row.dept2Ambiguous',
      ambiguousWhen: sql`${val('dept1')} = ''`,
    },
    title: { field: 'title', lookup: codeLookup(titles) },
    position: { field: 'position', lookup: codeLookup(positions) },
  };
  // Every code, the gender, the primary hospital by code (or without a code by a name only one hospital has), the secondary
  // hospital, and the doctor by code (else by the id of the doctor list's export): one rewrite of each staged row.
  const byName = sql`coalesce(t.v->>'hospitalCode', '') = '' and hn.name is not null`;
  await resolveCodes(db, job, Object.values(coded), {
    joins: sql`left join ${hospitalCodes()} h on h.code = t.v->>'hospitalCode' left join ${hospitalCodes()} h2 on h2.code = t.v->>'secondaryHospitalCode'
               left join (select name, min(id) as id, count(*) as n from ${hospitalNames()} x group by name) hn on hn.name = t.v->>'hospital'
               left join ${doctorKeys()} dk on dk.code = t.v->>'code'
               left join ${doctorKeys()} di on di.id = case when t.v->>'id' ~ '^[0-9]{1,9}$' then (t.v->>'id')::int end`,
    values: [
      ['hospital_id', sql`case when ${byName} then case when hn.n = 1 then hn.id end else h.id end`],
      ['hospital_many', sql`case when ${byName} and hn.n > 1 then true end`],
      ['secondary_hospital_id', sql`h2.id`],
      ['gender', GENDER],
    ],
    target: sql`coalesce(dk.id, di.id)`,
    again: again ? { keep: FILE_FIRST } : undefined,
  });
  // A sub-department's name that several departments have (其他) is the one under the row's department.
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('dept2', d.code, 'dept2_parent', d.parent)
      from jsonb_to_recordset(${JSON.stringify(dept2.map((d) => ({ code: d.code, name: d.name.toLowerCase(), short: short(d.name)?.toLowerCase() ?? null, parent: d.parentCode })))}::jsonb)
           as d(code text, name text, short text, parent text)
     where ${rowsOf(job)} and s.r->>'dept2' = '?' and d.parent = s.r->>'dept1' and (d.name = lower(s.v->>'dept2') or d.short = lower(s.v->>'dept2'))`);
  // A sub-department's name in the department's cell (神经内科专业, 神经内科), the sub-department's cell empty or naming the
  // same: the doctor is in that sub-department of its department. Only rows whose department did not resolve are rewritten.
  const parentOf = new Map(dept2.map((d) => [d.code, d.parentCode]));
  const subLabels = dept2Lookup.entries.filter((e) => e.code !== '?').map((e) => ({ label: e.label, code: e.code, parent: parentOf.get(e.code) }));
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('dept1', d.parent, 'dept2', d.code, 'dept2_parent', d.parent)
      from jsonb_to_recordset(${JSON.stringify(subLabels)}::jsonb) as d(label text, code text, parent text)
     where ${rowsOf(job)} and s.r->>'dept1' is null and d.label = lower(s.v->>'dept1') and d.parent is not null
       and (${val('dept2')} = '' or s.r->>'dept2' = d.code)`);
  // Every check on what was resolved, in ONE statement: each row's messages in the order of this list.
  const [unknownDept1, unknownDept2, unknownTitle, unknownPosition] = await unresolvedChecks(db, job, [coded.dept1, coded.dept2, coded.title, coded.position]);
  await flagEach(db, job, [
    ...unknownDept1!,
    ...unknownDept2!,
    {
      key: 'imports.row.dept2Mismatch',
      field: 'dept2',
      where: sql`s.r->>'dept2' is not null and s.r->>'dept1' is not null and s.r->>'dept2_parent' is distinct from s.r->>'dept1'`,
      params: sql`jsonb_build_object('value', s.v->>'dept2')`,
    },
    ...unknownTitle!,
    ...unknownPosition!,
    { key: 'imports.row.gender', field: 'gender', where: sql`${val('gender')} <> '' and s.r->>'gender' is null` },
    { key: 'imports.row.phone', field: 'phone', where: sql`${val('phone')} !~ '^[0-9 +()-]*$'` },
    {
      key: 'imports.row.hospitalAmbiguous',
      field: 'hospital',
      where: sql`(s.r->>'hospital_many')::boolean`,
      params: sql`jsonb_build_object('value', s.v->>'hospital')`,
    },
    {
      key: 'imports.row.hospitalUnknown',
      field: 'hospitalCode',
      where: sql`s.r->>'hospital_id' is null and not coalesce((s.r->>'hospital_many')::boolean, false) and (${val('hospitalCode')} <> '' or ${val('hospital')} <> '')`,
      params: sql`jsonb_build_object('value', coalesce(nullif(s.v->>'hospitalCode', ''), s.v->>'hospital'))`,
    },
    {
      key: 'imports.row.hospitalUnknown',
      field: 'secondaryHospitalCode',
      where: sql`${val('secondaryHospitalCode')} <> '' and s.r->>'secondary_hospital_id' is null`,
      params: sql`jsonb_build_object('value', s.v->>'secondaryHospitalCode')`,
    },
    { key: 'imports.row.secondarySame', field: 'secondaryHospitalCode', where: sql`s.r->>'secondary_hospital_id' = s.r->>'hospital_id'` },
    {
      key: 'imports.row.idUnknown',
      field: 'id',
      where: sql`${val('id')} <> '' and s.target_id is null and ${val('code')} = ''`,
      params: sql`jsonb_build_object('value', s.v->>'id')`,
    },
  ]);
  // The same doctor twice: at another hospital it would be a second open primary affiliation.
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object(
             'k', case when d.first_hospital is distinct from s.r->>'hospital_id' then 'imports.row.secondPrimary' else 'imports.row.duplicateInFile' end,
             'f', case when s.v->>'code' <> '' then 'code' else 'id' end, 'p', jsonb_build_object('value', coalesce(nullif(s.v->>'code', ''), s.v->>'id'), 'first', d.first)))
      from (select t.line, first_value(t.line) over w as first, first_value(t.r->>'hospital_id') over w as first_hospital
              from import_rows t where t.job_id = ${job} and (t.target_id is not null or coalesce(t.v->>'code', '') <> '')
            window w as (partition by coalesce(t.target_id::text, 'code:' || (t.v->>'code')) order by t.line)) d
     where ${rowsOf(job)} and s.line = d.line and d.first < d.line`);
  // A doctor without a code (added by hand) of the same name at the same hospital and department is the same person
  // (addDoctor's rule): a second record would split their visits, so the row must name them by their ID. One under another
  // code is another person: the company's master data tells them apart, and two 张伟 in one department exist. (Refusing
  // those too refused a whole file the second time it was imported, once its first import had written both.)
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.doctorTaken', 'f', 'name',
             'p', jsonb_build_object('value', s.v->>'name', 'id', d.id)))
      from ${doctorKeys()} d
     where ${rowsOf(job)} and d.code is null and d.name = s.v->>'name' and d.hospital_id = (s.r->>'hospital_id')::int and d.dept1_code = ${DEPT1}
       and d.id is distinct from s.target_id`);
  const names = await selectRows<{ name: string }>(
    db,
    sql`select distinct x as name from import_rows s, jsonb_array_elements_text(s.r->'ind') x where ${rowsOf(job)} limit 5000`,
  );
  const unknown = await unknownIndications(
    db,
    names.map((n) => n.name),
  );
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

/**
 * The staged doctors as upsertDoctors' source (with `line`). A column the file does not have keeps
 * what the doctor has (the doctor list's export has no phone, for one); an empty gender or position too.
 */
const source = (job: number): SQL => sql`(
  select s.line, s.target_id, coalesce(nullif(s.v->>'code', ''), d.code) as code, s.v->>'name' as name, s.pinyin, s.initials,
         coalesce((s.r->>'gender')::smallint, d.gender, 0::smallint) as gender, (s.r->>'hospital_id')::int as hospital_id,
         ${DEPT1} as dept1_code, coalesce(s.r->>'dept2', ${given('dept2', sql`null::text`, sql`d.dept2_code`)}) as dept2_code,
         s.r->>'title' as title_code, s.r->>'position' as position_code,
         ${given('indications', sql`array(select jsonb_array_elements_text(coalesce(s.r->'ind', '[]'::jsonb)))`, sql`coalesce(d.indications, '{}'::text[])`)} as indications,
         ${given('phone', sql`coalesce(s.v->>'phone', '')`, sql`coalesce(d.phone, '')`)} as phone, (s.r->>'secondary_hospital_id')::int as secondary_hospital_id
    from import_rows s left join ${doctorKeys()} d on d.id = s.target_id
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

/** The codes a full list names: its code column, or the code of the doctor its id names. */
const kept = (job: number) => sql`(
  select coalesce(nullif(s.v->>'code', ''), d.code) as code from import_rows s left join ${doctorKeys()} d on d.id = s.target_id
   where s.job_id = ${job} and coalesce(nullif(s.v->>'code', ''), d.code) is not null)`;

export const doctors: ImportKindDef = {
  columns: IMPORT_COLUMNS.doctors,
  required: [['code', 'id'], ['name'], ['hospitalCode', 'hospital'], ['dept1', 'dept2'], ['title']],
  codeKey: 'code',
  check,
  keepsFileChecks: true,
  source,
  actions: doctorActions,
  write: (tx, from, userId) => upsertDoctors(tx, from, userId),
  deactivateMissing: (tx, job) => deactivateMissing(tx, 'doctors', kept(job)),
  deactivateCodes: (tx, codes) => deactivateCodes(tx, 'doctors', codes),
  // The KOL scores and the network follow the doctors (decision 0024).
  afterWrite: async (tx, written, userId) => {
    if (written.new + written.changed > 0) await queueRecompute(tx, userId);
  },
};
