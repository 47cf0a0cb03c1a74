/** Limits, paths and messages of employee card feed (docs/decisions/0007). */

/** API paths of employee card feed (merged into `API.feed`); card envelope `{ status, msg, data }`. */
export const FEED_PATHS = {
  /** GET ?cursor=&limit= : the signed-in employee's cards: pinned, then unread must-read kept on top, then newest delivery first. */
  cards: '/API-XJP/employee/cards',
  /** GET: how many of the employee's cards are unread. */
  unreadCount: '/API-XJP/employee/unreadCount',
  /** POST {cardId}: opens one card; the first open time is kept. */
  openCard: '/API-XJP/employee/openCard',
} as const;

export const FEED_LIMITS = {
  /** Pinned cards shown at most at the top of the feed (spec 000 section 9). */
  pinnedShownMax: 3,
  /** Unread must-read cards kept on top (push option keepOnTop) shown at most above the list; more stay at their date. */
  keptOnTopMax: 20,
  pageDefault: 20,
  pageMax: 50,
} as const;

/** A pin of the push that delivered the card (spec 000 section 3, top settings). */
export interface FeedPin {
  topStartTime: string | null;
  /** null for a permanent pin. */
  topEndTime: string | null;
  permanent: boolean;
}

/** One card of the feed: the caller's latest delivery of it. */
export interface FeedItem {
  cardId: number;
  queueId: number;
  pushId: number;
  /** The card content as JSON text, as the card calls carry it. */
  content: string;
  title: string;
  mustRead: boolean;
  /** When the push reached the employee, ISO 8601. */
  sentAt: string;
  /** The latest send (a must-read reminder moves it), ISO 8601. */
  lastSentAt: string;
  sendCount: number;
  read: boolean;
  firstOpenTime: string | null;
  /** In a feed page: shown in the pinned group at the top. In openCard's answer: its pin is on now. */
  pinned: boolean;
  /** The pin of the push that delivered it when it is pinned now, else null. */
  pin: FeedPin | null;
}

export interface FeedPage {
  /** At most three, newest pin first; only on the first page (no cursor). */
  pinned: FeedItem[];
  /**
   * Unread must-read cards whose push keeps them on top while unread (not pinned now), newest
   * delivery first, at most `FEED_LIMITS.keptOnTopMax`; only on the first page. Once read, a
   * card goes back to its place among `items`.
   */
  keptOnTop: FeedItem[];
  /** Every other card, newest delivery first. */
  items: FeedItem[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
  unread: number;
}

export interface FeedUnread {
  unread: number;
}

export interface OpenCardResult {
  item: FeedItem;
  /** False when the card had been opened before (the first open time did not move). */
  firstOpen: boolean;
  unread: number;
}

/** A pin counts now when it has started and not ended (a permanent pin never ends). */
export function isPinActive(pin: { top: boolean; topStartTime: number | null; topEndTime: number | null; permanent: boolean }, now: number): boolean {
  if (!pin.top) return false;
  if (pin.topStartTime !== null && pin.topStartTime > now) return false;
  if (pin.permanent) return true;
  return pin.topEndTime !== null && pin.topEndTime > now;
}
