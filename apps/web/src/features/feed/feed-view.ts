import { hasCardLink, isSafeCardLink, type FeedItem, type FeedPage, type Notice } from '@field-portal/shared';

/** What the list shows: the pinned group and the must-read cards kept on top (first page only), then every other card once, in page order. */
export interface FeedView {
  pinned: FeedItem[];
  keptOnTop: FeedItem[];
  items: FeedItem[];
  unread: number;
  hasMore: boolean;
}

/**
 * Joins the loaded pages. A card appears once: pages fetched at different moments may overlap
 * (a card pushed again moves to the top), and the newest page's copy wins. The unread count is
 * the latest page's.
 */
export function feedViewOf(pages: readonly FeedPage[]): FeedView {
  const first = pages[0];
  if (!first) return { pinned: [], keptOnTop: [], items: [], unread: 0, hasMore: false };
  const pinned = first.pinned;
  const keptOnTop = first.keptOnTop ?? [];
  const seen = new Set([...pinned, ...keptOnTop].map((i) => i.cardId));
  const items: FeedItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.cardId)) continue;
      seen.add(item.cardId);
      items.push(item);
    }
  }
  return { pinned, keptOnTop, items, unread: pages[pages.length - 1]!.unread, hasMore: Boolean(pages[pages.length - 1]!.nextCursor) };
}

/** The pages with one card replaced by its opened state (no refetch needed to show it read). */
export function withOpened(pages: readonly FeedPage[], opened: FeedItem, unread: number): FeedPage[] {
  const swap = (item: FeedItem) => (item.cardId === opened.cardId ? { ...opened, pinned: item.pinned } : item);
  return pages.map((page) => ({ ...page, pinned: page.pinned.map(swap), keptOnTop: (page.keptOnTop ?? []).map(swap), items: page.items.map(swap), unread }));
}

/** The badge text: the count, at most 99 shown. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** Notices that mean a card reached (or was sent again to) this user. */
export function isCardNotice(notice: Pick<Notice, 'type'>): boolean {
  return notice.type === 'card.delivered' || notice.type === 'card.resent';
}

export type TimeLabel =
  { key: 'feed.justNow' } | { key: 'feed.minutesAgo' | 'feed.hoursAgo'; n: number } | { key: 'feed.yesterday'; time: string } | { text: string };

/** Under this many seconds a time is "just now" (spec 000 section 9, the recency helper). */
export const JUST_NOW_SECONDS = 30;

/**
 * When a card was sent, as a phone feed says it: just now (under 30 seconds), minutes (rounded
 * up, so 31 s is 1 minute) or hours ago today, yesterday with the time, a date this year
 * without the year, else the full date.
 */
export function timeLabel(iso: string, now: number): TimeLabel {
  // Plain dates (the phone page loads no date library): calendar days in the browser's time zone.
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { text: iso };
  const current = new Date(now);
  const seconds = (current.getTime() - at.getTime()) / 1000;
  // A clock a little behind the server's also says just now.
  if (seconds < JUST_NOW_SECONDS && seconds > -JUST_NOW_SECONDS) return { key: 'feed.justNow' };
  if (sameDay(at, current) && seconds > 0) {
    return seconds < 3600 ? { key: 'feed.minutesAgo', n: Math.ceil(seconds / 60) } : { key: 'feed.hoursAgo', n: Math.floor(seconds / 3600) };
  }
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (sameDay(at, new Date(current.getFullYear(), current.getMonth(), current.getDate() - 1))) return { key: 'feed.yesterday', time: clock };
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${clock}`;
  return { text: at.getFullYear() === current.getFullYear() ? day : `${at.getFullYear()}-${day}` };
}

const pad = (n: number) => String(n).padStart(2, '0');
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The summary line of a card in the list: its summary text from the content JSON, else ''. */
export function summaryOf(content: string): string {
  try {
    const value: unknown = JSON.parse(content);
    const summary = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).zhaiyao : undefined;
    return typeof summary === 'string' ? summary.trim() : '';
  } catch {
    return '';
  }
}

/** The card's link when it is one the renderer would open (absolute http or https), else undefined. */
export function readerLinkOf(content: string): string | undefined {
  try {
    const value: unknown = JSON.parse(content);
    const link = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).linkValue : undefined;
    if (typeof link !== 'string') return undefined;
    const trimmed = link.trim();
    return hasCardLink(trimmed) && isSafeCardLink(trimmed) ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
