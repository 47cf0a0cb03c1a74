import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';
import { compileScope, doctorInScope, randomSource } from '../modules/customers/index.js';

/** How much field activity the demo carries (modest: the demo and the test snapshot stay fast). */
export const DEMO_ACTIVITY = { visits: 3000, calls: 600, days: 60, seed: 20261123 } as const;

const CHANNELS = ['face', 'face', 'face', 'phone', 'phone', 'video', 'online', 'wxwork'] as const;
const PURPOSES = ['产品介绍', '学术交流', '会议邀请', '病例讨论', '用药随访'];
const DAY_MS = 86_400_000;

/**
 * Demo field activity for the report screens (docs/decisions/0023): the representatives' visits
 * and calls over the last 60 days to doctors of their territory (of the national dataset where
 * they have none), and the North and South teams' targets for this month and the last.
 * Deterministic from DEMO_ACTIVITY.seed; the times follow the day the seed runs, as the other demo
 * data does. Runs after the customers, the users and their data permissions.
 */
export async function seedReports(tx: Tx): Promise<void> {
  const random = randomSource(DEMO_ACTIVITY.seed);
  // rep01 and rep02 are left to the journeys and tests that record their own visits; rep05 has a
  // history, so the North team's manager (mgr01: rep01 and rep05) opens team records that are not empty.
  const reps = await selectRows<{ id: number }>(tx, sql`select id from users where username like 'rep%' and username not in ('rep01', 'rep02') order by id`);
  // The first 200 doctors of each province are left alone too (tests pick doctors from there). A
  // representative with a territory (rep03: 广东省) visits the doctors of it, as the doctors a
  // representative opens are those of their scope; one without (the demo grants none to rep04-rep08)
  // draws from the whole country.
  const poolOf = async (rep: { id: number }): Promise<number[]> => {
    const scope = await compileScope(tx, rep.id);
    const territory = !scope.all && (scope.hospitalIds.length > 0 || scope.provinceCodes.length > 0);
    const rows = await selectRows<{ id: number }>(
      tx,
      sql`select id from (select d.id, d.hospital_id, d.province_code, row_number() over (partition by d.province_code order by d.id) as rn from doctors d) d
           where rn > 200 ${territory ? sql`and ${doctorInScope(scope, 'd')}` : sql``} order by id`,
    );
    return rows.map((r) => r.id);
  };
  const pools: number[][] = [];
  for (const rep of reps) pools.push(await poolOf(rep));
  if (reps.length === 0 || pools.some((pool) => pool.length === 0)) return;
  // Each representative keeps a portfolio of 60 doctors: the visits repeat, as a field force's do.
  const portfolio = pools.map((pool) => Array.from({ length: 60 }, () => pool[Math.floor(random() * pool.length)]!));
  const now = Date.now();
  const visits: { user: number; doctor: number; at: string; channel: string; duration: number | null; purpose: string; status: number }[] = [];
  for (let i = 0; i < DEMO_ACTIVITY.visits; i++) {
    const r = Math.floor(random() * reps.length);
    const channel = CHANNELS[Math.floor(random() * CHANNELS.length)]!;
    const at = now - Math.floor(random() * DEMO_ACTIVITY.days * DAY_MS);
    const duration =
      channel === 'phone' || channel === 'video' ? 20 + Math.floor(random() * 900) : channel === 'face' ? 300 + Math.floor(random() * 1800) : null;
    visits.push({
      user: reps[r]!.id,
      doctor: portfolio[r]![Math.floor(random() * 60)]!,
      at: new Date(at).toISOString(),
      channel,
      duration,
      purpose: PURPOSES[Math.floor(random() * PURPOSES.length)]!,
      status: random() < 0.85 ? 1 : 0,
    });
  }
  for (let i = 0; i < visits.length; i += 500) {
    const chunk = visits.slice(i, i + 500).map(
      (v) =>
        // the effective-visit rule: submitted, and a phone or video visit lasted a minute (no products in the demo's rows: face and online count when submitted)
        sql`(${v.user}, ${v.doctor}, ${v.at}, ${v.channel}, ${v.status}, ${v.purpose}, ${v.duration}, ${v.status === 1 && ((v.channel !== 'phone' && v.channel !== 'video') || (v.duration ?? 0) >= 60)}, ${v.status === 1 ? v.at : null})`,
    );
    await tx.execute(
      sql`insert into visit_records (user_id, doctor_id, visit_at, channel, status, purpose, duration_seconds, effective, submitted_at) values ${sql.join(chunk, sql`, `)}`,
    );
  }
  const calls = Array.from({ length: DEMO_ACTIVITY.calls }, (_, i) => {
    const r = Math.floor(random() * reps.length);
    const at = now - Math.floor(random() * DEMO_ACTIVITY.days * DAY_MS);
    const connected = random() < 0.7;
    const duration = connected ? 15 + Math.floor(random() * 600) : 0;
    return sql`(${`demo-call-${i + 1}`}, ${reps[r]!.id}, ${portfolio[r]![Math.floor(random() * 60)]!}, ${random() < 0.9 ? 'out' : 'in'}, ${new Date(at).toISOString()}, ${new Date(at + duration * 1000).toISOString()}, ${duration})`;
  });
  for (let i = 0; i < calls.length; i += 500) {
    await tx.execute(
      sql`insert into call_records (call_id, user_id, doctor_id, direction, started_at, ended_at, duration_seconds) values ${sql.join(calls.slice(i, i + 500), sql`, `)}`,
    );
  }
  const month = (offset: number) => {
    const d = new Date(now + 8 * 3_600_000);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 7);
  };
  for (const [team, recruit, interaction] of [
    ['North', 20, 400],
    ['South', 15, 350],
    ['East', 10, 300],
    ['West', 10, 250],
  ] as const) {
    for (const period of [month(-1), month(0)]) {
      await tx.execute(sql`insert into report_team_targets (org_id, period, target_recruit, target_interaction, updated_by)
                           select id, ${period}, ${recruit}, ${interaction}, 'admin' from organisations where name_en = ${team}`);
    }
  }
}
