import { describe, expect, it } from 'vitest';
import { surveySchema } from '@field-portal/shared';
import { move, newQuestion, nextId } from './builder-model';

describe('survey builder model', () => {
  it('gives new questions free ids and a shape the server schema accepts once filled', () => {
    const a = newQuestion('single', [], 'A');
    const b = newQuestion('matrix', [a], 'B');
    expect([a.id, b.id]).toEqual(['q1', 'q2']);
    expect(nextId('q', ['q1', 'q3'])).toBe('q2');
    const filled = [a, b]
      .map((q) => ('options' in q ? { ...q, options: q.options.map((o, i) => ({ ...o, label: `o${i}` })) } : q))
      .map((q) => ('rows' in q ? { ...q, rows: [{ id: 'r1', label: 'row' }], columns: q.columns.map((c, i) => ({ ...c, label: `c${i}` })) } : q));
    expect(surveySchema.safeParse({ questions: filled }).success).toBe(true);
    for (const type of ['rating', 'text', 'number', 'date'] as const)
      expect(surveySchema.safeParse({ questions: [newQuestion(type, [], 'x')] }).success).toBe(true);
  });

  it('moves a question up or down and stays put at the ends', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
