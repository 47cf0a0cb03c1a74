import type { ImpactTextKey, KolTrend } from '@field-portal/shared';
import { roundScore, scoreChange } from '../score';

/**
 * What the 360 view's impact section says beside the scores (docs/decisions/0024, "the trend on
 * the 360 view"): why a doctor has no score, which indications are not scored yet, and how a
 * score moved over the kept recompute runs.
 */

export interface ImpactNote {
  key: ImpactTextKey;
  /** Indications named by the message (joined by the page). */
  indications?: string[];
  /** The last computation's time, when the message names it. */
  at?: string;
}

/**
 * Why the doctor has no score at all (null when it has one): no computation has run; the doctor
 * has no indication; or its indications were recorded after the last computation.
 */
export function emptyReason(runs: KolTrend['runs'], doctorIndications: readonly string[], scored: readonly string[]): ImpactNote | null {
  if (scored.length > 0) return null;
  if (runs.length === 0) return { key: 'intel.impact.noRun' };
  if (doctorIndications.length === 0) return { key: 'intel.impact.noIndication' };
  return { key: 'intel.impact.notYet', indications: [...doctorIndications], at: runs.at(-1)!.at };
}

/** The doctor's indications without a score beside scored ones (recorded after the last computation); null when none. */
export function unscoredNote(runs: KolTrend['runs'], doctorIndications: readonly string[], scored: readonly string[]): ImpactNote | null {
  if (scored.length === 0 || runs.length === 0) return null;
  const missing = doctorIndications.filter((i) => !scored.includes(i));
  return missing.length > 0 ? { key: 'intel.impact.unscored', indications: missing, at: runs.at(-1)!.at } : null;
}

export type TrendSummary =
  | { kind: 'none' }
  /** One run so far: nothing to compare with. */
  | { kind: 'single'; at: string }
  /** The same score at every run since `at`. */
  | { kind: 'flat'; at: string }
  /** The latest score minus the previous run's, both as written, and when that previous run was. */
  | { kind: 'delta'; delta: number; at: string };

/** How the score moved: the latest run against the one before; flat since the first run when it never moved. */
export function trendSummary(history: readonly { at: string; score: number }[]): TrendSummary {
  if (history.length === 0) return { kind: 'none' };
  if (history.length === 1) return { kind: 'single', at: history[0]!.at };
  const last = history.at(-1)!;
  const previous = history.at(-2)!;
  // The difference of the two scores as written, so the change reads true beside them (74.85 → 74.96 is 74.9 → 74.9: no change).
  const delta = scoreChange(previous.score, last.score);
  if (delta !== 0) return { kind: 'delta', delta, at: previous.at };
  // Unchanged from the previous run as written: since when it has held that written score.
  let k = history.length - 1;
  while (k > 0 && roundScore(history[k - 1]!.score) === roundScore(last.score)) k--;
  return { kind: 'flat', at: history[k]!.at };
}
