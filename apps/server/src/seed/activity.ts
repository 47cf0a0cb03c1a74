import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';

/** Demo tasks: [creator, principal, title, classification, days from the seed (due), status, priority]. */
const DEMO_TASKS: [string, string, string, string, number, number, number][] = [
  ['mgr01', 'rep01', '整理本月拜访总结', 'followUp', 0, 0, 2],
  ['mgr01', 'rep01', '准备科室会资料', 'meeting', 2, 0, 1],
  ['rep01', 'rep01', '回访上周问卷未答的医生', 'survey', 1, 1, 1],
  ['mgr01', 'rep05', '更新重点医生名单', 'other', 3, 0, 1],
  ['mgr01', 'rep01', '提交上周拜访计划', 'followUp', -3, 2, 1],
];

/**
 * Demo data of the activity area (runs inside the demo seed's transaction, after the users):
 * mgr01 leads the North region and mgr02 the South (their teams), and a few tasks.
 */
export async function seedActivity(tx: Tx): Promise<void> {
  await tx.execute(sql`update organisations set leader = 'mgr01' where name_en = 'North' and leader = ''`);
  await tx.execute(sql`update organisations set leader = 'mgr02' where name_en = 'South' and leader = ''`);
  const users = await selectRows<{ id: number; username: string }>(tx, sql`select id, username from users`);
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const day = new Date();
  day.setHours(17, 0, 0, 0);
  for (const [creator, principal, title, classification, days, status, priority] of DEMO_TASKS) {
    const due = new Date(day.getTime() + days * 86_400_000).toISOString();
    const [task] = await selectRows<{ id: number }>(
      tx,
      sql`insert into tasks (title, body, classification, principal_id, creator_id, due_at, status, priority)
          values (${title}, '', ${classification}, ${idOf.get(principal)!}, ${idOf.get(creator)!}, ${due}, ${status}, ${priority}) returning id`,
    );
    await tx.execute(sql`insert into task_logs (task_id, actor_id, action, to_user_id, detail)
                         values (${task!.id}, ${idOf.get(creator)!}, 'create', ${idOf.get(principal)!}, ${JSON.stringify({ title })}::jsonb)`);
  }
}
