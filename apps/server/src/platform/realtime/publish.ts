import { sql } from 'drizzle-orm';
import { STOMP_LIMITS, type Notice } from '@field-portal/shared';
import type { Database, Tx } from '../../db/client.js';

/** The PostgreSQL NOTIFY channel every instance listens on for notices (docs/decisions/0006). */
export const NOTICE_CHANNEL = 'fp_notice';

/**
 * What travels on the channel. Direct notices name their users; a push event names only its
 * queue entry, and each instance looks up which of its own connected users received it, so a
 * push to 100,000 people is one NOTIFY, not 100,000. `id` is the event's row in `notice_outbox`
 * (docs/decisions/0014): an instance handles each id once, from the NOTIFY or, when its LISTEN
 * connection was down, from the table.
 */
export type ChannelEvent = { id?: number } & (
  | { kind: 'users'; to: string[]; notice: Notice }
  | { kind: 'all'; notice: Notice }
  | { kind: 'push'; event: 'delivered' | 'resent'; queueId: number; at: string }
);

function encode(event: ChannelEvent): string {
  const payload = JSON.stringify(event);
  // The NOTIFY carries the payload with its id added (at most 20 more bytes).
  if (Buffer.byteLength(payload) + 24 > STOMP_LIMITS.notifyMaxBytes)
    throw new Error(`notice payload of ${Buffer.byteLength(payload)} bytes exceeds the NOTIFY limit`);
  return payload;
}

/** One statement: the outbox row, and a NOTIFY of it with its id (sent when the transaction commits). */
const OUTBOX_SQL = `
  with row as (insert into notice_outbox (payload) values ($2) returning id)
  select pg_notify($1, jsonb_set($2::jsonb, '{id}', to_jsonb(row.id))::text) from row`;

/**
 * Sends a notice to users (their `/topic/user/{username}` destination) or, with `'all'`, to
 * `/topic/notice`, on every instance sharing the database. Other modules call this.
 */
export async function publishNotice(database: Pick<Database, 'query'>, to: readonly string[] | 'all', notice: Notice): Promise<void> {
  const event: ChannelEvent = to === 'all' ? { kind: 'all', notice } : { kind: 'users', to: [...to], notice };
  await database.query(OUTBOX_SQL, [NOTICE_CHANNEL, encode(event)]);
}

/**
 * Tells every instance that a push queue entry was delivered (or its must-read reminders were
 * sent at `at`). Called inside the delivering transaction: the outbox row commits with the
 * deliveries and the NOTIFY goes out at that commit, so neither a rollback nor a crash after the
 * commit can make the notice and the deliveries disagree.
 */
export async function publishPushEvent(tx: Tx, event: 'delivered' | 'resent', queueId: number, at: string): Promise<void> {
  const payload = encode({ kind: 'push', event, queueId, at });
  await tx.execute(sql`
    with row as (insert into notice_outbox (payload) values (${payload}) returning id)
    select pg_notify(${NOTICE_CHANNEL}, jsonb_set(${payload}::jsonb, '{id}', to_jsonb(row.id))::text) from row`);
}
