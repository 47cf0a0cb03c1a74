import { sql, type SQL } from 'drizzle-orm';

/**
 * The card rows as other areas' statements reach them (docs/decisions/0065): the card console's
 * lists and the batch picker (push), the push report, a feed page and the card dashboards join or
 * scan cards inside their own one statement. Other areas read only these columns of a card: id,
 * title, content, status, source, template, create_by, create_time, last_push_time, queue_id.
 */

/** The cards as a `from` source under `alias`: `from ${cardsSource('c')} where ...`. */
export function cardsSource(alias: string): SQL {
  return sql`cards ${sql.identifier(alias)}`;
}

/** A join of the card `cardId` names, as `alias`: a plain join, so the caller's plan keeps its join method. */
export function joinCard(alias: string, cardId: SQL, kind: 'inner' | 'left' = 'inner'): SQL {
  const c = sql.identifier(alias);
  return sql`${kind === 'left' ? sql`left join` : sql`join`} cards ${c} on ${c}.id = ${cardId}`;
}
