import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../src/db/client.js';

/**
 * A card fired to `rows` recipients, written straight into the tables (the push flow has its own
 * tests): the read-details export of the download centre then has `rows` rows. The restart test
 * and the export benchmark use it. Returns the card id.
 */
export async function firedPushOf(db: Db, rows: number, createdBy = 'operator'): Promise<number> {
  return db.transaction(async (tx) => {
    const [card] = await selectRows<{ id: number | string }>(
      tx,
      sql`
      insert into cards (id, content, status, create_by, create_time, update_time, source, template)
      values (nextval('card_id_seq'), ${JSON.stringify({ type: 4, titleName: 'export fixture', BU: 'PC_All' })}::jsonb, 'publish', ${createdBy}, now(), now(), '', '')
      returning id`,
    );
    const cardId = Number(card!.id);
    const [queue] = await selectRows<{ id: number | string }>(
      tx,
      sql`
      insert into pushes (push_id, card_id, push_date, scope, remark, created_by, created_at, status, fired_at, delivered_count)
      values (nextval('push_id_seq'), ${cardId}, now(), 2, '{"scope":2}'::jsonb, ${createdBy}, now(), 'fired', now(), ${rows})
      returning id`,
    );
    const queueId = Number(queue!.id);
    await tx.execute(sql`
      insert into deliveries (queue_id, card_id, wwid, name, sent_at, last_sent_at, send_count, first_open_time)
      select ${queueId}, ${cardId}, 'W' || lpad(g::text, 8, '0'), '收件人 ' || g, now(), now(), 1, case when g % 3 = 0 then now() end
        from generate_series(1, ${rows}) g`);
    return cardId;
  });
}
