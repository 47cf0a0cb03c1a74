import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AcademicContext } from '@field-portal/shared';
import '@/lib/i18n';
import { ContextPage } from './ContextPage';

// The page's one call goes through the HTTP client; here it answers when the test says so.
const answer = vi.hoisted(() => ({ resolve: (_value: unknown) => {} }));
const getResult = vi.hoisted(() =>
  vi.fn(
    () =>
      new Promise((resolve) => {
        answer.resolve = resolve;
      }),
  ),
);
vi.mock('@/lib/http', () => ({ getResult, putResult: vi.fn() }));

const context: AcademicContext = {
  indication: '高血压',
  byYear: [{ year: 2025, papers: 183, citations: 2700 }],
  journals: [
    { journal: '中华心血管病杂志', core: true, papers: 297 },
    { journal: '临床医学杂志', core: false, papers: 12 },
  ],
  authors: [
    {
      doctor: { id: 7, name: '赵丽萍', hospitalName: '重庆市中心医院', department: '心内科', departmentCode: '03', titleCode: '1' },
      papers: 17,
      citations: 590,
    },
  ],
};

afterEach(() => {
  cleanup();
  getResult.mockClear();
});

function show() {
  renderWithQueries(
    <MemoryRouter>
      <ContextPage />
    </MemoryRouter>,
  );
}

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('academic context', () => {
  it('shows the top-10 lists as loading, not as empty, until the figures arrive; then each line in words of the language', async () => {
    show();
    await waitFor(() => expect(getResult).toHaveBeenCalledTimes(1));
    for (const title of ['期刊 Top 10', '作者 Top 10']) {
      expect(card(title).querySelector('.ant-spin-spinning')).not.toBeNull();
      expect(within(card(title)).queryByText('暂无数据')).toBeNull();
    }

    answer.resolve(context);
    const journals = card('期刊 Top 10');
    await waitFor(() => expect(within(journals).getByText('核心')).toBeTruthy());
    // One "core" mark, for the core journal only.
    expect(within(journals).getAllByText('核心')).toHaveLength(1);
    expect(journals.textContent).toContain('— 297 篇');
    expect(journals.textContent).not.toMatch(/core/i);
    expect(card('作者 Top 10').textContent).toContain('— 17 篇论文,被引 590 次');
    // antd's Spin stops spinning in an effect after the render that ends the loading.
    await waitFor(() => expect(journals.querySelector('.ant-spin-spinning')).toBeNull());
  });
});
