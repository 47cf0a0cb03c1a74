import { describe, expect, it } from 'vitest';
import { PAGE_CURSOR_MAX, feedQuery, isPinActive, openCardRequest } from '../index.js';

describe('feed query', () => {
  it("takes the paging kit's cursor as it comes (base64url), empty as the first page, and refuses any other text", () => {
    // the cursor of [1795000000123 ms, id 4567], as the server writes it
    const cursor = 'WzEsMTc5NTAwMDAwMDEyMyw0NTY3XQ';
    expect(feedQuery.parse({ cursor }).cursor).toBe(cursor);
    expect(feedQuery.parse({ cursor: '' }).cursor).toBe('');
    expect(feedQuery.parse({ cursor: 'x'.repeat(PAGE_CURSOR_MAX) }).cursor).toHaveLength(PAGE_CURSOR_MAX);
    for (const bad of ['a b', 'a/b', 'a='.repeat(2), 'x'.repeat(PAGE_CURSOR_MAX + 1)]) {
      const result = feedQuery.safeParse({ cursor: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('page.cursorInvalid');
    }
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
