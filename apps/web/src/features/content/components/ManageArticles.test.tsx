import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, type ArticlePage, type ArticleRow } from '@field-portal/shared';
import { getResult } from '@/lib/http';
import { cursorPage } from '@/test-cursor-pages';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { renderWithQueries } from '@/test-render';
import { standInResizeObserver } from '@/test-resize-observer';
import { ManageArticles } from './ManageArticles';

vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn(),
}));

beforeAll(async () => {
  standInResizeObserver();
  await act(() => setLang('zh'));
});
afterEach(() => {
  cleanup();
  vi.mocked(getResult).mockReset();
});

const article = (id: number): ArticleRow => ({
  id,
  title: `文章 ${id}`,
  summary: '',
  channel: 'news',
  category: 'other',
  department: null,
  source: 'internal',
  sourceName: '',
  status: 'published',
  publishTime: '2026-11-30T02:00:00.000Z',
  coverUrl: null,
  recommendState: null,
  author: '运营',
  readCount: 0,
  readerCount: 0,
  read: false,
});
const page = (from: number, n: number, nextCursor: string | null): ArticlePage => cursorPage(article, from, n, nextCursor, 102);

describe('the operators’ article list', () => {
  it('reads past the first hundred articles with 加载更多', async () => {
    vi.mocked(getResult)
      .mockResolvedValueOnce(page(1, 100, 'c1'))
      .mockResolvedValueOnce(page(101, 2, null));
    renderWithQueries(
      <AntdProviders>
        <ManageArticles />
      </AntdProviders>,
    );
    expect(await screen.findByText('文章 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
    await waitFor(() => expect(vi.mocked(getResult)).toHaveBeenCalledTimes(2));
    expect(vi.mocked(getResult).mock.calls).toEqual([
      [API.content.articleManageList, { params: { size: 100 } }],
      [API.content.articleManageList, { params: { size: 100, cursor: 'c1' } }],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /加载更多/ })).toBeNull());
  });
});
