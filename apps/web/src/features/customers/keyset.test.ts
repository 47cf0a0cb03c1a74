import { describe, expect, it } from 'vitest';
import { currentCursor, firstPage, nextPage, previousPage } from './keyset';

describe('keyset paging state', () => {
  it('walks forward by the cursors the server hands out and back without asking for an offset', () => {
    let s = firstPage();
    expect(currentCursor(s)).toBeNull();
    s = nextPage(s, 'c1');
    s = nextPage(s, 'c2');
    expect(currentCursor(s)).toBe('c2');
    s = previousPage(s);
    expect(currentCursor(s)).toBe('c1');
    s = previousPage(s);
    s = previousPage(s);
    expect(currentCursor(s)).toBeNull();
    expect(s.cursors).toHaveLength(1);
  });

  it('stays on the last page when the server has no next cursor', () => {
    const s = nextPage(firstPage(), 'c1');
    expect(nextPage(s, null)).toBe(s);
    expect(nextPage(s, undefined)).toBe(s);
  });
});
