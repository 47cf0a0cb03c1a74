import { sql, type SQL } from 'drizzle-orm';
import { isEffectiveVisit, VISIT_STATUS, VISIT_TYPE } from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';

/**
 * Visit history from a company's files, written set-based (docs/decisions/0053): imported as
 * submitted and locked, one statement whatever the number of rows. A visit is known by its
 * representative, doctor, portal day (UTC+8) and channel, so importing the same history again
 * adds nothing. The kept report counts follow by their triggers on visit_records (decision 0033).
 *
 * A source has the columns line, user_id, doctor_id, visit_at (timestamptz), day_start (the portal
 * day's first instant, timestamptz), channel, purpose and feedback.
 */
export type VisitSource = SQL;

/** The visits already recorded on a source row's key (s: the row, v: the visit). */
const sameKey = sql.raw(
  `v.user_id = s.user_id and v.visit_at >= s.day_start and v.visit_at < s.day_start + interval '1 day' and v.doctor_id = s.doctor_id and v.channel = s.channel`,
);

/**
 * Visits as an import's checks compare them: (user_id, doctor_id, visit_at, channel, purpose, feedback).
 * A condition on its visit_at range keeps to the representative's index.
 */
export const visitKeys = (): SQL => sql`(select user_id, doctor_id, visit_at, channel, purpose, feedback from visit_records)`;

/** What importVisits would do with each source row: (line, action new|unchanged). A recorded visit is never changed. */
export const visitActions = (source: VisitSource): SQL =>
  sql`(select s.line, case when exists (select 1 from visit_records v where ${sameKey}) then 'unchanged' else 'new' end as action from ${source} s)`;

/**
 * Inserts the source's visits not recorded yet, submitted and locked, in the caller's transaction.
 * Effective follows the one rule (packages/shared isEffectiveVisit): a manual record naming no
 * product with a key message is not effective, so history without products counts as a visit only.
 */
export async function importVisits(tx: Tx, source: VisitSource): Promise<{ new: number; changed: number; unchanged: number }> {
  const [total] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from ${source} s`);
  // The product rule comes before the channel's: the answer is the same for every channel.
  const effective = isEffectiveVisit({ status: VISIT_STATUS.submitted, type: VISIT_TYPE.manual, channel: 'face', durationSeconds: null, products: [] });
  const [added] = await selectRows<{ n: number }>(
    tx,
    sql`with done as (
          insert into visit_records (user_id, doctor_id, visit_at, channel, status, type, purpose, feedback, effective, submitted_at, created_at, updated_at)
          select s.user_id, s.doctor_id, s.visit_at, s.channel, ${VISIT_STATUS.submitted}, ${VISIT_TYPE.manual}, s.purpose, s.feedback,
                 ${effective},
                 s.visit_at, now(), now()
            from ${source} s where not exists (select 1 from visit_records v where ${sameKey})
          returning id)
        select count(*)::int as n from done`,
  );
  const n = added?.n ?? 0;
  return { new: n, changed: 0, unchanged: (total?.n ?? 0) - n };
}
