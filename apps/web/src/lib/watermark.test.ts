import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '@field-portal/shared';
import { mountWatermark, WATERMARK_ATTR, watermarkStyle } from './watermark';

const marks = () => document.querySelectorAll(`[${WATERMARK_ATTR}]`);

describe('watermark', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('covers the page without catching the pointer and shows the text', () => {
    const unmount = mountWatermark('rep01 代表1');
    const el = marks()[0] as HTMLElement;
    expect(marks()).toHaveLength(1);
    expect(el.style.pointerEvents).toBe('none');
    expect(el.style.position).toBe('fixed');
    expect(decodeURIComponent(el.getAttribute('style')!)).toContain('rep01 代表1');
    unmount();
    expect(marks()).toHaveLength(0);
  });

  it('comes back within one re-check when removed', () => {
    const unmount = mountWatermark('rep01 代表1');
    marks()[0]!.remove();
    expect(marks()).toHaveLength(0);
    vi.advanceTimersByTime(SESSION.watermarkRecheckMs);
    expect(marks()).toHaveLength(1);
    unmount();
  });

  it('is restored when altered', () => {
    const unmount = mountWatermark('rep01 代表1');
    (marks()[0] as HTMLElement).style.display = 'none';
    vi.advanceTimersByTime(SESSION.watermarkRecheckMs);
    expect(marks()).toHaveLength(1);
    expect((marks()[0] as HTMLElement).style.display).toBe('block');
    unmount();
  });

  it('escapes the text inside the SVG', () => {
    expect(decodeURIComponent(watermarkStyle('<a&b>'))).toContain('&lt;a&amp;b&gt;');
  });
});
