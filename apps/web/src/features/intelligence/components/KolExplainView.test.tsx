import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KolExplain } from '@field-portal/shared';
import { setLang } from '@/lib/i18n';
import { KolExplainView } from './KolExplainView';

const getResult = vi.hoisted(() => vi.fn());
vi.mock('@/lib/http', () => ({ getResult, putResult: vi.fn() }));

// The server's explanation: two decimals, contributions rounded apart from the score.
const explain: KolExplain = {
  doctor: { id: 7, name: '赵丽萍', hospitalName: '重庆市中心医院', department: '心内科', departmentCode: '03', titleCode: '1' },
  indication: '高血压',
  score: 52.26,
  tier: 'T2',
  rank: 3,
  of: 120,
  computedAt: '2025-06-01T00:00:00.000Z',
  dimensions: [
    { dimension: 'paper', raw: 9, percentile: 85.5, weight: 12, contribution: 14.15 },
    { dimension: 'network', raw: 1.2, percentile: 62.33, weight: 12, contribution: 9.35 },
    { dimension: 'guideline', raw: 2, percentile: 77.27, weight: 12, contribution: 12.75 },
    { dimension: 'conference', raw: 3, percentile: 36.67, weight: 12, contribution: 6.05 },
    { dimension: 'background', raw: 4, percentile: 60.36, weight: 12, contribution: 9.96 },
  ],
  history: [{ at: '2025-06-01T00:00:00.000Z', score: 52.3 }],
};

beforeEach(async () => {
  getResult.mockResolvedValue(explain);
  await setLang('zh');
});
afterEach(cleanup);

function show() {
  renderWithQueries(<KolExplainView indication="高血压" doctorId={7} />);
}

const rows = () => screen.getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');

describe("a KOL score's explanation", () => {
  it('writes the score with one decimal and contributions that add up to it', async () => {
    show();
    await waitFor(() => expect(screen.getByText('52.3 (T2)')).toBeTruthy(), { timeout: 20_000 });
    const contributions = rows()
      .slice(0, explain.dimensions.length)
      .map((r) => cells(r).at(-1)!);
    expect(contributions.every((c) => /^\d+\.\d$/.test(c))).toBe(true);
    expect(Math.round(contributions.reduce((sum, c) => sum + Number(c) * 10, 0)) / 10).toBe(52.3);
  });

  it("says the papers counted are the indication's", async () => {
    show();
    // the words of the ranking's strongest dimensions and the radar (dim.paper), with the indication
    await waitFor(() => expect(screen.getByText('适应症论文(高血压)')).toBeTruthy(), { timeout: 20_000 });
    cleanup();
    await setLang('en');
    show();
    await waitFor(() => expect(screen.getByText('Papers in the indication (高血压)')).toBeTruthy(), { timeout: 20_000 });
  });

  it("writes a score just under T1's 75 as 74.9 beside T2, its parts adding up to it", async () => {
    getResult.mockResolvedValue({
      ...explain,
      score: 74.96,
      dimensions: [
        { dimension: 'paper', raw: 20, percentile: 99.5, weight: 12, contribution: 20.51 },
        { dimension: 'network', raw: 3.1, percentile: 98.2, weight: 12, contribution: 20.24 },
        { dimension: 'guideline', raw: 5, percentile: 90.1, weight: 12, contribution: 18.57 },
        { dimension: 'background', raw: 6, percentile: 75.8, weight: 12, contribution: 15.64 },
      ],
      history: [{ at: '2025-06-01T00:00:00.000Z', score: 74.9 }],
    });
    show();
    await waitFor(() => expect(screen.getByText('74.9 (T2)')).toBeTruthy(), { timeout: 20_000 });
    expect(screen.queryByText('75.0 (T2)')).toBeNull();
    const contributions = rows()
      .slice(0, 4)
      .map((r) => Number(cells(r).at(-1)));
    expect(Math.round(contributions.reduce((sum, c) => sum + c * 10, 0)) / 10).toBe(74.9);
  });
});
