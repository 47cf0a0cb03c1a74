import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDICATION_FIGURE_BASIS, type IndicationMedAna, type MarketOptions } from '@field-portal/shared';
import { setLang } from '@/lib/i18n';
import { IndicationMedAnaPage } from './IndicationMedAnaPage';

const getResult = vi.hoisted(() => vi.fn());
vi.mock('@/lib/http', () => ({ getResult, putResult: vi.fn() }));

const options: MarketOptions = { medicines: [], indications: ['高血压'], platforms: [], products: [] };
// 3,534 of 10,000: a share of 35.34 %, which the server sends as 35.3.
const drugs: IndicationMedAna = {
  indication: '高血压',
  basis: INDICATION_FIGURE_BASIS,
  drugs: [
    { medicine: '甲药', sales: 3534, share: 35.3, search: 10, positive: 1, negative: 0, neutral: 2 },
    { medicine: '乙药', sales: 6466, share: 64.7, search: 20, positive: 0, negative: 1, neutral: 1 },
  ],
};

beforeEach(async () => {
  getResult.mockImplementation((path: string) => Promise.resolve(path.endsWith('/options') ? options : drugs));
  await setLang('zh');
});
afterEach(cleanup);

describe("an indication's drugs", () => {
  it('give a share the same in the pie and in the table, to one decimal', async () => {
    renderWithQueries(<IndicationMedAnaPage />);
    // The page's first draw (antd's table and two charts) takes over a second here, and several on a busy machine.
    await waitFor(() => expect(screen.getAllByRole('cell').map((c) => c.textContent)).toContain('甲药'), { timeout: 20_000 });
    const pie = screen.getByRole('img', { name: '甲药, 乙药' });
    const labels = [...pie.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['甲药 35.3%', '乙药 64.7%']);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('35.3%');
    expect(cells).toContain('64.7%');
  });
});
