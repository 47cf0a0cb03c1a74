import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';

/** The demo slice of the national dataset (docs/decisions/0017): built into the demo snapshot. */
export const DEMO_DATASET = { hospitals: 2000, doctors: 20_000, seed: 14 } as const;

/**
 * Demo data of the customer area; runs inside the demo seed's transaction after the users and
 * before the administration seed (whose data permissions name these hospitals).
 */
export async function seedCustomers(tx: Tx): Promise<void> {
  // The generator (faker, pinyin-pro, the region list) loads only when demo data is made, not at every start.
  const { ensureReferenceData } = await import('../modules/reference/seed.js');
  const { backdateDemoRegistrations, writeDataset } = await import('../modules/customers/dataset.js');
  await ensureReferenceData(tx);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  const followUsers = Array.from({ length: 8 }, (_, i) => `rep${String(i + 1).padStart(2, '0')}`);
  await writeDataset(tx, { ...DEMO_DATASET, tagOwner: admin?.id ?? 1, followUsers });
  await backdateDemoRegistrations(tx);
}
