import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { FeedItem, FeedPage } from '@field-portal/shared';
import { badgeText, feedViewOf, isCardNotice, readerLinkOf, summaryOf, timeLabel, withOpened } from './feed-view';

const item = (cardId: number, extra: Partial<FeedItem> = {}): FeedItem => ({
  cardId,
  queueId: cardId * 10,
  pushId: cardId,
  content: JSON.stringify({ type: 4, titleName: `card ${cardId}`, zhaiyao: ` summary ${cardId} ` }),
  title: `card ${cardId}`,
  mustRead: false,
  sentAt: '2026-11-22T06:00:00.000Z',
  lastSentAt: '2026-11-22T06:00:00.000Z',
  sendCount: 1,
  read: false,
  firstOpenTime: null,
  pinned: false,
  pin: null,
  ...extra,
});
const page = (items: FeedItem[], extra: Partial<FeedPage> = {}): FeedPage => ({ pinned: [], keptOnTop: [], items, nextCursor: null, unread: 0, ...extra });

describe('feedViewOf', () => {
  it('is empty with no pages', () => {
    expect(feedViewOf([])).toEqual({ pinned: [], keptOnTop: [], items: [], unread: 0, hasMore: false });
  });

  it('keeps the pinned group of the first page, then the pages in order, each card once', () => {
    const pinned = item(9, { pinned: true });
    const view = feedViewOf([
      page([item(5), item(4)], { pinned: [pinned], nextCursor: 'a', unread: 3 }),
      // The card pushed again shows up on a later page too, and a pinned card is never repeated.
      page([item(4), item(9), item(3)], { nextCursor: 'b', unread: 2 }),
    ]);
    expect(view.pinned.map((i) => i.cardId)).toEqual([9]);
    expect(view.items.map((i) => i.cardId)).toEqual([5, 4, 3]);
    expect(view.unread).toBe(2);
    expect(view.hasMore).toBe(true);
    expect(feedViewOf([page([item(1)])]).hasMore).toBe(false);
  });

  it('shows the unread must-read cards kept on top after the pins, never again further down', () => {
    const view = feedViewOf([
      page([item(5)], { pinned: [item(9, { pinned: true })], keptOnTop: [item(7, { mustRead: true })], nextCursor: 'a' }),
      page([item(7), item(3)]),
    ]);
    expect(view.keptOnTop.map((i) => i.cardId)).toEqual([7]);
    expect(view.items.map((i) => i.cardId)).toEqual([5, 3]);
  });
});

describe('withOpened', () => {
  it('replaces the opened card wherever it is, keeps its group, and sets the unread count', () => {
    const opened = item(2, { read: true, firstOpenTime: '2026-11-22T07:00:00.000Z' });
    const pages = withOpened([page([item(1), item(2)], { pinned: [item(2, { pinned: true })], unread: 2 })], opened, 1);
    expect(pages[0]!.items[1]).toMatchObject({ read: true, pinned: false });
    expect(pages[0]!.pinned[0]).toMatchObject({ read: true, pinned: true });
    expect(pages[0]!.items[0]!.read).toBe(false);
    expect(pages[0]!.unread).toBe(1);
  });
});

describe('badgeText', () => {
  it('shows nothing at zero, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('isCardNotice', () => {
  it('refreshes on a delivered or resent card, not on a chat message', () => {
    expect(isCardNotice({ type: 'card.delivered' })).toBe(true);
    expect(isCardNotice({ type: 'card.resent' })).toBe(true);
    expect(isCardNotice({ type: 'chat.message' })).toBe(false);
  });
});

describe('timeLabel', () => {
  const now = dayjs('2026-11-22T15:30:00').valueOf();
  const at = (text: string) => dayjs(text).toISOString();
  it('says just now, minutes, hours, yesterday, a date this year, then the full date', () => {
    expect(timeLabel(at('2026-11-22T15:29:40'), now)).toEqual({ key: 'feed.justNow' });
    // spec 000 section 9: under 30 seconds is just now; 31 seconds is a minute ago
    expect(timeLabel(at('2026-11-22T15:29:31'), now)).toEqual({ key: 'feed.justNow' });
    expect(timeLabel(at('2026-11-22T15:29:29'), now)).toEqual({ key: 'feed.minutesAgo', n: 1 });
    expect(timeLabel(at('2026-11-22T15:29:30'), now)).toEqual({ key: 'feed.minutesAgo', n: 1 });
    expect(timeLabel(at('2026-11-22T15:05:00'), now)).toEqual({ key: 'feed.minutesAgo', n: 25 });
    expect(timeLabel(at('2026-11-22T09:10:00'), now)).toEqual({ key: 'feed.hoursAgo', n: 6 });
    expect(timeLabel(at('2026-11-21T23:45:00'), now)).toEqual({ key: 'feed.yesterday', time: '23:45' });
    expect(timeLabel(at('2026-03-02T08:05:00'), now)).toEqual({ text: '03-02 08:05' });
    expect(timeLabel(at('2025-12-31T08:05:00'), now)).toEqual({ text: '2025-12-31 08:05' });
    expect(timeLabel('not a time', now)).toEqual({ text: 'not a time' });
  });
});

describe('summaryOf and readerLinkOf', () => {
  it('read the summary and a safe link from the content text', () => {
    expect(summaryOf(item(1).content)).toBe('summary 1');
    expect(summaryOf('{oops')).toBe('');
    expect(summaryOf(JSON.stringify({ zhaiyao: 3 }))).toBe('');
    expect(readerLinkOf(JSON.stringify({ linkValue: ' https://example.com/a ' }))).toBe('https://example.com/a');
    expect(readerLinkOf(JSON.stringify({ linkValue: 'http://' }))).toBeUndefined();
    expect(readerLinkOf(JSON.stringify({ linkValue: 'javascript:alert(1)' }))).toBeUndefined();
    expect(readerLinkOf('nope')).toBeUndefined();
  });
});
