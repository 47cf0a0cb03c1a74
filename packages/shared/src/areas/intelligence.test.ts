import { describe, expect, it } from 'vitest';
import {
  KOL_DEFAULT_WEIGHTS,
  KOL_DIMENSIONS,
  KOL_TIERS,
  contributionOf,
  hIndex,
  kolScore,
  percentRank,
  roundKolScore,
  tierOf,
  type KolDimension,
} from './intelligence.js';

const all = (value: number) => Object.fromEntries(KOL_DIMENSIONS.map((d) => [d, value])) as Record<KolDimension, number>;

describe('KOL score', () => {
  it('is the weighted mean of the percentiles', () => {
    const weights = { ...all(0), paper: 3, network: 1 };
    const pct = { ...all(100), paper: 80, network: 40 };
    // (80 * 3 + 40 * 1) / 4 = 70
    expect(kolScore(pct, weights)).toBe(70);
    expect(contributionOf(80, 3, 4)).toBe(60);
    expect(contributionOf(40, 1, 4)).toBe(10);
  });
  it('is 0 when every weight is 0 and equal to the percentile when all percentiles agree', () => {
    expect(kolScore(all(90), all(0))).toBe(0);
    expect(kolScore(all(42), KOL_DEFAULT_WEIGHTS)).toBeCloseTo(42, 10);
  });
  it('gives tiers by score', () => {
    expect([100, 75, 74.99, 50, 49, 25, 0].map(tierOf)).toEqual(['T1', 'T1', 'T2', 'T2', 'T3', 'T3', 'T4']);
  });
  it('takes percentiles as percent_rank', () => {
    const values = [0, 0, 3, 5, 10];
    expect(values.map((v) => percentRank(values, v))).toEqual([0, 0, 50, 75, 100]);
    expect(percentRank([7], 7)).toBe(0);
  });
});

describe('a KOL score as written', () => {
  it('has one decimal, rounded half up', () => {
    expect([52.26, 52.24, 52.25, 40, 0, 100, 99.99].map(roundKolScore)).toEqual([52.3, 52.2, 52.3, 40, 0, 100, 100]);
  });
  it("is never written at or above a tier's minimum it is below", () => {
    // 74.96 is T2: written 75.0 it would read as T1 beside its T2.
    expect([74.94, 74.95, 74.96, 74.99].map(roundKolScore)).toEqual([74.9, 74.9, 74.9, 74.9]);
    expect([49.95, 49.99, 24.95, 24.99].map(roundKolScore)).toEqual([49.9, 49.9, 24.9, 24.9]);
    expect([75, 75.04, 75.05, 50, 25].map(roundKolScore)).toEqual([75, 75, 75.1, 50, 25]);
  });
  it('keeps the tier of every score of two decimals, and changes nothing written', () => {
    const scores = Array.from({ length: 10_001 }, (_, hundredths) => hundredths / 100);
    const wrong = scores.filter((score) => {
      const written = roundKolScore(score);
      return tierOf(written) !== tierOf(score) || Math.abs(written - score) >= 0.1 || roundKolScore(written) !== written;
    });
    expect(wrong).toEqual([]);
    expect(KOL_TIERS.map((t) => t.min)).toEqual([75, 50, 25, 0]);
  });
});

describe('H-index', () => {
  it('is the largest h with h papers cited at least h times', () => {
    expect(hIndex([])).toBe(0);
    expect(hIndex([0, 0])).toBe(0);
    expect(hIndex([10, 8, 5, 4, 3])).toBe(4);
    expect(hIndex([25, 8, 5, 3, 3])).toBe(3);
    expect(hIndex([1, 1, 1])).toBe(1);
    expect(hIndex([100])).toBe(1);
  });
});
