import { describe, expect, it } from 'vitest';
import { emptyReason, trendSummary, unscoredNote } from './impact';

const runs = [
  { at: '2024-12-31T23:59:59.000Z', asOfYear: 2024 },
  { at: '2025-06-01T08:00:00.000Z', asOfYear: null },
];

describe('why a doctor has no score', () => {
  it('says no computation has run, before anything else', () => {
    expect(emptyReason([], ['高血压'], [])).toEqual({ key: 'intel.impact.noRun' });
    expect(emptyReason([], [], [])).toEqual({ key: 'intel.impact.noRun' });
  });
  it('says the doctor has no indication', () => {
    expect(emptyReason(runs, [], [])).toEqual({ key: 'intel.impact.noIndication' });
  });
  it('names the indications recorded after the last computation, and its time', () => {
    expect(emptyReason(runs, ['高血压', '糖尿病'], [])).toEqual({ key: 'intel.impact.notYet', indications: ['高血压', '糖尿病'], at: runs[1]!.at });
  });
  it('gives nothing when the doctor has a score', () => {
    expect(emptyReason(runs, ['高血压'], ['高血压'])).toBeNull();
  });
});

describe('indications without a score beside scored ones', () => {
  it('names only those missing', () => {
    expect(unscoredNote(runs, ['高血压', '糖尿病', '哮喘'], ['糖尿病'])).toEqual({
      key: 'intel.impact.unscored',
      indications: ['高血压', '哮喘'],
      at: runs[1]!.at,
    });
  });
  it('gives nothing when every indication is scored, or none is', () => {
    expect(unscoredNote(runs, ['高血压'], ['高血压'])).toBeNull();
    expect(unscoredNote(runs, ['高血压'], [])).toBeNull();
  });
});

describe('how a score moved', () => {
  const at = (day: number) => `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  it('compares the latest run with the one before', () => {
    expect(
      trendSummary([
        { at: at(1), score: 40 },
        { at: at(2), score: 52.26 },
      ]),
    ).toEqual({ kind: 'delta', delta: 12.3, at: at(1) });
    expect(
      trendSummary([
        { at: at(1), score: 60 },
        { at: at(2), score: 70 },
        { at: at(3), score: 68.5 },
      ]),
    ).toEqual({ kind: 'delta', delta: -1.5, at: at(2) });
  });
  it('says since when an unchanged score has held', () => {
    expect(
      trendSummary([
        { at: at(1), score: 30 },
        { at: at(2), score: 40 },
        { at: at(3), score: 40 },
        { at: at(4), score: 40 },
      ]),
    ).toEqual({ kind: 'flat', at: at(2) });
    expect(
      trendSummary([
        { at: at(1), score: 40 },
        { at: at(2), score: 40 },
      ]),
    ).toEqual({ kind: 'flat', at: at(1) });
  });
  it('compares the scores as written: no change when both are written alike', () => {
    // 74.85 and 74.96 are both written 74.9 (74.96 is T2, not written 75.0): the trend says unchanged, not +0.1.
    expect(
      trendSummary([
        { at: at(1), score: 74.85 },
        { at: at(2), score: 74.96 },
      ]),
    ).toEqual({ kind: 'flat', at: at(1) });
    expect(
      trendSummary([
        { at: at(1), score: 74.96 },
        { at: at(2), score: 75 },
      ]),
    ).toEqual({ kind: 'delta', delta: 0.1, at: at(1) });
  });
  it('has no trend with one run or none', () => {
    expect(trendSummary([{ at: at(1), score: 40 }])).toEqual({ kind: 'single', at: at(1) });
    expect(trendSummary([])).toEqual({ kind: 'none' });
  });
});
