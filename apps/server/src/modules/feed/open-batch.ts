import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { isPinActive, type OpenCardResult } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { cardNotDelivered, pinOf, toItem, type ItemRow } from './service.js';

/**
 * Card opens, many per statement (docs/decisions/0016). Every employee opens a pushed card at
 * about the same time, so opens arrive together: the ones that arrive while a statement runs are
 * sent as the next statement, one round trip for all of them, instead of several statements each.
 * A lone open waits for nothing (it goes at the next turn of the event loop). One statement is in
 * flight at a time per server, so the first open of a card by a person is decided once, by the row
 * lock of its deliveries, and the trigger-kept read count (pushes.read_count) moves once.
 */

interface Pending {
  userId: number;
  cardId: number;
  resolve: (result: OpenCardResult) => void;
  reject: (error: unknown) => void;
}

interface OpenRow extends ItemRow {
  user_id: number | string;
  first_open: boolean;
  unread: number;
}

/** Most opens in one statement; more wait for the next. */
const BATCH_MAX = 500;
/** PostgreSQL's deadlock and serialisation failures: two instances' statements met on the same rows; the statement is tried again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * One statement for a batch of opens: the deliveries still unread get their first open time (and
 * no more must-read reminders), and each (person, card) gets its latest delivery with its push and
 * card, whether this statement opened it, and the person's unread count after it.
 */
function openStatement(opens: readonly [number, number][], at: string) {
  return sql`
    with input as (
      select distinct (v->>0)::bigint as user_id, (v->>1)::bigint as card_id from jsonb_array_elements(${JSON.stringify(opens)}::jsonb) v),
    me as (
      select i.user_id, i.card_id, nullif(trim(u.employee_no), '') as wwid from input i join users u on u.id = i.user_id),
    marked as (
      update deliveries d set first_open_time = ${at}::timestamptz, next_send_at = null
        from me
       where d.wwid = me.wwid and d.card_id = me.card_id and d.first_open_time is null
      returning d.wwid, d.card_id),
    latest as (
      select me.user_id, me.wwid, l.* from me cross join lateral (
        select d.queue_id, d.card_id, d.sent_at, d.last_sent_at, d.send_count, d.first_open_time from deliveries d
         where d.wwid = me.wwid and d.card_id = me.card_id
         order by d.sent_at desc, d.queue_id desc limit 1) l),
    unread as (
      select w.wwid, coalesce((select f.unread from feed_unread f where f.wwid = w.wwid), 0) as n
        from (select distinct wwid from latest) w)
    select l.user_id, l.queue_id, l.card_id, p.push_id, l.sent_at, l.last_sent_at, l.send_count, l.first_open_time,
           exists (select 1 from marked m where m.wwid = l.wwid and m.card_id = l.card_id) as first_open,
           p.must_read, p.top, p.top_start_time, p.top_end_time, p.permanent, c.content, c.title,
           -- the count as this statement found it, less the cards it opened (the trigger moves the kept count)
           un.n - (select count(distinct m.card_id) from marked m where m.wwid = l.wwid)::int as unread
      from latest l
      join pushes p on p.id = l.queue_id
      join cards c on c.id = l.card_id
      join unread un on un.wwid = l.wwid`;
}

const keyOf = (userId: number | string, cardId: number | string) => `${userId}:${cardId}`;

export class CardOpens {
  private readonly queue: Pending[] = [];
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Opens a card delivered to the user; 404 (feed.cardNotDelivered) when it was not delivered to them. */
  open(userId: number, cardId: number): Promise<OpenCardResult> {
    return new Promise<OpenCardResult>((resolve, reject) => {
      this.queue.push({ userId, cardId, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        void this.drain();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        // Let the requests that arrived meanwhile reach the queue first.
        await nextTurn();
        if (this.queue.length === 0) return;
        await this.run(this.queue.splice(0, BATCH_MAX));
      }
    } finally {
      this.draining = false;
      // An open queued between the last check and here starts a new drain.
      if (this.queue.length > 0) {
        this.draining = true;
        void this.drain();
      }
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const pairs = new Map<string, [number, number]>();
    for (const p of batch) pairs.set(keyOf(p.userId, p.cardId), [p.userId, p.cardId]);
    let rows: OpenRow[];
    try {
      rows = await this.statement([...pairs.values()], at);
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    const byPair = new Map(rows.map((row) => [keyOf(row.user_id, row.card_id), row]));
    const answered = new Set<string>();
    for (const p of batch) {
      const key = keyOf(p.userId, p.cardId);
      const row = byPair.get(key);
      if (!row) {
        p.reject(cardNotDelivered());
        continue;
      }
      // Several requests for the same open in one statement: the first one opened it.
      const firstOpen = row.first_open && !answered.has(key);
      answered.add(key);
      const opened = row.first_open ? { ...row, first_open_time: row.first_open_time ?? at } : row;
      p.resolve({ item: toItem(opened, now, isPinActive(pinOf(row), now)), firstOpen, unread: Math.max(0, row.unread) });
    }
  }

  private async statement(opens: [number, number][], at: string): Promise<OpenRow[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const rows = await selectRows<OpenRow>(this.db, openStatement(opens, at));
        // Opened by another server's statement after this one's snapshot was taken: read its time.
        const late = rows.filter((r) => !r.first_open && r.first_open_time === null);
        if (late.length > 0) await this.readLateOpens(late);
        return rows;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  private async readLateOpens(rows: OpenRow[]): Promise<void> {
    const keys = JSON.stringify(rows.map((r) => [Number(r.queue_id), Number(r.user_id)]));
    const found = await selectRows<{ queue_id: number | string; user_id: number | string; first_open_time: string | Date | null }>(this.db, sql`
      select d.queue_id, u.id as user_id, d.first_open_time
        from jsonb_array_elements(${keys}::jsonb) k
        join users u on u.id = (k->>1)::bigint
        join deliveries d on d.queue_id = (k->>0)::bigint and d.wwid = nullif(trim(u.employee_no), '')`);
    const times = new Map(found.map((f) => [keyOf(f.queue_id, f.user_id), f.first_open_time]));
    for (const row of rows) row.first_open_time = times.get(keyOf(row.queue_id, row.user_id)) ?? null;
  }
}
