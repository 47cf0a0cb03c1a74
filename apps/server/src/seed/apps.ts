import type { Tx } from '../db/client.js';

/** Demo data of app management and data management; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedApps(tx: Tx): Promise<void> {
  void tx;
}
