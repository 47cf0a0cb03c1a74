import { sql } from 'drizzle-orm';
import { isPinActive, type OpenCardResult } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { cardNotDelivered, pinOf, toItem, type ItemRow } from './service.js';

/**
 * Card opens, many per call (docs/decisions/0016). Every employee opens a pushed card at about the
 * same time, so opens arrive together: the ones that arrive while a call runs are sent as the next
 * call, one round trip for all of them (`feed_open_cards`, migration feed_open_cards), instead of
 * several statements each. A lone open waits for nothing (it goes at the next turn of the event
 * loop). The first open of a card by a person is decided by the row locks of its deliveries: a
 * call that finds them opened by another call (of this server or another) in the meantime reads
 * their time and answers `firstOpen: false`; the trigger-kept counters move once per first open.
 * On PostgreSQL a few calls run at once (each on its own pooled connection); PGlite has one
 * connection, so one at a time.
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

/** Most opens in one call; more wait for the next. */
const BATCH_MAX = 500;
/** PostgreSQL's deadlock and serialisation failures: two calls met on the same rows; the call is tried again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** One call for a batch of opens (the function's comment in the migration says what it does). */
const openStatement = (opens: readonly [number, number][], at: string) =>
  sql`select * from feed_open_cards(${JSON.stringify(opens)}::jsonb, ${at}::timestamptz)`;

const keyOf = (userId: number | string, cardId: number | string) => `${userId}:${cardId}`;

export class CardOpens {
  private readonly queue: Pending[] = [];
  /** Calls under way. */
  private running = 0;
  /** A call is due at the next turn of the event loop. */
  private due = false;

  /** `parallel`: how many calls may run at once (1 on PGlite, a few on a PostgreSQL pool). */
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly parallel = 1,
  ) {}

  /** Opens a card delivered to the user; 404 (feed.cardNotDelivered) when it was not delivered to them. */
  open(userId: number, cardId: number): Promise<OpenCardResult> {
    return new Promise<OpenCardResult>((resolve, reject) => {
      this.queue.push({ userId, cardId, resolve, reject });
      this.schedule();
    });
  }

  /** Starts a call at the next turn of the event loop (the requests that arrived meanwhile join it) if one may start. */
  private schedule(): void {
    if (this.due || this.running >= this.parallel || this.queue.length === 0) return;
    this.due = true;
    setImmediate(() => {
      this.due = false;
      if (this.running >= this.parallel || this.queue.length === 0) return;
      const batch = this.queue.splice(0, BATCH_MAX);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const pairs = new Map<string, [number, number]>();
    for (const p of batch) pairs.set(keyOf(p.userId, p.cardId), [p.userId, p.cardId]);
    let rows: OpenRow[];
    try {
      // In one order in every call, so two calls lock the same deliveries in the same order.
      const opens = [...pairs.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      rows = await this.statement(opens, at);
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
      // Several requests for the same open in one call: the first one opened it.
      const firstOpen = row.first_open && !answered.has(key);
      answered.add(key);
      const opened = row.first_open ? { ...row, first_open_time: row.first_open_time ?? at } : row;
      p.resolve({ item: toItem(opened, now, isPinActive(pinOf(row), now)), firstOpen, unread: Math.max(0, row.unread) });
    }
  }

  private async statement(opens: [number, number][], at: string): Promise<OpenRow[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await selectRows<OpenRow>(this.db, openStatement(opens, at));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !code || !RETRYABLE.has(code)) throw error;
        // Apart again before the next try: two calls that met once would meet again at once.
        await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
      }
    }
  }
}
