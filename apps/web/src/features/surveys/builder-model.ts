import type { QuestionType, SurveyQuestionInput } from '@field-portal/shared';

/** The builder's editing rules: new questions with fresh ids, moves and removals keep the order explicit. */
export function nextId(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

export function newQuestion(type: QuestionType, existing: readonly SurveyQuestionInput[], title = ''): SurveyQuestionInput {
  const id = nextId(
    'q',
    existing.map((q) => q.id),
  );
  const options = (labels: string[]) => labels.map((label, i) => ({ id: `o${i + 1}`, label }));
  switch (type) {
    case 'single':
    case 'multiple':
      return { id, type, title, required: false, options: options(['', '']) };
    case 'rating':
      return { id, type, title, required: false, max: 5 };
    case 'text':
      return { id, type, title, required: false, maxLength: 500 };
    case 'number':
      return { id, type, title, required: false, min: null, max: null };
    case 'date':
      return { id, type, title, required: false };
    case 'matrix':
      return { id, type, title, required: false, rows: [{ id: 'r1', label: '' }], columns: options(['', '']) };
  }
}

export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
