/**
 * How the intelligence screens write a KOL score (the ranking, the explanation, the 360 view, the
 * province map, the suggestions' reasons): one decimal everywhere, so one doctor's score reads the
 * same on every screen. The server keeps two decimals; its trend and suggestions already send one.
 */
export const SCORE_DECIMALS = 1;

const STEP = 10 ** SCORE_DECIMALS;

/** A score rounded to the decimals shown, half up as the server rounds its trend (52.26 → 52.3). */
export function roundScore(score: number): number {
  return Math.round(score * STEP) / STEP;
}

/** A KOL score as shown: 52.26 → "52.3", 40 → "40.0". */
export function formatScore(score: number): string {
  return roundScore(score).toFixed(SCORE_DECIMALS);
}

/** A change of score as shown, signed: "+4.2", "−1.5" (a true minus sign); no change is "0.0". */
export function formatScoreChange(delta: number): string {
  const rounded = roundScore(delta);
  if (rounded === 0) return formatScore(0);
  return rounded > 0 ? `+${formatScore(rounded)}` : `−${formatScore(Math.abs(rounded))}`;
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
  let missing = Math.round(roundScore(total) * STEP) - steps.reduce((sum, s) => sum + s, 0);
  for (let k = 0; missing > 0; k++, missing--) steps[byRest[k % byRest.length]!.i]! += 1;
  for (let k = byRest.length - 1; missing < 0 && k >= 0; k--) {
    const i = byRest[k]!.i;
    if (steps[i]! > 0) {
      steps[i]! -= 1;
      missing++;
    }
  }
  return steps.map((s) => formatScore(s / STEP));
}
