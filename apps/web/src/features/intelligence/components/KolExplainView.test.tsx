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
  doctor: { id: 7, name: '赵丽萍', hospitalName: '重庆市中心医院', department: '心内科', titleCode: '1' },
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
    await waitFor(() => expect(screen.getByText('52.3 (T2)')).toBeTruthy(), { timeout: 5000 });
    const contributions = rows()
      .slice(0, explain.dimensions.length)
      .map((r) => cells(r).at(-1)!);
    expect(contributions.every((c) => /^\d+\.\d$/.test(c))).toBe(true);
    expect(Math.round(contributions.reduce((sum, c) => sum + Number(c) * 10, 0)) / 10).toBe(52.3);
  });

  it("says the papers counted are the indication's", async () => {
    show();
    await waitFor(() => expect(screen.getByText('该适应症论文(高血压)')).toBeTruthy(), { timeout: 5000 });
    cleanup();
    await setLang('en');
    show();
    await waitFor(() => expect(screen.getByText('Papers in this indication (高血压)')).toBeTruthy(), { timeout: 5000 });
  });
});
