import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, type ActivityPage, type TaskItem } from '@field-portal/shared';
import { getResult } from '@/lib/http';
import { cursorPage } from '@/test-cursor-pages';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { renderWithQueries } from '@/test-render';
import { standInResizeObserver } from '@/test-resize-observer';
import { TaskMineCreatePage } from './TaskListPages';

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

const task = (id: number) =>
  ({
    id,
    title: `任务 ${id}`,
    classification: 'other',
    status: 0,
    priority: 1,
    dueTime: '2026-12-03T09:00:00.000Z',
    doctor: null,
    principal: { id: 4, username: 'rep01', name: '代表1' },
    creator: { id: 4, username: 'rep01', name: '代表1' },
  }) as unknown as TaskItem;
const page = (from: number, n: number, nextCursor: string | null): ActivityPage<TaskItem> => cursorPage(task, from, n, nextCursor, 53);

describe('a task list longer than a page', () => {
  it('shows the first page and adds the next with 加载更多, until there is no more', async () => {
    vi.mocked(getResult)
      .mockResolvedValueOnce(page(1, 50, 'c1'))
      .mockResolvedValueOnce(page(51, 3, null));
    renderWithQueries(
      <MemoryRouter>
        <AntdProviders>
          <TaskMineCreatePage />
        </AntdProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByText('任务 50')).toBeTruthy();
    expect(screen.queryByText('任务 51')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
    expect(await screen.findByText('任务 53')).toBeTruthy();
    expect(screen.getByText('任务 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /加载更多/ })).toBeNull());
    expect(vi.mocked(getResult).mock.calls).toEqual([
      [API.activity.queryTask, { params: { view: 'created', size: 50 } }],
      [API.activity.queryTask, { params: { view: 'created', size: 50, cursor: 'c1' } }],
    ]);
  });
});
