import { MESSAGING_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of real-time notices and messaging, zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'messaging.title': '消息',
  'messaging.today': '今日消息',
  'messaging.todayEmpty': '今天还没有消息',
  'messaging.noChat': '还没有聊天记录',
  'messaging.back': '返回',
  'messaging.placeholder': '输入消息,Enter 发送,Shift+Enter 换行',
  'messaging.send': '发送',
  'messaging.read': '已读',
  'messaging.unread': '未读',
  'messaging.newPlaceholder': '输入同事的用户名,发起会话',
  'messaging.newStart': '发起会话',
} as const;

const en: Record<keyof typeof zh, string> = {
  'messaging.title': 'Messages',
  'messaging.today': "Today's messages",
  'messaging.todayEmpty': 'No messages today',
  'messaging.noChat': 'No messages yet',
  'messaging.back': 'Back',
  'messaging.placeholder': 'Type a message: Enter to send, Shift+Enter for a new line',
  'messaging.send': 'Send',
  'messaging.read': 'Read',
  'messaging.unread': 'Unread',
  'messaging.newPlaceholder': "A colleague's username",
  'messaging.newStart': 'Start chat',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const messagingWords = defineWords({ zh, en }, MESSAGING_MESSAGES);
export const useMessagingWords = wordsHook(messagingWords);
export type MessagingLabelKey = CoreLabelKey | keyof typeof zh;
export type MessagingMessageKey = CoreMessageKey | keyof typeof MESSAGING_MESSAGES;
