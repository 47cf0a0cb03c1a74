import { sql } from 'drizzle-orm';
import type { ChatContent, ConversationItem, MessageItem, MessagingPage, Notice } from '@field-portal/shared';
import { selectRows, type Database, type Db, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { publishNotice } from '../../platform/realtime/publish.js';
import { enabledUserId, joinUser } from '../admin/index.js';

/** Chat conversations and messages (spec 001 sections 3, 4 and 7.3; docs/decisions/0006). */

export interface MessagingDeps {
  database: Database;
  now: () => number;
}

/** The username a call names (query or header) must be the signed-in user's. */
export function assertSelf(user: CurrentUser, username: string): void {
  if (username.trim() !== user.username) throw forbidden('messaging.usernameMismatch');
}

/** Start of the "today" window from the query: epoch milliseconds (number or digits) or ISO 8601. */
export function parseStartTime(value: number | string): Date {
  const ms = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms) || ms < 0) throw badRequest('messaging.startTimeInvalid', 'startTime');
  return new Date(ms);
}

export const chatContentText = (text: string): string => JSON.stringify({ type: 'text', text } satisfies ChatContent);

const displayName = sql.raw(`coalesce(nullif(u.real_name, ''), nullif(u.first_name, ''), u.username)`);

export async function unreadCount(db: Db | Tx, userId: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from chat_messages where recipient_id = ${userId} and read_at is null`);
  return rows[0]?.n ?? 0;
}

interface ConversationRow {
  id: number | string;
  other_username: string;
  other_name: string;
  other_avatar: string;
  last_content: string | null;
  last_date: string | Date | null;
  unread: number;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The caller's conversations, newest message first. */
export async function listConversations(db: Db, userId: number, page: number, size: number): Promise<MessagingPage<ConversationItem>> {
  const rows = await selectRows<ConversationRow>(
    db,
    sql`
    select c.id, u.username as other_username, ${displayName} as other_name, u.avatar as other_avatar,
           m.content as last_content, m.created_at as last_date,
           (select count(*)::int from chat_messages x
             where x.conversation_id = c.id and x.recipient_id = ${userId} and x.read_at is null) as unread
      from conversations c
      ${joinUser('u', sql`case when c.user_a = ${userId} then c.user_b else c.user_a end`)}
      left join lateral (select content, created_at from chat_messages y where y.conversation_id = c.id order by y.id desc limit 1) m on true
     where c.user_a = ${userId} or c.user_b = ${userId}
     order by c.last_message_at desc, c.id desc
     limit ${size} offset ${page * size}`,
  );
  const total = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from conversations where user_a = ${userId} or user_b = ${userId}`);
  return {
    content: rows.map((r) => ({
      id: Number(r.id),
      otherUsername: r.other_username,
      otherName: r.other_name,
      otherAvatar: r.other_avatar,
      lastMessageContent: r.last_content ?? '',
      lastMessageDate: iso(r.last_date),
      unread: r.unread,
    })),
    totalElements: total[0]?.n ?? 0,
  };
}

interface MessageRow {
  id: number | string;
  conversation_id: number | string;
  from_username: string;
  from_name: string;
  from_avatar: string;
  to_username: string;
  content: string;
  created_at: string | Date;
  read_at: string | Date | null;
}

const messageColumns = sql`
  m.id, m.conversation_id, u.username as from_username, ${displayName} as from_name, u.avatar as from_avatar,
  t.username as to_username, m.content, m.created_at, m.read_at`;
const messageJoins = sql`${joinUser('u', sql`m.sender_id`)} ${joinUser('t', sql`m.recipient_id`)}`;

function toItem(r: MessageRow): MessageItem {
  return {
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    from: r.from_username,
    fromName: r.from_name,
    fromAvatar: r.from_avatar,
    to: r.to_username,
    content: r.content,
    createdDate: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  };
}

/** Messages the caller received since `start`, newest first. */
export async function todayMessages(db: Db, userId: number, start: Date, page: number, size: number): Promise<MessagingPage<MessageItem>> {
  const since = start.toISOString();
  const rows = await selectRows<MessageRow>(
    db,
    sql`
    select ${messageColumns} from chat_messages m ${messageJoins}
     where m.recipient_id = ${userId} and m.created_at >= ${since}::timestamptz
     order by m.created_at desc, m.id desc
     limit ${size} offset ${page * size}`,
  );
  const total = await selectRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from chat_messages where recipient_id = ${userId} and created_at >= ${since}::timestamptz`,
  );
  return { content: rows.map(toItem), totalElements: total[0]?.n ?? 0 };
}

/** One message the caller sent or received; 404 for anyone else's. */
export async function getMessage(db: Db, userId: number, id: number): Promise<MessageItem> {
  const rows = await selectRows<MessageRow>(
    db,
    sql`
    select ${messageColumns} from chat_messages m ${messageJoins}
     where m.id = ${id} and (m.sender_id = ${userId} or m.recipient_id = ${userId})`,
  );
  const row = rows[0];
  if (!row) throw notFound('messaging.messageNotFound');
  return toItem(row);
}

interface Participants {
  id: number;
  other: { id: number; username: string };
}

/** The conversation if the caller takes part in it; 404 otherwise (a stranger learns nothing). */
async function participation(db: Db | Tx, userId: number, conversationId: number, lock = false): Promise<Participants> {
  const rows = await selectRows<{ id: number | string; other_id: number; other_username: string }>(
    db,
    sql`
    select c.id, u.id as other_id, u.username as other_username
      from conversations c
      ${joinUser('u', sql`case when c.user_a = ${userId} then c.user_b else c.user_a end`)}
     where c.id = ${conversationId} and (c.user_a = ${userId} or c.user_b = ${userId})
     ${lock ? sql`for update of c` : sql``}`,
  );
  const row = rows[0];
  if (!row) throw notFound('messaging.conversationNotFound');
  return { id: Number(row.id), other: { id: row.other_id, username: row.other_username } };
}

/** A page of one conversation's messages: page 0 is the newest; each page reads oldest to newest. */
export async function listChatMessages(db: Db, userId: number, conversationId: number, page: number, size: number): Promise<MessagingPage<MessageItem>> {
  await participation(db, userId, conversationId);
  const rows = await selectRows<MessageRow>(
    db,
    sql`
    select ${messageColumns} from chat_messages m ${messageJoins}
     where m.conversation_id = ${conversationId}
     order by m.id desc
     limit ${size} offset ${page * size}`,
  );
  const total = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from chat_messages where conversation_id = ${conversationId}`);
  return { content: rows.map(toItem).reverse(), totalElements: total[0]?.n ?? 0 };
}

/** The caller's conversation with `username`, made when there is none. */
export async function openConversation(deps: MessagingDeps, user: CurrentUser, username: string): Promise<ConversationItem> {
  const db = deps.database.db;
  const otherId = await enabledUserId(db, username.trim());
  if (otherId === undefined) throw notFound('messaging.userNotFound');
  if (otherId === user.id) throw badRequest('messaging.selfChat', 'username');
  const [a, b] = otherId < user.id ? [otherId, user.id] : [user.id, otherId];
  const at = new Date(deps.now()).toISOString();
  await db.execute(sql`
    insert into conversations (user_a, user_b, created_at, last_message_at)
    values (${a}, ${b}, ${at}::timestamptz, ${at}::timestamptz)
    on conflict (user_a, user_b) do nothing`);
  const list = await selectRows<{ id: number | string }>(db, sql`select id from conversations where user_a = ${a} and user_b = ${b}`);
  const id = Number(list[0]!.id);
  const page = await listConversations(db, user.id, 0, 1_000_000);
  return page.content.find((c) => c.id === id)!;
}

/** Sends a text message; after the commit the recipient gets a `chat.message` notice on every instance. */
export async function sendMessage(deps: MessagingDeps, user: CurrentUser, conversationId: number, text: string): Promise<MessageItem> {
  const at = new Date(deps.now()).toISOString();
  const { id, other } = await deps.database.db.transaction(async (tx) => {
    const conversation = await participation(tx, user.id, conversationId, true);
    const inserted = await selectRows<{ id: number | string }>(
      tx,
      sql`
      insert into chat_messages (conversation_id, sender_id, recipient_id, content, created_at)
      values (${conversationId}, ${user.id}, ${conversation.other.id}, ${chatContentText(text)}, ${at}::timestamptz)
      returning id`,
    );
    await tx.execute(sql`update conversations set last_message_at = ${at}::timestamptz where id = ${conversationId}`);
    return { id: Number(inserted[0]!.id), other: conversation.other };
  });
  const item = await getMessage(deps.database.db, user.id, id);
  const notice: Notice = { type: 'chat.message', at, data: { conversationId, from: user.username, fromName: item.fromName, messageId: id } };
  await publishNotice(deps.database, [other.username], notice);
  return item;
}

/** Marks the conversation's messages to the caller read; answers how many and the caller's unread total. */
export async function markConversationRead(
  deps: MessagingDeps,
  user: CurrentUser,
  conversationId: number,
): Promise<{ conversationId: number; read: number; unread: number }> {
  const db = deps.database.db;
  await participation(db, user.id, conversationId);
  const at = new Date(deps.now()).toISOString();
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
    with r as (
      update chat_messages set read_at = ${at}::timestamptz
       where conversation_id = ${conversationId} and recipient_id = ${user.id} and read_at is null
      returning 1)
    select count(*)::int as n from r`,
  );
  return { conversationId, read: rows[0]?.n ?? 0, unread: await unreadCount(db, user.id) };
}
