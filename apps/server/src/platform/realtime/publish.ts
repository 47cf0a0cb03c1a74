import { sql } from 'drizzle-orm';
import { STOMP_LIMITS, type Notice } from '@field-portal/shared';
import type { Database, Tx } from '../../db/client.js';

/** The PostgreSQL NOTIFY channel every instance listens on for notices (docs/decisions/0006). */
export const NOTICE_CHANNEL = 'fp_notice';

/**
 * What travels on the channel. Direct notices name their users; a push event names only its
 * queue entry, and each instance looks up which of its own connected users received it, so a
 * push to 100,000 people is one NOTIFY, not 100,000.
 */
export type ChannelEvent =
  | { kind: 'users'; to: string[]; notice: Notice }
  | { kind: 'all'; notice: Notice }
  | { kind: 'push'; event: 'delivered' | 'resent'; queueId: number; at: string };

function encode(event: ChannelEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > STOMP_LIMITS.notifyMaxBytes) throw new Error(`notice payload of ${Buffer.byteLength(payload)} bytes exceeds the NOTIFY limit`);
  return payload;
}

/**
 * Sends a notice to users (their `/topic/user/{username}` destination) or, with `'all'`, to
 * `/topic/notice`, on every instance sharing the database. Other modules call this.
 */
export async function publishNotice(database: Pick<Database, 'notify'>, to: readonly string[] | 'all', notice: Notice): Promise<void> {
  const event: ChannelEvent = to === 'all' ? { kind: 'all', notice } : { kind: 'users', to: [...to], notice };
  await database.notify(NOTICE_CHANNEL, encode(event));
}

/**
 * Tells every instance that a push queue entry was delivered (or its must-read reminders were
 * sent at `at`). Called after the delivering transaction committed; inside a transaction the
 * NOTIFY would go out at its commit.
 */
export async function publishPushEvent(db: Tx, event: 'delivered' | 'resent', queueId: number, at: string): Promise<void> {
  const payload = encode({ kind: 'push', event, queueId, at });
  await db.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${payload})`);
}
