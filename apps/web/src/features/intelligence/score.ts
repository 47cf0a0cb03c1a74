import { KOL_SCORE_DECIMALS, roundKolScore } from '@field-portal/shared';

/**
 * How the intelligence screens write a KOL score (the ranking, the explanation, the 360 view, the
 * province map, the suggestions' reasons): one decimal everywhere, so one doctor's score reads the
 * same on every screen and in the KOL export. The rule is the shared `roundKolScore`
 * (docs/decisions/0079): half up, but never across a tier's minimum the score is below.
 */
export const SCORE_DECIMALS = KOL_SCORE_DECIMALS;

const STEP = 10 ** SCORE_DECIMALS;

/** A score as written: 52.26 → 52.3; 74.96 (T2) → 74.9, not 75.0 (the shared rule, the server's too). */
export function roundScore(score: number): number {
  return roundKolScore(score);
}

/** A KOL score as shown: 52.26 → "52.3", 40 → "40.0", 74.96 → "74.9". */
export function formatScore(score: number): string {
  return roundScore(score).toFixed(SCORE_DECIMALS);
}

/**
 * How much one written score moved from another, at the shown decimals: the difference of the two
 * scores as written (74.96 written 74.9 after 74.85 written 74.9 is no change, not +0.1).
 */
export function scoreChange(from: number, to: number): number {
  return (Math.round(roundScore(to) * STEP) - Math.round(roundScore(from) * STEP)) / STEP;
}

/** A change of score as shown, signed: "+4.2", "−1.5" (a true minus sign); no change is "0.0". Half up, no tiers: a change is not a score. */
export function formatScoreChange(delta: number): string {
  const steps = Math.round(Number((Math.abs(delta) * STEP).toPrecision(12)));
  const text = (steps / STEP).toFixed(SCORE_DECIMALS);
  if (steps === 0) return text;
  return delta > 0 ? `+${text}` : `−${text}`;
}

/**
 * Parts of a score (the explanation's contributions) written at the score's decimals so that the
 * written parts add up to the written score: each part is its value cut to the shown decimals, and
 * the steps the cutting lost go to the parts that lost the most, one each (the largest-remainder
 * method). Rounding each part alone would not do: five parts of 0.04 each write as "0.0" but add up
 * to 0.2. When the parts themselves (rounded by the server) add up to a little more than the
 * total, the step over is taken from the parts that lost the least.
 */
export function scoreParts(parts: readonly number[], total: number): string[] {
  if (parts.length === 0) return [];
  // In whole steps (tenths); the parts come with two decimals, so their hundredths are exact integers.
  const per = 100 / STEP;
  const hundredths = parts.map((p) => Math.round(p * 100));
  const steps = hundredths.map((h) => Math.floor(h / per));
  const byRest = hundredths.map((h, i) => ({ i, rest: h - steps[i]! * per })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  // The written total (the shared rule: 74.96 is written 74.9), so the parts add up to what is written under them.
  let missing = Math.round(roundScore(total) * STEP) - steps.reduce((sum, s) => sum + s, 0);
  for (let k = 0; missing > 0; k++, missing--) steps[byRest[k % byRest.length]!.i]! += 1;
  for (let k = byRest.length - 1; missing < 0 && k >= 0; k--) {
    const i = byRest[k]!.i;
    if (steps[i]! > 0) {
      steps[i]! -= 1;
      missing++;
    }
  }
  return steps.map((s) => (s / STEP).toFixed(SCORE_DECIMALS));
}
