import { sql, type SQL } from 'drizzle-orm';

/**
 * Push's queue entries and deliveries as other areas' statements reach them (docs/decisions/0065):
 * a feed page is one keyset statement over a person's deliveries joined to their entry and card,
 * and the card dashboards count entries with their cards. Other areas read only these columns:
 * of a delivery queue_id, card_id, wwid, sent_at, last_sent_at, send_count, first_open_time; of an
 * entry id, push_id, card_id, push_date, fired_at, status, scope, must_read, keep_on_top, top,
 * top_start_time, top_end_time, permanent, delivered_count, read_count, created_by.
 */

/** The deliveries as a `from` source under `alias`: `from ${deliveriesSource('d')} where d.wwid = ...`. */
export function deliveriesSource(alias: string): SQL {
  return sql`deliveries ${sql.identifier(alias)}`;
}

/** The queue entries as a `from` source under `alias`. */
export function pushesSource(alias: string): SQL {
  return sql`pushes ${sql.identifier(alias)}`;
}

/** A join of the queue entry `queueId` names, as `alias`. */
export function joinPushEntry(alias: string, queueId: SQL): SQL {
  const p = sql.identifier(alias);
  return sql`join pushes ${p} on ${p}.id = ${queueId}`;
}

/**
 * The delivery `alias` is its person's latest of its card: no newer delivery of the same card to
 * the same person (a card pushed to them twice is one item). deliveries_wwid_card_idx answers it.
 */
export function isLatestDelivery(alias: string): SQL {
  const d = sql.identifier(alias);
  return sql`not exists (select 1 from deliveries newer
  where newer.wwid = ${d}.wwid and newer.card_id = ${d}.card_id and (newer.sent_at, newer.queue_id) > (${d}.sent_at, ${d}.queue_id))`;
}
