import type { Tx } from '../db/client.js';

/** Demo data of report screens and the built-in analytics service; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedAnalytics(tx: Tx): Promise<void> {
  void tx;
}
