import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS } from '@field-portal/shared';
import { organisationActions, organisationKeys, upsertOrganisations } from '../../admin/index.js';
import { basicChecks, duplicates, flag, given, rowsOf, val, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/**
 * The organisation tree by the company's code (spec 001 sections 3 and 7.8): a parent is named by
 * its code, in the file or already in the portal. Organisations have no inactive state, so there is
 * no full list and no deactivation (docs/decisions/0049).
 */

async function check(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['code', 'name']);
  await duplicates(db, job, 'code', sql`nullif(t.v->>'code', '')`, 'imports.row.duplicateInFile', sql`s.v->>'code'`);
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.codeAmbiguous', 'f', 'code', 'p', jsonb_build_object('value', s.v->>'code')))
      from (select o.code from ${organisationKeys()} o group by o.code having count(*) > 1) o
     where ${rowsOf(job)} and o.code = s.v->>'code'`);
  await flag(
    db,
    job,
    'imports.row.parentUnknown',
    'parentCode',
    sql`${val('parentCode')} <> '' and not exists (select 1 from ${organisationKeys()} o where o.code = s.v->>'parentCode')
        and not exists (select 1 from import_rows t where t.job_id = ${job} and t.v->>'code' = s.v->>'parentCode')`,
    sql`jsonb_build_object('value', s.v->>'parentCode')`,
  );
  // A loop through the parents: the file's rows over the tree already in the portal, walked up at most 100 levels.
  await db.execute(sql`
    with recursive edge(code, parent) as (
           select t.v->>'code', nullif(t.v->>'parentCode', '') from import_rows t where t.job_id = ${job} and coalesce(t.v->>'code', '') <> '' and t.v ? 'parentCode'
           union all
           select o.code, nullif(o.parent_code, '') from ${organisationKeys()} o
            where not exists (select 1 from import_rows t where t.job_id = ${job} and t.v->>'code' = o.code and t.v ? 'parentCode')),
         walk(start, at, depth) as (
           select e.code, e.parent, 1 from edge e where e.parent is not null
           union all
           select w.start, e.parent, w.depth + 1 from walk w join edge e on e.code = w.at
            where w.at <> w.start and w.depth < 100 and e.parent is not null)
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.parentLoop', 'f', 'parentCode', 'p', jsonb_build_object('value', s.v->>'parentCode')))
     where ${rowsOf(job)} and s.v->>'code' in (select w.start from walk w where w.at = w.start)`);
}

/** The valid rows as upsertOrganisations' source; a column the file does not have keeps the organisation's value. */
const source = (job: number) => sql`(
  select s.line, s.v->>'code' as code, s.v->>'name' as name,
         ${given('nameEn', sql`coalesce(s.v->>'nameEn', '')`, sql`coalesce(o.name_en, '')`)} as name_en,
         ${given('leader', sql`coalesce(s.v->>'leader', '')`, sql`coalesce(o.leader, '')`)} as leader,
         ${given('parentCode', sql`coalesce(s.v->>'parentCode', '')`, sql`null::text`)} as parent_code
    from import_rows s left join ${organisationKeys()} o on o.code = s.v->>'code'
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

export const organisations: ImportKindDef = {
  columns: IMPORT_COLUMNS.organisations,
  required: [['code'], ['name']],
  codeKey: 'code',
  check,
  source,
  actions: organisationActions,
  changesAccounts: true,
  write: (tx, from) => upsertOrganisations(tx, from),
};
