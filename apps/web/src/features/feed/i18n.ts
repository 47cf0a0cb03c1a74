import { FEED_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook, type CoreLabelKey, type CoreMessageKey } from '@/lib/i18n';

/** Interface labels of employee card feed, zh and en (added when the first screen that imports this area's hook loads). */
const zh = {
  'feed.title': '我的卡片',
  'feed.unread': '{{n}} 条未读',
  'feed.allRead': '全部已读',
  'feed.unreadBadge': '未读卡片',
  'feed.refresh': '刷新',
  'feed.pinned': '置顶',
  'feed.pinnedGroup': '置顶卡片',
  'feed.latestGroup': '最新推送',
  'feed.keptOnTopGroup': '必读未读',
  'feed.untitled': '(无标题卡片)',
  'feed.mustRead': '必读',
  'feed.new': '未读',
  'feed.read': '已读',
  'feed.resent': '第 {{n}} 次提醒',
  'feed.empty': '还没有推送给您的卡片',
  'feed.emptyHint': '运营推送的卡片会出现在这里。',
  'feed.loadMore': '加载更多',
  'feed.noMore': '没有更多了',
  'feed.loadFailed': '卡片加载失败',
  'feed.back': '返回',
  'feed.openedAt': '首次阅读于 {{time}}',
  'feed.sentAt': '推送于 {{time}}',
  'feed.signOut': '退出登录',
  'feed.signInTitle': '登录查看我的卡片',
  'feed.justNow': '刚刚',
  'feed.minutesAgo': '{{n}} 分钟前',
  'feed.hoursAgo': '{{n}} 小时前',
  'feed.yesterday': '昨天 {{time}}',
  'feed.newArrived': '收到新卡片',
  'feed.openLink': '打开链接',
  'feed.menu': '语言与账号',
} as const;

const en: Record<keyof typeof zh, string> = {
  'feed.title': 'My cards',
  'feed.unread': '{{n}} unread',
  'feed.allRead': 'All read',
  'feed.unreadBadge': 'Unread cards',
  'feed.refresh': 'Refresh',
  'feed.pinned': 'Pinned',
  'feed.pinnedGroup': 'Pinned',
  'feed.latestGroup': 'Latest',
  'feed.keptOnTopGroup': 'Must read, unread',
  'feed.untitled': '(untitled card)',
  'feed.mustRead': 'Must read',
  'feed.new': 'Unread',
  'feed.read': 'Read',
  'feed.resent': 'Reminder {{n}}',
  'feed.empty': 'No cards have been sent to you yet',
  'feed.emptyHint': 'Cards pushed to you will show up here.',
  'feed.loadMore': 'Load more',
  'feed.noMore': 'No more cards',
  'feed.loadFailed': 'The cards could not be loaded',
  'feed.back': 'Back',
  'feed.openedAt': 'First read {{time}}',
  'feed.sentAt': 'Sent {{time}}',
  'feed.signOut': 'Sign out',
  'feed.signInTitle': 'Sign in to see your cards',
  'feed.justNow': 'just now',
  'feed.minutesAgo': '{{n}} min ago',
  'feed.hoursAgo': '{{n}} h ago',
  'feed.yesterday': 'Yesterday {{time}}',
  'feed.newArrived': 'A new card has arrived',
  'feed.openLink': 'Open link',
  'feed.menu': 'Language and account',
};

/** The words of this area, added as this file loads; its screens take `t` and `msg` from the hook (docs/decisions/0048). */
export const feedWords = defineWords({ zh, en }, FEED_MESSAGES);
export const useFeedWords = wordsHook(feedWords);
export type FeedLabelKey = CoreLabelKey | keyof typeof zh;
export type FeedMessageKey = CoreMessageKey | keyof typeof FEED_MESSAGES;
