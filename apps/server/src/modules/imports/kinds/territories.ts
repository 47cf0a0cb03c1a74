import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS } from '@field-portal/shared';
import { accountJoins, addPermissions, clearPermissions, permissionActions, replacePermissions } from '../../admin/index.js';
import { hospitalCodes } from '../../customers/index.js';
import { mainlandRegions } from '../../reference/index.js';
import { flag, flagUnresolved, lookupOf, repeated, resolveCodes, shortRegionName, val, type Coded, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/**
 * Territories: users' data permissions (spec 001 sections 3 and 5; decision 0017), one a row — a
 * hospital by the company's code or a province by region code or name; the user by login name or
 * employee number. Added to what a user holds; a full list replaces the permissions of the users it
 * names, and leaves everyone else alone (docs/decisions/0049).
 */

async function check(db: Q, job: number): Promise<void> {
  await flag(db, job, 'imports.row.required', 'user', sql`${val('user')} = ''`);
  await flag(db, job, 'imports.row.territoryOne', 'hospitalCode', sql`(${val('hospitalCode')} = '') = (${val('province')} = '')`);
  // A province permission holds the province's name (what the data scope reads, decision 0017).
  const provinces = mainlandRegions().filter((r) => r.level === 1);
  const province: Coded = {
    field: 'province',
    lookup: lookupOf(
      // 上海 for 上海市, 广东 for 广东省, 广西 for 广西壮族自治区: as people write a province.
      provinces.map((p) => ({ code: p.name, labels: [p.code, p.name], loose: [shortRegionName(p.name)] })),
      provinces.map((p) => p.name),
    ),
  };
  // One rewrite of each staged row resolves the user, the hospital and the province.
  await resolveCodes(db, job, [province], {
    joins: sql`${accountJoins(sql`(t.v->>'user')`)} left join ${hospitalCodes()} h on h.code = t.v->>'hospitalCode'`,
    values: [
      ['user_id', sql`coalesce(un.id, ue.id)`],
      ['hospital_id', sql`h.id`],
    ],
  });
  await flag(db, job, 'imports.row.userUnknown', 'user', sql`${val('user')} <> '' and s.r->>'user_id' is null`, sql`jsonb_build_object('value', s.v->>'user')`);
  await flag(
    db,
    job,
    'imports.row.hospitalUnknown',
    'hospitalCode',
    sql`${val('hospitalCode')} <> '' and s.r->>'hospital_id' is null`,
    sql`jsonb_build_object('value', s.v->>'hospitalCode')`,
  );
  await flagUnresolved(db, job, [province]);
  // The same permission twice: the user with the same hospital or province (one user on several rows is the usual file).
  // Only rows without another problem: a row naming both a hospital and a province is refused for that alone.
  const pair = sql`case when t.r->>'user_id' is not null and t.errors = '[]'::jsonb then (t.r->>'user_id') || coalesce('/h' || (t.r->>'hospital_id'), '/p' || (t.r->>'province'), '') end`;
  await repeated(
    db,
    job,
    pair,
    sql`case when s.r ? 'hospital_id'
             then jsonb_build_object('k', 'imports.row.territoryHospitalTwice', 'f', 'hospitalCode',
                                     'p', jsonb_build_object('value', s.v->>'user', 'hospital', s.v->>'hospitalCode', 'first', d.first))
             else jsonb_build_object('k', 'imports.row.territoryProvinceTwice', 'f', 'province',
                                     'p', jsonb_build_object('value', s.v->>'user', 'province', s.v->>'province', 'first', d.first)) end`,
  );
}

/** The valid rows as addPermissions' source. */
const source = (job: number) => sql`(
  select s.line, (s.r->>'user_id')::int as user_id,
         case when s.r ? 'hospital_id' then 'hospital' else 'province' end as permission_type,
         coalesce(s.r->>'hospital_id', s.r->>'province') as permission_value
    from import_rows s where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

export const territories: ImportKindDef = {
  columns: IMPORT_COLUMNS.territories,
  required: [['user'], ['hospitalCode', 'province']],
  codeKey: 'user',
  check,
  source,
  actions: permissionActions,
  changesAccounts: true,
  write: (tx, from) => addPermissions(tx, from),
  // What a named user keeps is what the valid rows give them: a refused row names no permission that can be kept.
  deactivateMissing: (tx, job) => replacePermissions(tx, source(job)),
  deactivateCodes: (tx, codes) => clearPermissions(tx, codes),
};
