import { sql } from 'drizzle-orm';
import { APPS_LIMITS, IMPORT_COLUMNS } from '@field-portal/shared';
import { selectRows } from '../../../db/client.js';
import { indicationNames, medicineActions, medicineKeys, upsertMedicines } from '../../reference/index.js';
import { nearest } from '../suggest.js';
import { basicChecks, duplicates, flag, given, rowsOf, val, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/**
 * Products (data management's medicines) with their competitors and indications, keyed by the
 * product code (docs/decisions/0053): the reference module writes them. Indications are named from
 * data management's list, case ignored; competitors go in one cell, an alias in brackets.
 */

/** Competitors in one cell, separated as people write lists (a comma inside brackets is not expected). */
const LIST = '[、,，;；|]';

async function check(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['code', 'name']);
  // The medicine screen's rules (apps-schemas medicineInput): the code's characters and the lengths of the names.
  await flag(db, job, 'data.medicine.codeInvalid', 'code', sql`${val('code')} <> '' and (s.v->>'code' !~ '^[A-Za-z0-9_-]+$' or length(s.v->>'code') > 30)`);
  for (const field of ['name', 'alias', 'companyId']) {
    await flag(
      db,
      job,
      'imports.row.tooLong',
      field,
      sql`length(${val(field)}) > ${APPS_LIMITS.nameMax}`,
      sql`jsonb_build_object('max', ${APPS_LIMITS.nameMax}::int)`,
    );
  }
  await duplicates(db, job, 'code', sql`nullif(t.v->>'code', '')`, 'imports.row.duplicateInFile', sql`s.v->>'code'`);
  // Competitors: `name` or `name (alias)`, in order; the first one named twice (case ignored) is refused.
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('comp', x.list, 'comp_twice', x.twice)
      from (select c.line, jsonb_agg(jsonb_build_object('name', c.name, 'alias', c.alias) order by c.n) as list,
                   (array_agg(c.name order by c.n) filter (where c.seen > 1))[1] as twice
              from (select t.line, e.n, trim(coalesce(p.m[1], e.part)) as name, trim(coalesce(p.m[2], '')) as alias,
                           row_number() over (partition by t.line, lower(trim(coalesce(p.m[1], e.part))) order by e.n) as seen
                      from import_rows t
                     cross join lateral regexp_split_to_table(t.v->>'competitors', ${LIST}) with ordinality as e(part, n)
                     cross join lateral (select regexp_match(trim(e.part), '^(.+?)\\s*[(（](.*)[)）]$') as m) p
                     where t.job_id = ${job} and trim(e.part) <> '') c
             group by c.line) x
     where ${rowsOf(job)} and s.line = x.line`);
  await flag(
    db,
    job,
    'data.medicine.competitorDuplicate',
    'competitors',
    sql`s.r->>'comp_twice' is not null`,
    sql`jsonb_build_object('name', s.r->>'comp_twice')`,
  );
  await flag(
    db,
    job,
    'imports.row.tooLong',
    'competitors',
    sql`exists (select 1 from jsonb_array_elements(s.r->'comp') c where length(c->>'name') > ${APPS_LIMITS.nameMax} or length(c->>'alias') > ${APPS_LIMITS.nameMax})`,
    sql`jsonb_build_object('max', ${APPS_LIMITS.nameMax}::int)`,
  );
  await resolveIndications(db, job);
}

/**
 * The indications of each row (split while staging) by name from data management's list, case
 * ignored, written as the list spells them; the first unknown one of a row is refused with the
 * nearest name suggested (心衰 → 心力衰竭), like the doctors' departments.
 */
async function resolveIndications(db: Q, job: number): Promise<void> {
  const known = await indicationNames(db);
  const byLower = JSON.stringify(Object.fromEntries(known.map((n) => [n.toLowerCase(), n])));
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('ind_ok', (select coalesce(jsonb_agg(${byLower}::jsonb->lower(x) order by n), '[]'::jsonb)
                                                                       from jsonb_array_elements_text(s.r->'ind') with ordinality as i(x, n)),
                                                       'ind_unknown', (select x from jsonb_array_elements_text(s.r->'ind') with ordinality as i(x, n)
                                                                        where not ${byLower}::jsonb ? lower(x) order by n limit 1))
     where ${rowsOf(job)} and s.r ? 'ind'`);
  const unknown = await selectRows<{ value: string }>(
    db,
    sql`select distinct s.r->>'ind_unknown' as value from import_rows s where ${rowsOf(job)} and s.r->>'ind_unknown' is not null limit 2000`,
  );
  if (unknown.length === 0) return;
  const suggestions: Record<string, string> = {};
  for (const { value } of unknown) {
    const near = nearest(value, known);
    if (near) suggestions[value] = near;
  }
  const map = JSON.stringify(suggestions);
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object(
             'k', case when ${map}::jsonb ? (s.r->>'ind_unknown') then 'imports.row.unknownSuggest' else 'imports.row.unknown' end,
             'f', 'indications',
             'p', jsonb_strip_nulls(jsonb_build_object('value', s.r->>'ind_unknown', 'suggestion', ${map}::jsonb->>(s.r->>'ind_unknown')))))
     where ${rowsOf(job)} and s.r->>'ind_unknown' is not null`);
}

/** The valid rows as upsertMedicines' source; a column the file does not have keeps the product's value. */
const source = (job: number) => sql`(
  select s.line, s.v->>'code' as code, s.v->>'name' as name,
         ${given('alias', sql`coalesce(s.v->>'alias', '')`, sql`coalesce(m.alias, '')`)} as alias,
         ${given('companyId', sql`coalesce(s.v->>'companyId', '')`, sql`coalesce(m.company_id, '')`)} as company_id,
         ${given('indications', sql`array(select jsonb_array_elements_text(coalesce(s.r->'ind_ok', '[]'::jsonb)))`, sql`coalesce(m.indications, '{}'::text[])`)} as indications,
         ${given('competitors', sql`coalesce(s.r->'comp', '[]'::jsonb)`, sql`coalesce(m.competitors, '[]'::jsonb)`)} as competitors
    from import_rows s left join ${medicineKeys()} m on m.code = s.v->>'code'
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

export const products: ImportKindDef = {
  columns: IMPORT_COLUMNS.products,
  required: [['code'], ['name']],
  codeKey: 'code',
  check,
  source,
  actions: medicineActions,
  write: (tx, from) => upsertMedicines(tx, from),
};
