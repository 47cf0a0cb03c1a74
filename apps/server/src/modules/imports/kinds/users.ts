import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, RESERVED_USERNAMES } from '@field-portal/shared';
import { disableMissingUsers, disableUsernames, organisationLabels, roleLabels, upsertUsers, userActions, userKeys } from '../../admin/index.js';
import { basicChecks, duplicates, flag, given, lookupOf, resolve, rowsOf, val, type Q } from './checks.js';
import type { ImportKindDef } from './kind.js';

/**
 * Users by login name (spec 001 section 3; docs/decisions/0049): name, employee number (WWID),
 * e-mail, mobile, organisation by code or name, roles by name or id, manager by username or
 * employee number. A new user gets no password: an administrator gives one (the user list's reset)
 * or they sign in by single sign-on.
 */

/** Roles written in one cell, separated as people write lists. */
const LIST = '[、,，;；|]';

/** Spaces, taken out of a role's name and of the cell alike (Team manager, team  manager and TeamManager are one). */
const SPACES = '[[:space:]\u00a0\u3000]+';
const roleKey = (label: string) => label.toLowerCase().replace(/[\s\u00a0\u3000]+/g, '');

/**
 * Every label of every role: its id, its names, and the names the screens show for it (销售代表, Team manager). A
 * label one role has as its id or own name is that role's, before any role shown under that label (an administrator's
 * role named 销售代表 is not the built-in Sales); the labels of one kind name every role that has them, as before.
 */
function roleLabelList(roles: readonly { id: number; name: string; nameEn: string; shown: readonly string[] }[]): { label: string; id: number }[] {
  const own = roles.flatMap((r) => [String(r.id), r.name, r.nameEn].filter(Boolean).map((label) => ({ label: roleKey(label), id: r.id })));
  const taken = new Set(own.map((l) => l.label));
  const shown = roles.flatMap((r) => r.shown.map((label) => ({ label: roleKey(label), id: r.id })).filter((l) => l.label && !taken.has(l.label)));
  return [...own, ...shown].filter((l, i, all) => all.findIndex((m) => m.label === l.label && m.id === l.id) === i);
}

async function check(db: Q, job: number): Promise<void> {
  await basicChecks(db, job, ['username', 'realName', 'roles']);
  await flag(
    db,
    job,
    'imports.row.usernameFormat',
    'username',
    sql`${val('username')} <> '' and (s.v->>'username' !~ '^[A-Za-z0-9][A-Za-z0-9._-]*$' or length(s.v->>'username') > 64)`,
  );
  const reserved = JSON.stringify(RESERVED_USERNAMES);
  await flag(
    db,
    job,
    'imports.row.usernameReserved',
    'username',
    sql`${reserved}::jsonb ? lower(s.v->>'username')`,
    sql`jsonb_build_object('value', s.v->>'username')`,
  );
  await duplicates(db, job, 'username', sql`lower(nullif(t.v->>'username', ''))`, 'imports.row.duplicateInFile', sql`s.v->>'username'`);
  await duplicates(db, job, 'employeeNo', sql`nullif(t.v->>'employeeNo', '')`, 'imports.row.duplicateInFile', sql`s.v->>'employeeNo'`);
  await db.execute(sql`
    update import_rows s set errors = s.errors || jsonb_build_array(jsonb_build_object('k', 'imports.row.employeeNoTaken', 'f', 'employeeNo',
             'p', jsonb_build_object('value', s.v->>'employeeNo', 'username', u.username)))
      from ${userKeys()} u
     where ${rowsOf(job)} and ${val('employeeNo')} <> '' and u.employee_no = s.v->>'employeeNo' and lower(u.username) <> lower(s.v->>'username')`);
  await flag(db, job, 'imports.row.email', 'email', sql`${val('email')} <> '' and s.v->>'email' !~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'`);
  await flag(db, job, 'imports.row.phone', 'mobile', sql`${val('mobile')} !~ '^[0-9 +()-]*$'`);
  const orgs = await organisationLabels(db);
  await resolve(
    db,
    job,
    'org',
    lookupOf(
      orgs.map((o) => ({ code: String(o.id), labels: [o.code, o.name, o.nameEn] })),
      orgs.map((o) => o.name),
    ),
    'imports.row.orgAmbiguous',
  );
  // Each role of the cell by name (either language), by the name the screens show for it, or by id: the ids, and the first
  // name that resolves to none.
  const labels = JSON.stringify(roleLabelList(await roleLabels(db)));
  await db.execute(sql`
    update import_rows s set r = s.r || jsonb_build_object('role_ids', x.ids, 'role_unknown', x.unknown)
      from (select t.line, coalesce(jsonb_agg(distinct l.id) filter (where l.id is not null), '[]'::jsonb) as ids,
                   (array_agg(trim(e.name) order by e.n) filter (where l.id is null))[1] as unknown
              from import_rows t cross join lateral regexp_split_to_table(t.v->>'roles', ${LIST}) with ordinality as e(name, n)
              left join jsonb_to_recordset(${labels}::jsonb) as l(label text, id int) on l.label = regexp_replace(lower(e.name), ${SPACES}, '', 'g')
             where t.job_id = ${job} and trim(e.name) <> '' group by t.line) x
     where ${rowsOf(job)} and s.line = x.line`);
  await flag(db, job, 'imports.row.roleUnknown', 'roles', sql`s.r->>'role_unknown' is not null`, sql`jsonb_build_object('value', s.r->>'role_unknown')`);
  await flag(
    db,
    job,
    'imports.row.managerSelf',
    'manager',
    sql`${val('manager')} <> '' and (lower(s.v->>'manager') = lower(s.v->>'username') or s.v->>'manager' = ${val('employeeNo')})`,
  );
  await flag(
    db,
    job,
    'imports.row.managerUnknown',
    'manager',
    // One equality a lookup (an `or` in one would read the whole table for every row).
    sql`${val('manager')} <> '' and lower(s.v->>'manager') <> lower(s.v->>'username') and s.v->>'manager' <> ${val('employeeNo')}
        and not exists (select 1 from ${userKeys()} u where lower(u.username) = lower(s.v->>'manager'))
        and not exists (select 1 from ${userKeys()} u where u.employee_no = s.v->>'manager')
        and not exists (select 1 from import_rows t where t.job_id = ${job} and lower(t.v->>'username') = lower(s.v->>'manager'))
        and not exists (select 1 from import_rows t where t.job_id = ${job} and t.v->>'employeeNo' = s.v->>'manager')`,
    sql`jsonb_build_object('value', s.v->>'manager')`,
  );
}

/** The valid rows as upsertUsers' source; a column the file does not have keeps the user's value. */
const source = (job: number) => sql`(
  select s.line, s.v->>'username' as username, s.v->>'realName' as real_name,
         ${given('employeeNo', sql`coalesce(s.v->>'employeeNo', '')`, sql`coalesce(u.employee_no, '')`)} as employee_no,
         ${given('email', sql`coalesce(s.v->>'email', '')`, sql`coalesce(u.email, '')`)} as email,
         ${given('mobile', sql`coalesce(s.v->>'mobile', '')`, sql`coalesce(u.mobile, '')`)} as mobile,
         ${given('org', sql`(s.r->>'org')::int`, sql`u.org_id`)} as org_id,
         array(select x::int from jsonb_array_elements_text(s.r->'role_ids') x order by 1) as role_ids,
         ${given('manager', sql`coalesce(s.v->>'manager', '')`, sql`null::text`)} as manager_ref
    from import_rows s left join ${userKeys()} u on lower(u.username) = lower(s.v->>'username')
   where s.job_id = ${job} and s.errors = '[]'::jsonb)`;

/** The login names a full list names, a refused row's too. */
const kept = (job: number) => sql`(select s.v->>'username' as username from import_rows s where s.job_id = ${job} and coalesce(s.v->>'username', '') <> '')`;

export const users: ImportKindDef = {
  columns: IMPORT_COLUMNS.users,
  required: [['username'], ['realName'], ['roles']],
  codeKey: 'username',
  check,
  source,
  actions: userActions,
  changesAccounts: true,
  write: (tx, from) => upsertUsers(tx, from),
  deactivateMissing: (tx, job, userId) => disableMissingUsers(tx, kept(job), userId),
  deactivateCodes: (tx, codes, userId) => disableUsernames(tx, codes, userId),
};
