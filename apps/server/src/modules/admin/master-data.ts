import { sql, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLE_NAMES, IMPORTS_AUTHORITY } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { AUTH_INVALIDATE_CHANNEL } from '../../platform/auth-cache.js';
import { NO_PASSWORD } from '../../platform/passwords.js';
import { endSessionsOf } from '../auth/index.js';

/**
 * The administration's set-based writes for the import centre (docs/decisions/0049): organisations,
 * users and their data permissions from a company's files or its master-data system. The import
 * checks what the screens check (login name, roles, organisation) before a row reaches a source;
 * here the rules that belong to the tables are kept: a new user has no password (NO_PASSWORD: an
 * administrator gives one, or they sign in by single sign-on), a disabled user's sessions end, and
 * the sign-in cache forgets what changed.
 */

export interface WriteCounts {
  new: number;
  changed: number;
  unchanged: number;
}

const tally = async (tx: Tx, actions: SQL): Promise<WriteCounts> => {
  const rows = await selectRows<{ action: keyof WriteCounts; n: number }>(tx, sql`select a.action, count(*)::int as n from ${actions} a group by a.action`);
  const out: WriteCounts = { new: 0, changed: 0, unchanged: 0 };
  for (const row of rows) out[row.action] = row.n;
  return out;
};

const count = async (tx: Tx, query: SQL): Promise<number> => {
  const [row] = await selectRows<{ n: number }>(tx, sql`with done as (${query}) select count(*)::int as n from done`);
  return row?.n ?? 0;
};

/** Every instance's sign-in cache forgets what it holds (NOTIFY is sent when the transaction commits). */
const forgetSignIns = (tx: Tx) => tx.execute(sql`select pg_notify(${AUTH_INVALIDATE_CHANNEL}, '*')`);

/* ---------- organisations ---------- */

/** Organisations with a code: (id, code, name, name_en, leader, parent_code), for the checks. */
export const organisationKeys = (): SQL =>
  sql`(select o.id, o.code, o.name, o.name_en, o.leader, coalesce(p.code, '') as parent_code from organisations o left join organisations p on p.id = o.parent_id where o.code <> '')`;

/** Every organisation's id, code and names (a user names an organisation by code or by name). */
export async function organisationLabels(db: Db | Tx): Promise<{ id: number; code: string; name: string; nameEn: string }[]> {
  return selectRows(db, sql`select id, code, name, name_en as "nameEn" from organisations order by id`);
}

/**
 * The source of upsertOrganisations: a relation with line, code, name, name_en, leader and
 * parent_code ('' for a root, null to keep the parent).
 */
const organisationDiffers = sql.raw(
  `(o.name, o.name_en, o.leader, coalesce(p.code, '')) is distinct from (s.name, s.name_en, s.leader, coalesce(s.parent_code, p.code, ''))`,
);

export const organisationActions = (source: SQL): SQL =>
  sql`(select s.line, case when o.id is null then 'new' when ${organisationDiffers} then 'changed' else 'unchanged' end as action
         from ${source} s left join organisations o on o.code = s.code left join organisations p on p.id = o.parent_id)`;

/** Organisations by code: changed ones updated, new ones inserted, then every named parent set (a parent may be new too). */
export async function upsertOrganisations(tx: Tx, source: SQL): Promise<WriteCounts> {
  const counts = await tally(tx, organisationActions(source));
  await tx.execute(sql`
    update organisations o set name = s.name, name_en = s.name_en, leader = s.leader
      from ${source} s where o.code = s.code and (o.name, o.name_en, o.leader) is distinct from (s.name, s.name_en, s.leader)`);
  await tx.execute(sql`
    insert into organisations (code, name, name_en, leader)
    select s.code, s.name, s.name_en, s.leader from ${source} s where not exists (select 1 from organisations o where o.code = s.code)`);
  await tx.execute(sql`
    update organisations o set parent_id = p.id
      from ${source} s left join organisations p on p.code = s.parent_code and s.parent_code <> ''
     where o.code = s.code and s.parent_code is not null and o.parent_id is distinct from p.id`);
  return counts;
}

/* ---------- users ---------- */

/** Users' keys for the checks and what an import keeps of them: id, username, employee number, e-mail, mobile, organisation, enabled. */
export const userKeys = (): SQL => sql`(select id, username, employee_no, email, mobile, org_id, enabled from users)`;

/**
 * Roles by id, name and English name, and `shown`: the names the screens show for a built-in role
 * (BUILT_IN_ROLE_NAMES, Chinese then English: 销售代表 for Sales), whose stored name is its code.
 * An import names a role by any of them (a role an administrator added is shown by its own names).
 */
export async function roleLabels(db: Db | Tx): Promise<{ id: number; name: string; nameEn: string; shown: string[] }[]> {
  const rows = await selectRows<{ id: number; name: string; nameEn: string }>(db, sql`select id, name, name_en as "nameEn" from roles order by id`);
  return rows.map((r) => {
    const builtIn = Object.hasOwn(BUILT_IN_ROLE_NAMES, r.name) ? BUILT_IN_ROLE_NAMES[r.name] : undefined;
    return { ...r, shown: builtIn ? [builtIn.zh, builtIn.en] : [] };
  });
}

/**
 * The account a reference names (`ref`, an expression on the rows joined), as `coalesce(un.id,
 * ue.id)`: by login name in any case, else by employee number, the first account of each key;
 * disabled accounts too. Two hashed joins, read once: a subquery per row with an `or` read every
 * account for every row, and a file of 200,000 territories or 5,000 people took minutes
 * (docs/decisions/0056, "Territories and people").
 */
export const accountJoins = (ref: SQL) => sql`
  left join (select distinct on (lower(username)) lower(username) as k, id from users x order by lower(username), id) un on un.k = lower(${ref})
  left join (select distinct on (employee_no) employee_no as k, id from users x where employee_no <> '' order by employee_no, id) ue on ue.k = ${ref}`;

/**
 * The source of upsertUsers: a relation with line, username, real_name, employee_no, email, mobile,
 * org_id (int or null), role_ids (int[], sorted), manager_ref (text; '' for none, null to keep).
 */
const userDiffers =
  sql.raw(`(u.real_name, u.employee_no, u.email, u.mobile, u.org_id, u.enabled) is distinct from (s.real_name, s.employee_no, s.email, s.mobile, s.org_id, true)
  or array(select ur.role_id from user_roles ur where ur.user_id = u.id order by ur.role_id) is distinct from s.role_ids`);

export const userActions = (source: SQL): SQL =>
  sql`(select s.line, case when u.id is null then 'new'
                           when ${userDiffers} or (s.manager_ref is not null and u.manager_id is distinct from coalesce(un.id, ue.id)) then 'changed'
                           else 'unchanged' end as action
         from ${source} s left join users u on lower(u.username) = lower(s.username) ${accountJoins(sql`s.manager_ref`)})`;

/**
 * Users by login name: changed ones updated, new ones inserted without a password, their roles made
 * what the source says, then their managers (who may be new in the same source).
 */
export async function upsertUsers(tx: Tx, source: SQL): Promise<WriteCounts> {
  const counts = await tally(tx, userActions(source));
  if (counts.new + counts.changed === 0) return counts;
  await tx.execute(sql`
    update users u set real_name = s.real_name, first_name = s.real_name, employee_no = s.employee_no, email = s.email, mobile = s.mobile,
           org_id = s.org_id, enabled = true, updated_at = now()
      from ${source} s
     where lower(u.username) = lower(s.username)
       and (u.real_name, u.employee_no, u.email, u.mobile, u.org_id, u.enabled) is distinct from (s.real_name, s.employee_no, s.email, s.mobile, s.org_id, true)`);
  await tx.execute(sql`
    insert into users (username, password_hash, real_name, first_name, employee_no, email, mobile, org_id)
    select s.username, ${NO_PASSWORD}, s.real_name, s.real_name, s.employee_no, s.email, s.mobile, s.org_id
      from ${source} s where not exists (select 1 from users u where lower(u.username) = lower(s.username))`);
  await tx.execute(sql`
    delete from user_roles ur using ${source} s, users u
     where lower(u.username) = lower(s.username) and ur.user_id = u.id and not (ur.role_id = any (s.role_ids))`);
  await tx.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from ${source} s join users u on lower(u.username) = lower(s.username) cross join lateral unnest(s.role_ids) as r(id)
    on conflict do nothing`);
  await tx.execute(sql`
    update users u set manager_id = coalesce(un.id, ue.id), updated_at = now()
      from ${source} s ${accountJoins(sql`s.manager_ref`)}
     where lower(u.username) = lower(s.username) and s.manager_ref is not null and u.manager_id is distinct from coalesce(un.id, ue.id)`);
  await forgetSignIns(tx);
  return counts;
}

/**
 * Users disabled (never deleted) and their sessions ended: those `which` (a condition on `u`) names.
 * An account holding the import grant, the importer's own and a system account are never disabled
 * this way, so a company cannot lock itself out with a full list.
 */
async function disableWhere(tx: Tx, which: SQL, actorId: number): Promise<string[]> {
  const rows = await selectRows<{ id: number; username: string }>(
    tx,
    sql`update users u set enabled = false, updated_at = now()
         where u.enabled and u.id <> ${actorId} and u.user_type <> 'system' and ${which}
           and not exists (select 1 from user_roles ur join roles r on r.id = ur.role_id join role_menus rm on rm.role_id = r.id join menus m on m.id = rm.menu_id
                            where ur.user_id = u.id and m.code = ${IMPORTS_AUTHORITY})
         returning u.id, u.username`,
  );
  await endSessionsOf(
    tx,
    rows.map((r) => r.id),
    'user-disabled',
  );
  if (rows.length > 0) await forgetSignIns(tx);
  return rows.map((r) => r.username);
}

/** Users a full list (`kept`: a relation of one column, username) does not name: disabled. */
export async function disableMissingUsers(tx: Tx, kept: SQL, actorId: number): Promise<number> {
  return (await disableWhere(tx, sql`lower(u.username) not in (select lower(k.username) from ${kept} k)`, actorId)).length;
}

/** Users of these login names disabled; the names that name no user. */
export async function disableUsernames(tx: Tx, usernames: readonly string[], actorId: number): Promise<{ deactivated: string[]; unknown: string[] }> {
  const list = JSON.stringify(usernames.map((u) => u.toLowerCase()));
  const known = await selectRows<{ username: string }>(
    tx,
    sql`select lower(username) as username from users where lower(username) in (select jsonb_array_elements_text(${list}::jsonb))`,
  );
  await disableWhere(tx, sql`lower(u.username) in (select jsonb_array_elements_text(${list}::jsonb))`, actorId);
  const found = new Set(known.map((k) => k.username));
  return { deactivated: usernames.filter((u) => found.has(u.toLowerCase())), unknown: usernames.filter((u) => !found.has(u.toLowerCase())) };
}

/* ---------- data permissions (territories) ---------- */

/** The source of addPermissions: a relation with line, user_id, permission_type ('hospital' | 'province'), permission_value. */
export const permissionActions = (source: SQL): SQL =>
  sql`(select s.line, case when exists (select 1 from data_permissions dp where dp.user_id = s.user_id and dp.permission_type = s.permission_type
                                          and dp.permission_value = s.permission_value) then 'unchanged' else 'new' end as action
         from ${source} s)`;

export async function addPermissions(tx: Tx, source: SQL): Promise<WriteCounts> {
  const counts = await tally(tx, permissionActions(source));
  if (counts.new === 0) return counts;
  await tx.execute(sql`
    insert into data_permissions (user_id, permission_type, permission_value)
    select distinct s.user_id, s.permission_type, s.permission_value from ${source} s
    on conflict do nothing`);
  await forgetSignIns(tx);
  return counts;
}

/**
 * A full list of territories: each user it names keeps exactly the permissions it gives them (`kept`:
 * a relation of user_id, permission_type, permission_value); users it does not name are left alone.
 */
export async function replacePermissions(tx: Tx, kept: SQL): Promise<number> {
  const removed = await count(
    tx,
    sql`delete from data_permissions dp where dp.user_id in (select k.user_id from ${kept} k)
          and not exists (select 1 from ${kept} k where k.user_id = dp.user_id and k.permission_type = dp.permission_type and k.permission_value = dp.permission_value)
        returning dp.id`,
  );
  if (removed > 0) await forgetSignIns(tx);
  return removed;
}

/** Every data permission of these users (by login name) removed; the names that name no user. */
export async function clearPermissions(tx: Tx, usernames: readonly string[]): Promise<{ deactivated: string[]; unknown: string[] }> {
  const list = JSON.stringify(usernames.map((u) => u.toLowerCase()));
  const known = await selectRows<{ username: string }>(
    tx,
    sql`select lower(username) as username from users where lower(username) in (select jsonb_array_elements_text(${list}::jsonb))`,
  );
  await tx.execute(
    sql`delete from data_permissions dp using users u where u.id = dp.user_id and lower(u.username) in (select jsonb_array_elements_text(${list}::jsonb))`,
  );
  await forgetSignIns(tx);
  const found = new Set(known.map((k) => k.username));
  return { deactivated: usernames.filter((u) => found.has(u.toLowerCase())), unknown: usernames.filter((u) => !found.has(u.toLowerCase())) };
}
