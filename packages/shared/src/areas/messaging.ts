import type { MessageText } from '../messages.js';

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
} as const;

/** What a notice says happened. */
export type NoticeType = 'card.delivered' | 'card.resent' | 'chat.message';

/** The JSON body of every MESSAGE frame on the notice destinations. */
export interface Notice {
  type: NoticeType;
  /** When it happened, ISO 8601. */
  at: string;
  /** card.*: { cardId, queueId, pushId, mustRead, title }; chat.message: { conversationId, from, fromName, messageId }. */
  data: Record<string, unknown>;
}

/** API paths of real-time notices and messaging (merged into `API.messaging`). */
export const MESSAGING_PATHS = {} as const;

/** Messages of real-time notices and messaging, zh and en (merged into MESSAGES). */
export const MESSAGING_MESSAGES = {} as const satisfies Record<string, MessageText>;
