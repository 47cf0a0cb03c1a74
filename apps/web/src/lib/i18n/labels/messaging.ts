/** Interface labels of real-time notices and messaging, zh and en (added with the screens that show them: ../areas/messaging.ts, and the phone and share pages' entries). */
export const zh = {
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

export const en: Record<keyof typeof zh, string> = {
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
