import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';

/** Demo conversations: [from, to, text, minutes before the seed ran, read]. */
const DEMO_CHATS: [string, string, string, number, boolean][] = [
  ['operator', 'rep01', '本周的新卡片已经推送,请及时查看。', 26 * 60, true],
  ['rep01', 'operator', '收到,我今天会转给门诊的医生。', 25 * 60, true],
  ['rep01', 'operator', '请问上次推送的用药指南有英文版吗?', 40, false],
  ['admin', 'operator', '推送报表明早导出一份给我,谢谢。', 15, false],
  ['msl01', 'rep01', '周四的科室会我会一起参加。', 3 * 60, false],
  ['rep01', 'msl01', '好的,到时见。', 2 * 60, true],
  ['admin', 'msl01', 'Welcome to the Field Portal messages.', 3 * 24 * 60, true],
];

/** Demo data of real-time notices and messaging; runs inside the demo seed's transaction, after the users and the directory. */
export async function seedMessaging(tx: Tx): Promise<void> {
  const users = await selectRows<{ id: number; username: string }>(tx, sql`select id, username from users`);
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const now = Date.now();
  for (const [from, to, text, minutesAgo, read] of DEMO_CHATS) {
    const sender = idOf.get(from);
    const recipient = idOf.get(to);
    if (sender === undefined || recipient === undefined) continue;
    const [a, b] = sender < recipient ? [sender, recipient] : [recipient, sender];
    const at = new Date(now - minutesAgo * 60_000).toISOString();
    const rows = await selectRows<{ id: number | string }>(
      tx,
      sql`
      insert into conversations (user_a, user_b, created_at, last_message_at)
      values (${a}, ${b}, ${at}::timestamptz, ${at}::timestamptz)
      on conflict (user_a, user_b) do update set last_message_at = greatest(conversations.last_message_at, excluded.last_message_at)
      returning id`,
    );
    const content = JSON.stringify({ type: 'text', text });
    await tx.execute(sql`
      insert into chat_messages (conversation_id, sender_id, recipient_id, content, created_at, read_at)
      values (${Number(rows[0]!.id)}, ${sender}, ${recipient}, ${content}, ${at}::timestamptz, ${read ? at : null}::timestamptz)`);
  }
}
