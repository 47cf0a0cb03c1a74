import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Ends the open sessions of these users inside the caller's transaction, so that disabling an
 * account or resetting its password and ending its sign-ins commit together or not at all
 * (docs/decisions/0062). `at` defaults to the database's clock, as a set-based import writes it;
 * `except` keeps one session open (the one a password was just changed in). A session already
 * ended keeps when and why it ended.
 */
export async function endSessionsOf(tx: Tx, userIds: readonly number[], reason: string, at?: Date, except?: string): Promise<void> {
  if (userIds.length === 0) return;
  const when: SQL = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx.execute(
    sql`update sessions set revoked_at = ${when}, revoked_reason = ${reason}
         where revoked_at is null and user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::int)
           ${except === undefined ? sql`` : sql`and id <> ${except}`}`,
  );
}

/**
 * The session `sessionId` of the user `userId` names is live (not revoked, not past its absolute
 * end), as a condition: another area's statement checks a sign-in is still open in the same
 * statement that reads the user (the report shares of analytics, docs/decisions/0065).
 */
export function isLiveSession(sessionId: string, userId: SQL): SQL {
  return sql`exists (select 1 from sessions live_s where live_s.id = ${sessionId} and live_s.user_id = ${userId}
                        and live_s.revoked_at is null and live_s.absolute_expires_at > now())`;
}
