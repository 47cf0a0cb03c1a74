import { sql, type SQL } from 'drizzle-orm';
import { IMPORT_COLUMNS } from '@field-portal/shared';
import { deactivateCodes, deactivateMissing, hospitalActions, hospitalCodes, hospitalNames, upsertHospitals } from '../../customers/index.js';
import { codesOf } from '../../reference/index.js';
import {
  basicChecks,
  codeLookup,
  duplicates,
  flagUnresolved,
  given,
  lookupOf,
  regionLookup,
  resolveCodes,
  rowsOf,
  type Coded,
  type Lookup,
  type Q,
} from './checks.js';
import type { ImportKindDef } from './kind.js';

/** Hospitals by the company's code (docs/decisions/0042): the customers module writes them. */

/**
 * Grades by code, by name in either language, and by the short form a company's files use as often
 * as the full name: 三甲 for 三级甲等, 二乙 for 二级乙等 (the level's digit and the rank, without 级
 * and 等). A short form names one grade only, so nothing is guessed.
 */
export function gradeLookup(rows: readonly { code: string; name: string; nameEn: string }[]): Lookup {
  const short = (name: string) => /^(.)级(.)等$/.exec(name)?.slice(1).join('') ?? '';
  return lookupOf(
    rows.map((r) => ({ code: r.code, labels: [r.code, r.name, r.nameEn, short(r.name)] })),
    rows.map((r) => r.name),
  );
}

async function check(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['code', 'name', 'region']);
  // The grade, the type and the region in one rewrite of each staged row; then what did not resolve, in that order, in one statement.
  const coded: Coded[] = [
    { field: 'grade', lookup: gradeLookup(await codesOf(db, 'hospitalGrade')) },
    { field: 'type', lookup: codeLookup(await codesOf(db, 'hospitalType')) },
    { field: 'region', lookup: regionLookup(), ambiguousKey: 'imports.row.regionAmbiguous', unknownKey: 'imports.row.regionUnknown' },
  ];
  await resolveCodes(db, job, coded);
  await flagUnresolved(db, job, coded);
  await duplicates(db, job, 'code', sql`nullif(t.v->>'code', '')`, 'imports.row.duplicateInFile', sql`s.v->>'code'`);
  await duplicates(db, job, 'name', sql`nullif(t.v->>'name', '')`, 'imports.row.duplicateInFile', sql`s.v->>'name'`);
  // The same hospital under another code (or none) in the database: a second record of it would split its doctors.
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.nameTaken', 'f', 'name',
             'p', jsonb_build_object('value', s.v->>'name', 'code', coalesce(h.code, '—'))))
      from ${hospitalNames()} h
     where ${rowsOf(job)} and h.name = s.v->>'name' and h.code is distinct from s.v->>'code'`);
}

/** The staged hospitals as upsertHospitals' source (with `line`): the rows without problems. */
const source = (job: number): SQL => sql`(
  select s.line, s.v->>'code' as code, s.v->>'name' as name,
         ${given('grade', sql`coalesce(s.r->>'grade', '')`, sql`coalesce(h.level, '')`)} as level,
         ${given('type', sql`coalesce(s.r->>'type', '')`, sql`coalesce(h.type, '')`)} as type,
         s.r->>'province_code' as province_code, s.r->>'city_code' as city_code, s.r->>'county_code' as county_code,
         s.r->>'province' as province, s.r->>'city' as city, s.r->>'county' as county, (s.r->>'city_level')::smallint as city_level,
         ${given('address', sql`coalesce(s.v->>'address', '')`, sql`coalesce(h.address, '')`)} as address, s.pinyin, s.initials
    from import_rows s left join ${hospitalCodes()} h on h.code = s.v->>'code'
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

/** The codes a full list names. */
const kept = (job: number) => sql`(select s.v->>'code' as code from import_rows s where s.job_id = ${job} and coalesce(s.v->>'code', '') <> '')`;

export const hospitals: ImportKindDef = {
  columns: IMPORT_COLUMNS.hospitals,
  required: [['code'], ['name'], ['region']],
  codeKey: 'code',
  check,
  source,
  actions: hospitalActions,
  write: (tx, from) => upsertHospitals(tx, from),
  // Every record the file names stays active, a refused row's too: a full list deactivates only what it leaves out.
  deactivateMissing: (tx, job) => deactivateMissing(tx, 'hospitals', kept(job)),
  deactivateCodes: (tx, codes) => deactivateCodes(tx, 'hospitals', codes),
};
