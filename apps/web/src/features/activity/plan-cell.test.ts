import { describe, expect, it } from 'vitest';
import { CELL_LINES, planCell } from './plan-cell';

describe('planCell (a day of the plan calendar)', () => {
  it('shows every entry when they fit the cell', () => {
    expect(planCell(['t1'], ['v1', 'v2', 'v3', 'v4'])).toEqual({ tasks: ['t1'], visits: ['v1', 'v2', 'v3', 'v4'], more: 0 });
    expect(planCell([], [])).toEqual({ tasks: [], visits: [], more: 0 });
  });

  it('shows the first entries, tasks first, and how many more, in as many lines as the cell holds', () => {
    const visits = Array.from({ length: 8 }, (_, i) => `v${i + 1}`);
    const cell = planCell(['t1', 't2'], visits);
    expect(cell).toEqual({ tasks: ['t1', 't2'], visits: ['v1', 'v2'], more: 6 });
    expect(cell.tasks.length + cell.visits.length + 1).toBe(CELL_LINES);
    expect(planCell(['t1', 't2', 't3', 't4', 't5', 't6'], ['v1'])).toEqual({ tasks: ['t1', 't2', 't3', 't4'], visits: [], more: 3 });
  });
});
