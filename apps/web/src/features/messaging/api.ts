import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { API, chatSendUrl, MESSAGING_LIMITS, USERNAME_HEADER, type ConversationItem, type MessageItem, type MessagingPage } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** Calls of the news area (spec 001 section 7.3; paths in docs/decisions/0006). */

const P = API.messaging;
/** Spec 001 section 9: page 0, page size 10000. */
const FIRST_PAGE = { page: 0, size: MESSAGING_LIMITS.pageSizeDefault };
const chatHeaders = (username: string) => ({ headers: { [USERNAME_HEADER]: username } });

export const messagingKeys = {
  all: ['messaging'] as const,
  unread: (username: string) => ['messaging', 'unread', username] as const,
  conversations: (username: string) => ['messaging', 'conversations', username] as const,
  today: (username: string) => ['messaging', 'today', username] as const,
  chat: (username: string, conversationId: number) => ['messaging', 'chat', username, conversationId] as const,
};

export const unreadCountQuery = (username: string) =>
  queryOptions({
    queryKey: messagingKeys.unread(username),
    queryFn: () => getResult<number>(P.unreadCount, { params: { username }, suppressError: true }),
  });

export const conversationsQuery = (username: string) =>
  queryOptions({
    queryKey: messagingKeys.conversations(username),
    queryFn: () => getResult<MessagingPage<ConversationItem>>(P.conversationList, { params: { ...FIRST_PAGE, username } }),
  });

/** Messages received since the start of today (local time). */
export const todayQuery = (username: string) =>
  queryOptions({
    queryKey: messagingKeys.today(username),
    queryFn: () => getResult<MessagingPage<MessageItem>>(P.todayMessages, { params: { ...FIRST_PAGE, startTime: dayjs().startOf('day').valueOf(), username } }),
  });

export const chatMessagesQuery = (username: string, conversationId: number) =>
  queryOptions({
    queryKey: messagingKeys.chat(username, conversationId),
    queryFn: () => getResult<MessagingPage<MessageItem>>(P.chatMessages, { params: { ...FIRST_PAGE, conversationId }, ...chatHeaders(username) }),
  });

export const sendChatMessage = (username: string, conversationId: number, text: string) =>
  postResult<MessageItem>(chatSendUrl(conversationId), { text }, chatHeaders(username));

export const markConversationRead = (username: string, conversationId: number) =>
  postResult<{ conversationId: number; read: number; unread: number }>(P.chatReadMessage, { conversationId }, chatHeaders(username));

export const openConversation = (username: string, other: string) => postResult<ConversationItem>(P.chatOpen, { username: other }, chatHeaders(username));
