import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_LIMITS, API, type ActivityPage, type VisitItem } from '@field-portal/shared';
import { getResult } from '@/lib/http';
import { visitsBetween } from './api';

vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn(),
}));

afterEach(() => vi.mocked(getResult).mockReset());

const visit = (id: number) => ({ id }) as VisitItem;
const page = (ids: number[], nextCursor: string | null): ActivityPage<VisitItem> => ({ list: ids.map(visit), total: 250, totalCapped: false, nextCursor });

describe('visitsBetween (the plan calendar)', () => {
  it("reads every page of the range's visits, each as large as a page may be, until there is no next one", async () => {
    const first = Array.from({ length: 100 }, (_, i) => i + 1);
    const second = Array.from({ length: 100 }, (_, i) => i + 101);
    const third = Array.from({ length: 50 }, (_, i) => i + 201);
    vi.mocked(getResult).mockResolvedValueOnce(page(first, 'c1')).mockResolvedValueOnce(page(second, 'c2')).mockResolvedValueOnce(page(third, null));
    const visits = await visitsBetween(1000, 2000);
    expect(visits.map((v) => v.id)).toEqual([...first, ...second, ...third]);
    expect(vi.mocked(getResult).mock.calls).toEqual([
      [API.activity.findVisitRecord, { params: { start: 1000, end: 2000, size: ACTIVITY_LIMITS.pageMax } }],
      [API.activity.findVisitRecord, { params: { start: 1000, end: 2000, size: ACTIVITY_LIMITS.pageMax, cursor: 'c1' } }],
      [API.activity.findVisitRecord, { params: { start: 1000, end: 2000, size: ACTIVITY_LIMITS.pageMax, cursor: 'c2' } }],
    ]);
  });

  it('asks once when one page holds the range', async () => {
    vi.mocked(getResult).mockResolvedValueOnce(page([1, 2], null));
    expect((await visitsBetween(0, 10)).map((v) => v.id)).toEqual([1, 2]);
    expect(vi.mocked(getResult)).toHaveBeenCalledTimes(1);
  });
});
