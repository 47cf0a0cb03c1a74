import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { publishPushEvent } from '../../platform/realtime/publish.js';
import type { JobSet } from '../../platform/jobs/index.js';
import { employeesSource } from '../admin/index.js';
import { markCardsPublished } from '../cards/index.js';

export interface SchedulerHooks {
  /** A queue entry fired: `count` new deliveries were committed (the real-time notice hangs here later). */
  onDelivered?: (event: { pushId: number; queueId: number; cardId: number; count: number }) => void;
  /** Must-read deliveries of a queue entry were sent again. */
  onResent?: (event: { queueId: number; count: number }) => void;
}

export interface SchedulerOptions extends SchedulerHooks {
  /** Queue entries claimed per transaction. */
  batchSize?: number;
  /** Fault injection for tests: runs inside the firing transaction after the deliveries are inserted. */
  beforeCommit?: (queueIds: number[]) => void | Promise<void>;
}

export interface RunResult {
  /** Queue ids fired by this run. */
  fired: number[];
  delivered: number;
  resent: number;
}

interface ClaimedRow {
  id: number | string;
  push_id: number | string;
  card_id: number | string;
  scope: number;
  must_read: boolean;
  not_read_time: number;
  push_num: number;
}

/** Rows an INSERT wrote: node-postgres says rowCount, PGlite affectedRows. */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * Fires due queued pushes and sends must-read reminders (docs/decisions/0004).
 *
 * Exactly once: a run claims due entries with FOR UPDATE SKIP LOCKED, inserts their
 * deliveries with one INSERT ... SELECT (the primary key (queue_id, wwid) refuses a second
 * copy; no ON CONFLICT clause is needed because the claim already makes the insert run once), sets
 * the cards to publish and the entries to fired, all in one transaction. Another instance
 * skips the locked rows, and a crash rolls the whole entry back to queued.
 */
export class PushScheduler {
  constructor(
    private readonly db: Db,
    private readonly options: SchedulerOptions = {},
  ) {}

  /** Fires every entry due at `now`, then sends the reminders due at `now`. */
  async runDue(now: number): Promise<RunResult> {
    const result: RunResult = { fired: [], delivered: 0, resent: 0 };
    for (;;) {
      const batch = await this.fireBatch(now);
      if (batch.length === 0) break;
      for (const entry of batch) {
        result.fired.push(entry.queueId);
        result.delivered += entry.count;
        this.options.onDelivered?.(entry);
      }
    }
    for (const row of await this.resend(now)) {
      result.resent += row.count;
      this.options.onResent?.(row);
    }
    return result;
  }

  private async fireBatch(now: number) {
    const at = new Date(now).toISOString();
    return this.db.transaction(async (tx) => {
      const claimed = await selectRows<ClaimedRow>(
        tx,
        sql`
        select id, push_id, card_id, scope, must_read, not_read_time, push_num from pushes
         where status = 'queued' and push_date <= ${at}::timestamptz
         order by push_date, id
         limit ${this.options.batchSize ?? 20}
           for update skip locked`,
      );
      const fired: { pushId: number; queueId: number; cardId: number; count: number }[] = [];
      for (const row of claimed) {
        const queueId = Number(row.id);
        // The first reminder, when the push is must-read and allows more than one send.
        const nextSend = row.must_read && row.push_num > 1 ? new Date(now + row.not_read_time * 3_600_000).toISOString() : null;
        const values = sql`${queueId}::bigint, ${Number(row.card_id)}::bigint`;
        const times = sql`${at}::timestamptz, ${at}::timestamptz, 1, ${nextSend}::timestamptz`;
        const source =
          row.scope === 0
            ? sql`select ${values}, e.wwid, e.name, ${times} from ${employeesSource('e')}`
            : sql`select ${values}, r.wwid, r.name, ${times} from push_recipients r where r.push_id = ${Number(row.push_id)}`;
        const inserted = await tx.execute(sql`
          insert into deliveries (queue_id, card_id, wwid, name, sent_at, last_sent_at, send_count, next_send_at)
          ${source}`);
        const count = affectedRows(inserted);
        await tx.execute(sql`update pushes set delivered_count = delivered_count + ${count} where id = ${queueId}`);
        fired.push({ pushId: Number(row.push_id), queueId, cardId: Number(row.card_id), count });
        // Each instance tells its connected recipients; the notice commits with the deliveries
        // (an outbox row and a NOTIFY sent at commit: docs/decisions/0006, 0014).
        await publishPushEvent(tx, 'delivered', queueId, at);
      }
      if (claimed.length > 0) {
        const ids = JSON.stringify(claimed.map((r) => Number(r.id)));
        await markCardsPublished(tx, fired, at);
        await tx.execute(sql`
          update pushes set status = 'fired', fired_at = ${at}::timestamptz
           where id in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))`);
        await this.options.beforeCommit?.(fired.map((f) => f.queueId));
      }
      return fired;
    });
  }

  /**
   * One UPDATE: every unread must-read delivery whose reminder is due (next_send_at, set from
   * notReadTime after each send while sends are left). The next reminder is set, or cleared
   * once the delivery has been sent pushNum times.
   */
  private async resend(now: number): Promise<{ queueId: number; count: number }[]> {
    const at = new Date(now).toISOString();
    return this.db.transaction(async (tx) => {
      const rows = await selectRows<{ queue_id: number | string; n: number }>(
        tx,
        sql`
        with sent as (
          update deliveries d set send_count = d.send_count + 1, last_sent_at = ${at}::timestamptz,
                 next_send_at = case when d.send_count + 1 < p.push_num
                                     then ${at}::timestamptz + make_interval(hours => p.not_read_time) end
            from pushes p
           where d.next_send_at <= ${at}::timestamptz
             and p.id = d.queue_id and p.must_read and p.status = 'fired'
             and d.first_open_time is null
             and d.send_count < p.push_num
          returning d.queue_id)
        select queue_id, count(*)::int as n from sent group by queue_id`,
      );
      const sent = rows.map((r) => ({ queueId: Number(r.queue_id), count: r.n }));
      // The reminders' notices commit with them.
      for (const row of sent) await publishPushEvent(tx, 'resent', row.queueId, at);
      return sent;
    });
  }
}

export const PUSH_JOB = 'push';

/** The push scheduler as periodic work of the job runner (platform/jobs): every second by default. */
export function pushJobs(db: Db, hooks: SchedulerHooks = {}, intervalMs = 1000): JobSet {
  const scheduler = new PushScheduler(db, hooks);
  return { periodic: [{ name: PUSH_JOB, intervalMs, work: (now) => scheduler.runDue(now) }] };
}
