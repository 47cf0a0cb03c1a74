import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Ends the open sessions of these users inside the caller's transaction, so that disabling an
 * account or resetting its password and ending its sign-ins commit together or not at all
 * (docs/decisions/0062). `at` defaults to the database's clock, as a set-based import writes it.
 */
export async function endSessionsOf(tx: Tx, userIds: readonly number[], reason: string, at?: Date): Promise<void> {
  if (userIds.length === 0) return;
  const when: SQL = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx.execute(
    sql`update sessions set revoked_at = ${when}, revoked_reason = ${reason}
         where revoked_at is null and user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::int)`,
  );
}
