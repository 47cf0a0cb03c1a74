import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.js';
import { portalDaySql } from '../../platform/portal-time.js';
import { joinUser, userIdsOfBu } from '../admin/index.js';

/** Reads of the messaging area for the report screens (analytics dashboards): chat messages sent in a window. */

export interface ChatWindow {
  from: Date;
  to: Date;
  /** BU of the sender ('' for all). */
  bu: string;
}

type Row = Record<string, unknown>;

export interface ChatFigures {
  totals: { messages: number; read: number; conversations: number; senders: number };
  byDay: { day: string; messages: number; read: number }[];
  bySender: { sender: string; messages: number }[];
  rows: Row[];
}

const DAY = portalDaySql;
const name = (alias: string) => sql.raw(`coalesce(nullif(${alias}.real_name, ''), ${alias}.username)`);

/** The text of a message's content (JSON {"type":"text","text":…}); other kinds by their type; at most 200 characters. */
function messageText(content: string): string {
  try {
    const parsed = JSON.parse(content) as { type?: unknown; text?: unknown };
    const value = parsed.type === 'text' && typeof parsed.text === 'string' ? parsed.text : `[${String(parsed.type ?? '?')}]`;
    return value.slice(0, 200);
  } catch {
    return content.slice(0, 200);
  }
}

/** Messages of the window: totals, per day, top senders and the newest messages (text of text messages). */
export async function chatFigures(db: Db, w: ChatWindow, limit: number): Promise<ChatFigures> {
  const where = sql`m.created_at >= ${w.from} and m.created_at < ${w.to} ${w.bu ? sql`and m.sender_id in ${userIdsOfBu(w.bu)}` : sql``}`;
  const [totals, byDay, bySender, rows] = await Promise.all([
    selectRows<ChatFigures['totals']>(
      db,
      sql`
      select count(*)::int as messages, count(m.read_at)::int as read, count(distinct m.conversation_id)::int as conversations, count(distinct m.sender_id)::int as senders
        from chat_messages m where ${where}`,
    ),
    selectRows<ChatFigures['byDay'][number]>(
      db,
      sql`
      select ${DAY(sql`m.created_at`)} as day, count(*)::int as messages, count(m.read_at)::int as read from chat_messages m where ${where} group by 1`,
    ),
    selectRows<ChatFigures['bySender'][number]>(
      db,
      sql`
      select ${name('u')} as sender, count(*)::int as messages from chat_messages m ${joinUser('u', sql`m.sender_id`)} where ${where} group by u.id order by 2 desc, u.id limit 10`,
    ),
    selectRows<Row>(
      db,
      sql`
      select m.created_at as time, ${name('s')} as sender, ${name('r')} as recipient,
             left(m.content, 4000) as message,
             m.read_at as "readTime"
        from chat_messages m ${joinUser('s', sql`m.sender_id`)} ${joinUser('r', sql`m.recipient_id`)}
       where ${where} order by m.created_at desc, m.id desc limit ${limit}`,
    ),
  ]);
  return { totals: totals[0]!, byDay, bySender, rows: rows.map((r) => ({ ...r, message: messageText(String(r.message ?? '')) })) };
}
