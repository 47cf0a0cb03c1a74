import type { Tx } from '../db/client.js';

/** Demo data of real-time notices and messaging; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedMessaging(tx: Tx): Promise<void> {
  void tx;
}
