import { describe, expect, it } from 'vitest';
import { abbreviate, formatCount, formatTotal } from './format';

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

  it('shows a capped total with a plus', () => {
    expect(formatTotal(10_000, true)).toBe('10,000+');
    expect(formatTotal(9_999, false)).toBe('9,999');
  });
});
