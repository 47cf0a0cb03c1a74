import { describe, expect, it } from 'vitest';
import { decodeFeedCursor, encodeFeedCursor, feedQuery, isPinActive, openCardRequest } from '../index.js';

describe('feed cursor', () => {
  it('round-trips the delivery time and queue id, and refuses anything else', () => {
    const cursor = encodeFeedCursor(1_795_000_000_123, 4567);
    expect(feedQuery.parse({ cursor }).cursor).toBe(cursor);
    expect(decodeFeedCursor(cursor)).toEqual({ sentAtMs: 1_795_000_000_123, queueId: 4567 });
    for (const bad of ['', 'abc', '1_0', 'zz_', '_1', '1_2_3', 'ZZ_1', `${'z'.repeat(13)}_1`]) expect(decodeFeedCursor(bad)).toBeUndefined();
  });

  it('reads limit as a number or text within 1..50, 20 by default', () => {
    expect(feedQuery.parse({}).limit).toBe(20);
    expect(feedQuery.parse({ limit: '5' }).limit).toBe(5);
    expect(feedQuery.safeParse({ limit: 0 }).success).toBe(false);
    expect(feedQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(feedQuery.safeParse({ cursor: 'a b' }).success).toBe(false);
    expect(openCardRequest.parse({ cardId: '12' })).toEqual({ cardId: 12 });
  });
});

describe('isPinActive', () => {
  const now = 1_000_000;
  const pin = (topStartTime: number | null, topEndTime: number | null, permanent = false, top = true) => ({ top, topStartTime, topEndTime, permanent });
  it('counts a pin inside its period only; a permanent pin has no end', () => {
    expect(isPinActive(pin(now - 1, now + 1), now)).toBe(true);
    expect(isPinActive(pin(now, now + 1), now)).toBe(true);
    expect(isPinActive(pin(now + 1, now + 2), now)).toBe(false);
    expect(isPinActive(pin(now - 2, now - 1), now)).toBe(false);
    expect(isPinActive(pin(now - 2, now), now)).toBe(false);
    expect(isPinActive(pin(now - 2, null, true), now)).toBe(true);
    expect(isPinActive(pin(now + 2, null, true), now)).toBe(false);
    expect(isPinActive(pin(now - 1, now + 1, false, false), now)).toBe(false);
  });
});
