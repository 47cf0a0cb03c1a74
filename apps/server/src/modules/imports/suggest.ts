/** Edit distance of two short texts (names of the taxonomy), by characters. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** How many characters of `a` appear in `b` in the same order (the longest common subsequence). */
function common(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * The entry nearest to what was typed: most of its characters kept in order first (心内科 keeps
 * 心, 内 and 科 in 心血管内科专业, not in 神经内科专业), then the fewest edits; none when less than
 * half the characters are found.
 */
export function nearest(typed: string, names: readonly string[]): string | undefined {
  let best: { name: string; kept: number; edits: number } | undefined;
  for (const name of names) {
    const kept = common(typed, name);
    if (kept * 2 < typed.length) continue;
    const edits = editDistance(typed, name);
    if (!best || kept > best.kept || (kept === best.kept && edits < best.edits)) best = { name, kept, edits };
  }
  return best?.name;
}

/** A suggestion: the nearest name, and the name of the entry it belongs to when it is a sub-entry (a sub-department's department). */
export interface Suggestion {
  name: string;
  under?: string;
}

/**
 * The nearest of `names` (as `nearest` chooses), with the entry it belongs to when `under` names one:
 * a department's column draws on the sub-departments' names too, so that what a company writes for a
 * sub-department in the department's cell (心内科, 神经内科, 呼吸科) is answered with the sub-department
 * and its department (心血管内科专业 under 内科), not with the department whose name it happens to end in.
 * On a tie the name listed first wins: list the column's own entries first.
 */
export function suggest(typed: string, names: readonly string[], under: Readonly<Record<string, string>> = {}): Suggestion | undefined {
  const name = nearest(typed, names);
  if (name === undefined) return undefined;
  return Object.hasOwn(under, name) ? { name, under: under[name] } : { name };
}
