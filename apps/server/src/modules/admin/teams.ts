import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';

/**
 * Teams as the goal dashboard reads them (docs/decisions/0062): a team is an organisation below
 * the company; its members are the users of that organisation.
 */

export interface Team {
  id: number;
  name: string;
}

/** Teams with at least one enabled member, named in the reader's language, in the tree's order. */
export async function teamsWithMembers(db: Db, lang: 'zh' | 'en'): Promise<Team[]> {
  return selectRows<Team>(
    db,
    sql`
    select o.id, ${lang === 'en' ? sql`coalesce(nullif(o.name_en, ''), o.name)` : sql`o.name`} as name from organisations o
     where o.parent_id is not null and exists (select 1 from users u where u.org_id = o.id and u.enabled) order by o.sort, o.id`,
  );
}

/** Whether the organisation is a team (not the company at the root). */
export async function isTeam(db: Db, orgId: number): Promise<boolean> {
  const rows = await selectRows<{ org_id: number }>(db, sql`select o.id as org_id from organisations o where o.id = ${orgId} and o.parent_id is not null`);
  return rows.length > 0;
}

/** The ids of the users who belong to an organisation, as a subquery. */
export function teamMemberIds(): SQL {
  return sql`(select gu.id from users gu where gu.org_id is not null)`;
}

/** Each user's organisation (users in none left out). */
export async function teamOfMembers(db: Db): Promise<{ id: number; org_id: number }[]> {
  return selectRows<{ id: number; org_id: number }>(db, sql`select id, org_id from users where org_id is not null`);
}
