import { describe, expect, it } from 'vitest';
import { abbreviate, formatCount, formatPercent, formatTime, formatTotal, shareOf } from './format';

describe('number formatting (spec 001 section 9)', () => {
  it('separates thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1203)).toBe('1,203');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(12.345)).toBe('12.35');
  });

  it('abbreviates with k, M, G, T, P, E', () => {
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(1000)).toBe('1k');
    expect(abbreviate(1203)).toBe('1.2k');
    expect(abbreviate(48_211)).toBe('48.2k');
    expect(abbreviate(999_960)).toBe('1M');
    expect(abbreviate(1_000_000)).toBe('1M');
    expect(abbreviate(2.5e9)).toBe('2.5G');
    expect(abbreviate(3e12)).toBe('3T');
    expect(abbreviate(4e15)).toBe('4P');
    expect(abbreviate(5e18)).toBe('5E');
    expect(abbreviate(5e21)).toBe('5000E');
    expect(abbreviate(-1500)).toBe('-1.5k');
  });

  it('gives a share to one decimal, rounded as the server rounds its shares, and writes it with one decimal', () => {
    expect(shareOf(3534, 10_000)).toBe(35.3);
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(2, 3)).toBe(66.7);
    expect(shareOf(5, 0)).toBe(0);
    expect(formatPercent(35.34)).toBe('35.3%');
    expect(formatPercent(shareOf(3534, 10_000))).toBe('35.3%');
    expect(formatPercent(40)).toBe('40.0%');
  });

  it('shows a capped total with a plus', () => {
    expect(formatTotal(10_000, true)).toBe('10,000+');
    expect(formatTotal(9_999, false)).toBe('9,999');
  });
});

describe('times on screen', () => {
  it('writes a local time as year-month-day hours:minutes, whatever the browser locale', () => {
    expect(formatTime(new Date(2026, 10, 3, 9, 5))).toBe('2026-11-03 09:05');
    expect(formatTime(new Date(2026, 0, 31, 23, 59), 'day')).toBe('2026-01-31');
    expect(formatTime(new Date(2026, 0, 31, 23, 59).toISOString())).toBe('2026-01-31 23:59');
  });
  it('writes a time to the second when asked', () => {
    expect(formatTime(new Date(2026, 10, 3, 9, 5, 7), 'second')).toBe('2026-11-03 09:05:07');
  });
  it('writes nothing for no value or a value that is not a time', () => {
    expect(formatTime('not a time')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined, 'second')).toBe('');
    expect(formatTime('')).toBe('');
  });
});
