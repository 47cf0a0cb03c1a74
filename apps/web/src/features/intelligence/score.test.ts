import { describe, expect, it } from 'vitest';
import { tierOf } from '@field-portal/shared';
import { formatScore, formatScoreChange, roundScore, scoreChange, scoreParts } from './score';

const sum = (parts: readonly string[]) => Math.round(parts.reduce((total, p) => total + Number(p) * 10, 0)) / 10;

describe('a KOL score as written', () => {
  it('has one decimal, rounded half up as the server rounds its trend', () => {
    expect(formatScore(52.26)).toBe('52.3');
    expect(formatScore(52.24)).toBe('52.2');
    expect(formatScore(40)).toBe('40.0');
    expect(formatScore(0)).toBe('0.0');
    expect(roundScore(52.25)).toBe(52.3);
  });

  it("never crosses a tier's minimum the score is below: 74.96 (T2) is not written 75.0", () => {
    expect(tierOf(74.96)).toBe('T2');
    expect(formatScore(74.96)).toBe('74.9');
    expect([74.95, 74.99, 49.95, 49.99, 24.96].map(formatScore)).toEqual(['74.9', '74.9', '49.9', '49.9', '24.9']);
    expect(roundScore(74.99)).toBe(74.9);
    // at or above the minimum, and away from it, half up as before
    expect([75, 75.05, 74.94, 50.0, 49.94].map(formatScore)).toEqual(['75.0', '75.1', '74.9', '50.0', '49.9']);
  });

  it('writes a score in the tier it is in, for every score of two decimals', () => {
    const scores = Array.from({ length: 10_001 }, (_, hundredths) => hundredths / 100);
    expect(scores.filter((score) => tierOf(Number(formatScore(score))) !== tierOf(score))).toEqual([]);
  });

  it('signs a change with a plus or a true minus, at the same decimals', () => {
    expect(formatScoreChange(4.2)).toBe('+4.2');
    expect(formatScoreChange(-1.5)).toBe('−1.5');
    expect(formatScoreChange(12.26)).toBe('+12.3');
    expect(formatScoreChange(0.04)).toBe('0.0');
    expect(formatScoreChange(-0.04)).toBe('0.0');
  });

  it('counts a change between two scores as the difference of the scores as written', () => {
    // 74.85 and 74.96 are both written 74.9: no change, where their difference (0.11) would say +0.1.
    expect(scoreChange(74.85, 74.96)).toBe(0);
    expect(scoreChange(74.96, 75.0)).toBe(0.1);
    expect(scoreChange(40, 52.26)).toBe(12.3);
    expect(scoreChange(70, 68.5)).toBe(-1.5);
    expect(formatScoreChange(scoreChange(74.8, 74.99))).toBe('+0.1');
  });
});

describe("an explanation's parts", () => {
  it('add up to the score as written', () => {
    // Each rounded alone: 14.2 + 9.4 + 12.8 + 6.1 + 9.9 = 52.4, not the 52.3 written under them.
    const contributions = [14.15, 9.35, 12.75, 6.05, 9.96];
    const parts = scoreParts(contributions, 52.26);
    expect(sum(parts)).toBe(52.3);
    expect(parts.every((p, k) => Math.abs(Number(p) - contributions[k]!) < 0.1)).toBe(true);
  });

  it('give the lost tenths to the parts that lost the most', () => {
    // Five parts of 0.04: cut to 0.0 each, the 0.2 of the total goes to the first two.
    expect(scoreParts([0.04, 0.04, 0.04, 0.04, 0.04], 0.2)).toEqual(['0.1', '0.1', '0.0', '0.0', '0.0']);
    expect(scoreParts([1.06, 2.04, 3.09], 6.19)).toEqual(['1.1', '2.0', '3.1']);
  });

  it('take a step back when the rounded parts overshoot the total', () => {
    // The server rounds each part and the total apart: 10.05 + 10.05 = 20.1, the total 20.04 → 20.0.
    const parts = scoreParts([10.05, 10.05], 20.04);
    expect(sum(parts)).toBe(20);
  });

  it('add up to a score written below a tier it is near', () => {
    // 74.96 is written 74.9 beside T2: the parts add up to 74.9, not 75.0.
    const contributions = [20.5, 18.26, 12.1, 14.1, 10.0];
    const parts = scoreParts(contributions, 74.96);
    expect(sum(parts)).toBe(74.9);
    expect(parts.every((p, k) => Math.abs(Number(p) - contributions[k]!) < 0.1)).toBe(true);
  });

  it('are zero for a score of zero, and none for no parts', () => {
    expect(scoreParts([0, 0, 0], 0)).toEqual(['0.0', '0.0', '0.0']);
    expect(scoreParts([], 0)).toEqual([]);
  });
});
