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
