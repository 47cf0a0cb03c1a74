import { eq, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DEMO_DATASET } from './demo-size.js';

export { DEMO_DATASET } from './demo-size.js';

/**
 * Demo data of the customer area; runs inside the demo seed's transaction after the users and
 * before the administration seed (whose data permissions name these hospitals).
 */
export async function seedCustomers(tx: Tx): Promise<void> {
  // The generator (faker, pinyin-pro, the region list) loads only when demo data is made, not at every start.
  const { ensureReferenceData } = await import('../modules/reference/index.js');
  const { backdateDemoRegistrations, writeDataset } = await import('../modules/customers/index.js');
  await ensureReferenceData(tx);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  await writeDataset(tx, { ...DEMO_DATASET, tagOwner: admin?.id ?? 1, followUsers: FOLLOW_USERS });
  await backdateDemoRegistrations(tx);
}

/** The representatives the dataset's enterprise-chat contacts follow, in turn. */
const FOLLOW_USERS = Array.from({ length: 8 }, (_, i) => `rep${String(i + 1).padStart(2, '0')}`);

/**
 * A bigger demo (DEMO_DOCTORS, docs/decisions/0022): the national dataset's doctors after the
 * demo's 20,000, up to `doctors`, from the same generator and seed, on the demo's 2,000 hospitals
 * (so the first 20,000 stay exactly the demo's), with their affiliations, tags and registration
 * history. Runs last, inside the demo seed's transaction or on a copy of the demo snapshot: the
 * other areas' demo data (visits, meetings, intelligence, reports) stays on the first 20,000, so a
 * bigger demo costs the doctors' rows only. Gives the number of doctors added.
 */
export async function seedMoreDoctors(tx: Tx, doctors: number): Promise<number> {
  if (doctors <= DEMO_DATASET.doctors) return 0;
  const { backdateDemoRegistrations, withIndexesDeferred, writeDataset } = await import('../modules/customers/index.js');
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const [last] = await selectRows<{ id: number | null }>(tx, sql`select max(id) as id from doctors`);
  const tables = ['doctors', 'doctor_affiliations', 'doctor_tags'];
  const counts = await withIndexesDeferred(
    tx,
    () => writeDataset(tx, { ...DEMO_DATASET, doctors, doctorsFrom: DEMO_DATASET.doctors, tagOwner: admin?.id ?? 1, followUsers: FOLLOW_USERS }),
    tables,
  );
  await backdateDemoRegistrations(tx, Number(last?.id ?? 0));
  // The planner's figures for five times the rows (the embedded database runs no autovacuum).
  await tx.execute(sql.raw(`analyze ${tables.join(', ')}`));
  return counts.doctors;
}

/**
 * Demo corrections of doctors' records (docs/decisions/0017), all sent by rep03 on doctors in its
 * data scope (广东省): [decision, what was written, the title proposed ('' for a note alone), the
 * reviewer's note, days ago]. A proposed title is the next one up for a doctor who holds the one
 * below, as the correction form offers it. The accepted ones are notes alone, which change no
 * record: the demo's scores stay those of its records. So the review screen of customer master data
 * has work waiting and a history. rep01 and rep02 are left to the journeys and tests, as their
 * visits are (seed/reports.ts).
 */
const DEMO_CORRECTIONS: ['pending' | 'accepted' | 'rejected', string, string, string, number][] = [
  ['pending', '医生已于本月晋升为主任医师,职称需更新', 'CHIEF', '', 1],
  ['pending', '职称有误,医院官网显示为副主任医师', 'ASSOCIATE_CHIEF', '', 2],
  ['pending', '医生已晋升为主任医师', 'CHIEF', '', 3],
  ['pending', '医生出诊时间有误,应为周二、周四上午', '', '', 5],
  ['accepted', '医生办公室电话已更换,新号码见拜访记录', '', '已与医院核实并更新联系方式', 9],
  ['accepted', '医生已调至心内科二病区', '', '核实无误', 12],
  ['rejected', '职称应为主治医师', 'ATTENDING', '医院官网仍为原职称,暂不更新', 15],
];

/** The title one step below each proposed title: the doctors a proposal is made for hold it. */
const TITLE_BELOW: Record<string, string> = { CHIEF: 'ASSOCIATE_CHIEF', ASSOCIATE_CHIEF: 'ATTENDING', ATTENDING: 'RESIDENT' };

/** Writes the demo corrections; runs after the administration seed (the proposer's data permissions). */
export async function seedCorrections(tx: Tx): Promise<void> {
  const { compileScope, doctorInScope } = await import('../modules/customers/index.js');
  const people = await selectRows<{ id: number; username: string }>(tx, sql`select id, username from users where username in ('rep03', 'admin')`);
  const idOf = new Map(people.map((u) => [u.username, Number(u.id)]));
  const proposer = idOf.get('rep03');
  const reviewer = idOf.get('admin');
  if (proposer === undefined || reviewer === undefined) return;
  const scope = await compileScope(tx, proposer);
  for (const [status, content, titleCode, note, daysAgo] of DEMO_CORRECTIONS) {
    // the last doctors of the scope (tests pick theirs from the first), one correction each
    const [doctor] = await selectRows<{ id: number }>(
      tx,
      sql`select d.id from doctors d
           where ${doctorInScope(scope)} ${titleCode ? sql`and d.title_code = ${TITLE_BELOW[titleCode]!}` : sql``}
             and not exists (select 1 from doctor_corrections c where c.doctor_id = d.id)
           order by d.id desc limit 1`,
    );
    if (!doctor) continue;
    const decided = status !== 'pending';
    await tx.execute(
      sql`insert into doctor_corrections (doctor_id, content, changes, status, created_by, created_at, decided_by, decided_at, decision_note)
          values (${doctor.id}, ${content}, ${JSON.stringify(titleCode ? { titleCode } : {})}::jsonb, ${status}, ${proposer}, now() - make_interval(days => ${daysAgo}),
                  ${decided ? reviewer : null}, ${decided ? sql`now() - make_interval(days => ${daysAgo - 1})` : null}, ${note})`,
    );
  }
}
