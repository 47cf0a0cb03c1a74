import type { Tx } from '../db/client.js';

/** Demo data of system administration; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedAdmin(tx: Tx): Promise<void> {
  void tx;
}
