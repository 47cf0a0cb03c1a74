import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n';
import { FilterChips, type ScopeCount } from './FilterChips';

const count = (matched: number, matchedCapped: boolean, scope: number, scopeCapped: boolean): ScopeCount => ({
  matched,
  matchedCapped,
  scope,
  scopeCapped,
});

function shown(c: ScopeCount, noun: 'doctors' | 'hospitals' = 'doctors'): string {
  render(<FilterChips chips={[]} count={c} noun={noun} />);
  const text = screen.getByTestId('scope-count').textContent ?? '';
  cleanup();
  return text;
}

beforeEach(async () => {
  await setLang('en');
});

describe('the scope count above the customers list', () => {
  it('gives both figures when the filters narrow the list', () => {
    expect(shown(count(1203, false, 48211, false))).toBe('1,203 of 48,211 doctors in your scope');
  });

  it('gives one figure when the filters leave every row in scope', () => {
    expect(shown(count(10000, true, 10000, true))).toBe('10,000+ doctors in your scope');
    expect(shown(count(312, false, 312, false), 'hospitals')).toBe('312 hospitals in your scope');
  });

  it('keeps both figures when only one of the same numbers is capped', () => {
    expect(shown(count(10000, false, 10000, true))).toBe('10,000 of 10,000+ doctors in your scope');
  });

  it('says it in Chinese too', async () => {
    await setLang('zh');
    expect(shown(count(10000, true, 10000, true))).toBe('您的数据范围内共 10,000+ 位医生');
    expect(shown(count(312, false, 312, false), 'hospitals')).toBe('您的数据范围内共 312 家医院');
    expect(shown(count(12, false, 312, false), 'hospitals')).toBe('您的数据范围内共 312 家医院,符合条件 12 家');
  });
});
