import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.js';
import { visitsByUserMonth } from '../../activity/index.js';
import { isTeam, teamMemberIds, teamOfMembers, teamsWithMembers } from '../../admin/index.js';
import { doctorsCreatedByMonth } from '../../customers/index.js';
import { groupChart, pct, tableOf, type Args, type Computed, type DashboardDef } from './common.js';
import { windowOf } from './visits.js';

/**
 * Team indicators (goData, spec 001 section 3): per team and month, the target recruit and target
 * interaction administrators set (report_team_targets) next to the actuals: doctors the team's
 * members created (customers) and visits they made (activity), inside the viewer's scope.
 * A team is an organisation below the company with members.
 */

/** The months (YYYY-MM) the range touches. */
export function monthsOf(days: string[]): string[] {
  return [...new Set(days.map((d) => d.slice(0, 7)))];
}

/** Sets a team's targets for a month (administrators); answers the row as stored. */
export async function setTeamTarget(
  db: Db,
  username: string,
  body: { orgId: number; period: string; targetRecruit: number; targetInteraction: number },
  now: number,
) {
  if (!(await isTeam(db, body.orgId))) return undefined;
  await db.execute(sql`
    insert into report_team_targets (org_id, period, target_recruit, target_interaction, updated_by, updated_at)
    values (${body.orgId}, ${body.period}, ${body.targetRecruit}, ${body.targetInteraction}, ${username}, ${new Date(now)})
    on conflict (org_id, period) do update set target_recruit = excluded.target_recruit, target_interaction = excluded.target_interaction,
      updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  return body;
}

async function goData(a: Args): Promise<Computed> {
  const months = monthsOf(a.range.days);
  const members = teamMemberIds();
  const [teamList, targets, userOrgs, visits, recruits] = await Promise.all([
    teamsWithMembers(a.db, a.lang),
    selectRows<{ org_id: number; period: string; target_recruit: number; target_interaction: number }>(
      a.db,
      sql`select org_id, period, target_recruit, target_interaction from report_team_targets where period in (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    ),
    teamOfMembers(a.db),
    visitsByUserMonth(a.db, windowOf(a), members),
    doctorsCreatedByMonth(a.db, { from: a.range.from, to: a.range.to, province: a.province, scope: a.scope }, members),
  ]);
  const orgOf = new Map(userOrgs.map((u) => [Number(u.id), Number(u.org_id)]));
  const key = (org: number, month: string) => `${org}|${month}`;
  const actual = new Map<string, { recruit: number; interaction: number }>();
  const add = (userId: number, month: string, field: 'recruit' | 'interaction', value: number) => {
    const org = orgOf.get(userId);
    if (org === undefined) return;
    const entry = actual.get(key(org, month)) ?? { recruit: 0, interaction: 0 };
    entry[field] += value;
    actual.set(key(org, month), entry);
  };
  for (const v of visits) add(v.userId, v.month, 'interaction', v.visits);
  for (const r of recruits) add(r.userId, r.month, 'recruit', r.doctors);
  const target = new Map(targets.map((t) => [key(Number(t.org_id), t.period), t]));
  const rows = teamList.flatMap((team) =>
    months.map((month) => {
      const t = target.get(key(team.id, month));
      const done = actual.get(key(team.id, month)) ?? { recruit: 0, interaction: 0 };
      return {
        teamId: team.id,
        team: team.name,
        period: month,
        targetRecruit: t ? Number(t.target_recruit) : null,
        actualRecruit: done.recruit,
        recruitRate: t && Number(t.target_recruit) > 0 ? pct(done.recruit, Number(t.target_recruit)) : null,
        targetInteraction: t ? Number(t.target_interaction) : null,
        actualInteraction: done.interaction,
        interactionRate: t && Number(t.target_interaction) > 0 ? pct(done.interaction, Number(t.target_interaction)) : null,
      };
    }),
  );
  const sum = (pick: (r: (typeof rows)[number]) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
  const targetRecruit = sum((r) => r.targetRecruit);
  const targetInteraction = sum((r) => r.targetInteraction);
  const actualRecruit = sum((r) => r.actualRecruit);
  const actualInteraction = sum((r) => r.actualInteraction);
  const perTeam = teamList.map((team) => {
    const mine = rows.filter((r) => r.teamId === team.id);
    return {
      team: team.name,
      targetInteraction: mine.reduce((s, r) => s + (r.targetInteraction ?? 0), 0),
      actualInteraction: mine.reduce((s, r) => s + r.actualInteraction, 0),
      targetRecruit: mine.reduce((s, r) => s + (r.targetRecruit ?? 0), 0),
      actualRecruit: mine.reduce((s, r) => s + r.actualRecruit, 0),
    };
  });
  return {
    kpis: [
      { key: 'targetRecruit', value: targetRecruit },
      { key: 'actualRecruit', value: actualRecruit },
      { key: 'recruitRate', value: pct(actualRecruit, targetRecruit), unit: '%' },
      { key: 'targetInteraction', value: targetInteraction },
      { key: 'actualInteraction', value: actualInteraction },
      { key: 'interactionRate', value: pct(actualInteraction, targetInteraction), unit: '%' },
    ],
    charts: [
      groupChart('interactionByTeam', 'bar', perTeam, 'team', 'targetInteraction', 'actualInteraction'),
      groupChart('recruitByTeam', 'bar', perTeam, 'team', 'targetRecruit', 'actualRecruit'),
    ],
    table: tableOf(
      ['team', 'period', 'targetRecruit', 'actualRecruit', 'recruitRate', 'targetInteraction', 'actualInteraction', 'interactionRate'],
      rows.slice(0, a.tableRows),
      rows.length,
    ),
  };
}

export const GOAL_DASHBOARDS = {
  goData: { filters: ['bu', 'province'], compute: goData },
} as const satisfies Record<string, DashboardDef>;
