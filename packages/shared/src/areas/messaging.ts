import { BADGE_MAX } from '../constants.js';

/** Limits, paths and messages of real-time notices and messaging. */

/** The STOMP endpoint (spec 001 section 7.3) and its destinations. */
export const STOMP = {
  endpoint: '/API-BEACON/ws/stomp/endpoint/app',
  /** Notices for everyone. */
  topicNotice: '/topic/notice',
  /** Notices for one user; only that user may subscribe. */
  userTopic: (username: string) => `/topic/user/${username}`,
  /** Heart-beat the web client asks for, ms (spec 000 section 9). */
  heartbeatMs: 15_000,
  /** Client-disconnect timer, ms (spec 000 section 9). */
  disconnectMs: 5_000,
  /**
   * The header carrying a notice's number: on MESSAGE frames, and on CONNECTED the newest number
   * at connection time. A client that reconnects passes the last it saw as SUBSCRIBE's `since`.
   */
  noticeIdHeader: 'notice-id',
  /** SUBSCRIBE header: send this destination's notices numbered after it first (a reconnect's catch-up). */
  sinceHeader: 'since',
} as const;

/** Limits of the STOMP endpoint (docs/decisions/0006). */
export const STOMP_LIMITS = {
  /** A client frame (command, headers and body) larger than this gets an ERROR frame and the connection closes. */
  frameMaxBytes: 64 * 1024,
  /** Subscriptions one connection may hold. */
  subscriptionsMax: 32,
  /** A connection that has not sent CONNECT within this time is closed, ms. */
  connectTimeoutMs: 10_000,
  /** The server closes a connection silent for this many negotiated heart-beat intervals. */
  silenceFactor: 2,
  /** NOTIFY payloads must stay under PostgreSQL's 8000 bytes. */
  notifyMaxBytes: 7_900,
  /** Notices a subscription's `since` sends at most (the oldest first; notices are kept an hour). */
  catchUpMax: 500,
} as const;

/** Where the web client records a failure to open the real-time channel (spec 001 section 7.3). */
export const REALTIME_FAILURE_STORAGE_KEY = 'fp.realtime.failure';

/** What a notice says happened. */
export type NoticeType =
  | 'card.delivered'
  | 'card.resent'
  | 'chat.message'
  | 'download.progress'
  | 'download.done'
  | 'download.failed'
  | 'dataCollection.status'
  | 'import.progress'
  | 'import.done'
  | 'import.failed';

/** The JSON body of every MESSAGE frame on the notice destinations. */
export interface Notice {
  type: NoticeType;
  /** When it happened, ISO 8601. */
  at: string;
  /** card.*: { cardId, queueId, pushId, mustRead, title }; chat.message: { conversationId, from, fromName, messageId }. */
  data: Record<string, unknown>;
}

/** Messaging limits (spec 001 section 9: conversation and message page size 10000, page 0; badges show at most 99). */
export const MESSAGING_LIMITS = {
  pageSizeDefault: 10_000,
  pageSizeMax: 10_000,
  /** Characters of one chat message's text. */
  textMax: 2_000,
  /** A badge shows at most this number, then "99+". */
  badgeMax: BADGE_MAX,
} as const;

/** What a badge shows for a count: the number up to 99, then "99+"; nothing for 0. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > MESSAGING_LIMITS.badgeMax ? `${MESSAGING_LIMITS.badgeMax}+` : String(count);
}

/** API paths of real-time notices and messaging (merged into `API.messaging`); the spec shows none (docs/decisions/0006). */
export const MESSAGING_PATHS = {
  stomp: STOMP.endpoint,
  /** GET ?username= → result: number of unread chat messages addressed to the caller. */
  unreadCount: '/API-BEACON/message/unread/count',
  /** GET ?page&size&username → result {content: ConversationItem[], totalElements}. */
  conversationList: '/API-BEACON/message/conversation/list',
  /** GET ?page&size&startTime&username → result {content: MessageItem[], totalElements}. */
  todayMessages: '/API-BEACON/message/today',
  /** Chat calls: every one carries the `username` header. */
  chatList: '/API-BEACON/chat/list',
  chatUnreadCount: '/API-BEACON/chat/unread/count',
  /** GET one chat message by id. */
  chatMessageById: '/API-BEACON/chat/message/:id',
  /** GET ?conversationId&page&size → the messages of one conversation, oldest first. */
  chatMessages: '/API-BEACON/chat/message',
  /** POST {username} → the caller's conversation with that user, made when there is none. */
  chatOpen: '/API-BEACON/chat/open',
  /** POST {text} → sends a message in conversation :id. */
  chatSend: '/API-BEACON/chat/:id',
  /** POST {conversationId} → marks the conversation's messages to the caller read. */
  chatReadMessage: '/API-BEACON/chat/read-message',
} as const;

export const chatMessageUrl = (id: number | string) => MESSAGING_PATHS.chatMessageById.replace(':id', String(id));
export const chatSendUrl = (conversationId: number | string) => MESSAGING_PATHS.chatSend.replace(':id', String(conversationId));

/** The header every chat call carries (spec 001 section 7.3). */
export const USERNAME_HEADER = 'username';

/** The JSON text a chat message's content holds. */
export interface ChatContent {
  type: 'text';
  text: string;
}

/** One conversation of the list (spec 001 section 3, chat and message items). */
export interface ConversationItem {
  id: number;
  /** The other party's username. */
  otherUsername: string;
  otherName: string;
  otherAvatar: string;
  /** JSON text of the last message's content ('' when none yet). */
  lastMessageContent: string;
  lastMessageDate: string | null;
  unread: number;
}

/** One chat message (spec 001 section 3). */
export interface MessageItem {
  id: number;
  conversationId: number;
  from: string;
  fromName: string;
  fromAvatar: string;
  to: string;
  /** JSON text (ChatContent). */
  content: string;
  createdDate: string;
  read: boolean;
}

export interface MessagingPage<T> {
  content: T[];
  totalElements: number;
}

/** Reads the text of a message's JSON content; shows the raw text when it is not ours. */
export function chatText(content: string): string {
  try {
    const parsed = JSON.parse(content) as Partial<ChatContent>;
    return typeof parsed.text === 'string' ? parsed.text : content;
  } catch {
    return content;
  }
}
