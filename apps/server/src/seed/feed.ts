import type { Tx } from '../db/client.js';

/** Demo data of employee card feed; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedFeed(tx: Tx): Promise<void> {
  void tx;
}
