import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  chatMessageUrl,
  chatSendUrl,
  chatText,
  MESSAGING_LIMITS,
  type ConversationItem,
  type MessageItem,
  type MessagingPage,
} from '@field-portal/shared';
import { createHarness, type Harness } from '../../../test/harness.js';
import { expectError } from '../../../test/api.js';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  for (const username of ['operator', 'rep01', 'rep02', 'admin', 'msl01']) tokens[username] = (await h.login(username)).access;
});
afterAll(async () => h?.close());

type Lang = 'zh' | 'en';
const P = API.messaging;
const auth = (user: string, lang: Lang = 'zh', username: string | null = user) => ({
  ...h.auth(tokens[user]!),
  language: lang,
  ...(username === null ? {} : { username }),
});
const get = (user: string, url: string, opts: { lang?: Lang; username?: string | null } = {}) =>
  h.app.inject({ method: 'GET', url, headers: auth(user, opts.lang, opts.username === undefined ? user : opts.username) });
const post = (user: string, url: string, payload: object, opts: { lang?: Lang; username?: string | null } = {}) =>
  h.app.inject({ method: 'POST', url, headers: auth(user, opts.lang, opts.username === undefined ? user : opts.username), payload });
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const ok = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { code: number; result: T };
  expect(body.code).toBe(200);
  return body.result;
};
const conversations = async (user: string) =>
  ok<MessagingPage<ConversationItem>>(await get(user, `${P.conversationList}?${qs({ page: 0, size: 10000, username: user })}`));
const unread = async (user: string) => ok<number>(await get(user, `${P.unreadCount}?${qs({ username: user })}`));
const withUser = async (user: string, other: string) => (await conversations(user)).content.find((c) => c.otherUsername === other)!;

describe('conversation list, unread count and today (spec 001 section 7.3)', () => {
  it('lists the demo conversations newest first with the other party, last message JSON text and unread counts', async () => {
    const page = await conversations('operator');
    expect(page.totalElements).toBe(2);
    expect(page.content.map((c) => c.otherUsername)).toEqual(['admin', 'rep01']);
    const [admin, rep] = page.content;
    expect(admin).toMatchObject({ otherName: '管理员', otherAvatar: '', unread: 1 });
    expect(JSON.parse(admin!.lastMessageContent)).toEqual({ type: 'text', text: '推送报表明早导出一份给我,谢谢。' });
    expect(new Date(admin!.lastMessageDate!).getTime()).toBeGreaterThan(new Date(rep!.lastMessageDate!).getTime());
    expect(rep).toMatchObject({ otherName: '代表1', unread: 1 });
    expect(await unread('operator')).toBe(2);
    expect(ok<number>(await get('operator', P.chatUnreadCount))).toBe(2);
    // Paging: size 1, page 1 is the second.
    const second = ok<MessagingPage<ConversationItem>>(await get('operator', `${P.conversationList}?${qs({ page: 1, size: 1, username: 'operator' })}`));
    expect(second.content.map((c) => c.otherUsername)).toEqual(['rep01']);
    expect(second.totalElements).toBe(2);
    // The chat list (username header) answers the same.
    expect(ok<MessagingPage<ConversationItem>>(await get('operator', P.chatList))).toEqual(page);
  });

  it("lists today's messages received since startTime, newest first, epoch ms or ISO", async () => {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const byMs = ok<MessagingPage<MessageItem>>(
      await get('operator', `${P.todayMessages}?${qs({ page: 0, size: 10000, startTime: start.getTime(), username: 'operator' })}`),
    );
    expect(byMs.content.every((m) => m.to === 'operator' && new Date(m.createdDate) >= start)).toBe(true);
    expect(byMs.content.map((m) => m.createdDate)).toEqual([...byMs.content.map((m) => m.createdDate)].sort().reverse());
    const byIso = ok<MessagingPage<MessageItem>>(await get('operator', `${P.todayMessages}?${qs({ startTime: start.toISOString(), username: 'operator' })}`));
    expect(byIso).toEqual(byMs);
    // The demo messages are dated relative to when the demo database was made: 15 and 40 minutes before, then a day before.
    const [newest] = await h.database.query<{ at: Date }>(
      `select max(m.created_at) as at from chat_messages m join users u on u.id = m.recipient_id where u.username = 'operator'`,
    );
    const since = new Date(newest!.at).getTime() - 30 * 60_000;
    const recent = ok<MessagingPage<MessageItem>>(await get('operator', `${P.todayMessages}?${qs({ startTime: since, username: 'operator' })}`));
    expect(recent.content.map((m) => [m.from, chatText(m.content), m.read])).toEqual([
      ['admin', '推送报表明早导出一份给我,谢谢。', false],
      ['rep01', '请问上次推送的用药指南有英文版吗?', false],
    ]);
    expect(recent.totalElements).toBe(2);
    expectError(
      await get('operator', `${P.todayMessages}?${qs({ startTime: 'yesterday-ish', username: 'operator' })}`, { lang: 'en' }),
      400,
      'messaging.startTimeInvalid',
      'en',
    );
  });

  it('validates page and size (spec 001 section 9: page 0, size up to 10000) and names the field', async () => {
    let body = expectError(
      await get('operator', `${P.conversationList}?${qs({ page: -1, username: 'operator' })}`, { lang: 'en' }),
      400,
      'field.tooSmall',
      'en',
      { min: 0 },
    );
    expect(body.field).toBe('page');
    body = expectError(
      await get('operator', `${P.conversationList}?${qs({ size: MESSAGING_LIMITS.pageSizeMax + 1, username: 'operator' })}`),
      400,
      'field.tooBig',
      'zh',
      { max: MESSAGING_LIMITS.pageSizeMax },
    );
    expect(body.field).toBe('size');
    body = expectError(await get('operator', `${P.unreadCount}`), 400, 'field.required');
    expect(body.field).toBe('username');
    body = expectError(await get('operator', `${P.conversationList}?${qs({ username: 'operator', extra: 1 })}`), 400, 'field.unknown');
    expect(body.field).toBe('extra');
  });

  it('refuses a username that is not the caller (query and header) and a missing username header', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await get('rep01', `${P.unreadCount}?${qs({ username: 'operator' })}`, { lang }), 403, 'messaging.usernameMismatch', lang);
      expectError(await get('rep01', `${P.conversationList}?${qs({ username: 'operator' })}`, { lang }), 403, 'messaging.usernameMismatch', lang);
      expectError(await get('rep01', `${P.todayMessages}?${qs({ startTime: 0, username: 'operator' })}`, { lang }), 403, 'messaging.usernameMismatch', lang);
      for (const [method, url, payload] of [
        ['GET', P.chatList],
        ['GET', P.chatUnreadCount],
        ['GET', chatMessageUrl(1)],
        ['GET', `${P.chatMessages}?conversationId=1`],
        ['POST', P.chatOpen, { username: 'admin' }],
        ['POST', P.chatReadMessage, { conversationId: 1 }],
        ['POST', chatSendUrl(1), { text: 'hi' }],
      ] as const) {
        const res = await h.app.inject({ method, url, headers: auth('rep01', lang, 'operator'), ...(payload ? { payload } : {}) });
        expectError(res, 403, 'messaging.usernameMismatch', lang);
        const missing = await h.app.inject({ method, url, headers: auth('rep01', lang, null), ...(payload ? { payload } : {}) });
        expectError(missing, 400, 'messaging.usernameHeaderRequired', lang);
      }
    }
  });

  it('needs a sign-in', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${P.unreadCount}?username=rep01` });
    expect(res.statusCode).toBe(401);
  });
});

describe('chat calls (username header)', () => {
  it('sends a message: the recipient sees it unread; reading resets the count; the sender sees it read', async () => {
    const conversation = await withUser('rep01', 'operator');
    const before = await unread('operator');
    const sent = ok<MessageItem>(await post('rep01', chatSendUrl(conversation.id), { text: '  新的问题  ' }));
    expect(sent).toMatchObject({ conversationId: conversation.id, from: 'rep01', fromName: '代表1', to: 'operator', read: false });
    expect(JSON.parse(sent.content)).toEqual({ type: 'text', text: '新的问题' });
    expect(await unread('operator')).toBe(before + 1);
    const forOperator = await withUser('operator', 'rep01');
    expect(forOperator.unread).toBe(2);
    expect(chatText(forOperator.lastMessageContent)).toBe('新的问题');
    expect((await conversations('operator')).content[0]!.otherUsername).toBe('rep01');

    const messages = ok<MessagingPage<MessageItem>>(await get('operator', `${P.chatMessages}?conversationId=${conversation.id}`));
    expect(messages.content.at(-1)!.id).toBe(sent.id);
    expect(messages.content.map((m) => m.id)).toEqual([...messages.content.map((m) => m.id)].sort((a, b) => a - b));
    expect(messages.totalElements).toBe(4);
    // Page 0 is the newest: size 2 gives the last two, oldest first.
    const last = ok<MessagingPage<MessageItem>>(await get('operator', `${P.chatMessages}?conversationId=${conversation.id}&page=0&size=2`));
    expect(last.content.map((m) => m.id)).toEqual(messages.content.slice(-2).map((m) => m.id));

    const read = ok<{ conversationId: number; read: number; unread: number }>(await post('operator', P.chatReadMessage, { conversationId: conversation.id }));
    expect(read).toEqual({ conversationId: conversation.id, read: 2, unread: before - 1 });
    expect((await withUser('operator', 'rep01')).unread).toBe(0);
    // Idempotent.
    expect(ok<{ read: number }>(await post('operator', P.chatReadMessage, { conversationId: conversation.id })).read).toBe(0);
    expect(ok<MessageItem>(await get('rep01', chatMessageUrl(sent.id))).read).toBe(true);
    expect(ok<MessageItem>(await get('operator', chatMessageUrl(sent.id))).id).toBe(sent.id);
  });

  it('validates the text (required, at most 2000 characters) in zh and en and changes nothing', async () => {
    const conversation = await withUser('rep01', 'operator');
    const count = async () => ok<MessagingPage<MessageItem>>(await get('rep01', `${P.chatMessages}?conversationId=${conversation.id}`)).totalElements;
    const before = await count();
    for (const lang of ['zh', 'en'] as const) {
      expect(expectError(await post('rep01', chatSendUrl(conversation.id), { text: '   ' }, { lang }), 400, 'messaging.textRequired', lang).field).toBe('text');
      expectError(await post('rep01', chatSendUrl(conversation.id), {}, { lang }), 400, 'messaging.textRequired', lang);
      expectError(
        await post('rep01', chatSendUrl(conversation.id), { text: 'x'.repeat(MESSAGING_LIMITS.textMax + 1) }, { lang }),
        400,
        'messaging.textTooLong',
        lang,
      );
    }
    expectError(await post('rep01', chatSendUrl('abc'), { text: 'x' }), 400, 'field.invalid');
    expect(await count()).toBe(before);
    // Exactly the limit is fine.
    ok(await post('rep01', chatSendUrl(conversation.id), { text: 'y'.repeat(MESSAGING_LIMITS.textMax) }));
  });

  it("keeps other people's conversations and messages out of reach (404)", async () => {
    const theirs = await withUser('operator', 'admin');
    const [theirMessage] = await h.database.query<{ id: string }>('select id from chat_messages where conversation_id = $1 limit 1', [theirs.id]);
    expectError(await get('rep02', `${P.chatMessages}?conversationId=${theirs.id}`, { lang: 'en' }), 404, 'messaging.conversationNotFound', 'en');
    expectError(await post('rep02', chatSendUrl(theirs.id), { text: 'intrude' }, { lang: 'en' }), 404, 'messaging.conversationNotFound', 'en');
    expectError(await post('rep02', P.chatReadMessage, { conversationId: theirs.id }, { lang: 'en' }), 404, 'messaging.conversationNotFound', 'en');
    expectError(await get('rep02', chatMessageUrl(theirMessage!.id), { lang: 'en' }), 404, 'messaging.messageNotFound', 'en');
    expect((await withUser('operator', 'admin')).unread).toBe(theirs.unread);
  });

  it('opens a conversation with another user once, refuses oneself and unknown users', async () => {
    const opened = ok<ConversationItem>(await post('rep02', P.chatOpen, { username: 'msl01' }));
    expect(opened).toMatchObject({ otherUsername: 'msl01', otherName: '医学1', unread: 0, lastMessageContent: '' });
    expect(ok<ConversationItem>(await post('rep02', P.chatOpen, { username: 'msl01' })).id).toBe(opened.id);
    expect((await withUser('msl01', 'rep02')).id).toBe(opened.id);
    expect(expectError(await post('rep02', P.chatOpen, { username: 'rep02' }, { lang: 'en' }), 400, 'messaging.selfChat', 'en').field).toBe('username');
    expectError(await post('rep02', P.chatOpen, { username: 'nobody' }, { lang: 'en' }), 404, 'messaging.userNotFound', 'en');
    const first = ok<MessageItem>(await post('rep02', chatSendUrl(opened.id), { text: 'hello' }));
    expect(first.to).toBe('msl01');
    expect(await unread('msl01')).toBe(1);
  });
});
