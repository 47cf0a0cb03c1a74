import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_SEARCH_THROTTLE_MS } from '@field-portal/shared';
import { throttle } from './page-search';

describe('top-bar search throttle (spec 001 sections 2.7 and 9: once per 2 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the first value over at once, then at most once per interval with the latest value', () => {
    const seen: string[] = [];
    const box = throttle((v: string) => seen.push(v), SIDEBAR_SEARCH_THROTTLE_MS);
    box.push('张');
    expect(seen).toEqual(['张']);
    box.push('张三');
    box.push('张三 协和');
    vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS - 1);
    expect(seen).toEqual(['张']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['张', '张三 协和']);
    vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS * 3);
    expect(seen).toHaveLength(2);
  });

  it('hands over at once again after a quiet interval, and a cancelled value never arrives', () => {
    const seen: string[] = [];
    const box = throttle((v: string) => seen.push(v), SIDEBAR_SEARCH_THROTTLE_MS);
    box.push('a');
    vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS + 5);
    box.push('b');
    expect(seen).toEqual(['a', 'b']);
    box.push('c');
    box.cancel();
    vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS * 2);
    expect(seen).toEqual(['a', 'b']);
  });

  it('never delivers twice within one interval however fast the typing', () => {
    const times: number[] = [];
    const box = throttle(() => times.push(Date.now()), SIDEBAR_SEARCH_THROTTLE_MS);
    for (let i = 0; i < 100; i += 1) {
      box.push(String(i));
      vi.advanceTimersByTime(97);
    }
    vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(SIDEBAR_SEARCH_THROTTLE_MS);
    expect(times.length).toBeGreaterThanOrEqual(5);
  });
});
