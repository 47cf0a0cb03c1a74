import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageGroupRecord } from '@field-portal/shared';
import { renderWithQueries } from '@/test-render';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { standInResizeObserver } from '@/test-resize-observer';
import { MessageEditPage } from './MessageEditPage';

// Group 7 exists; group 9 cannot be read (500); any other id answers 404. The member picker's search answers no one.
const GROUP: MessageGroupRecord = {
  id: 7,
  name: '华南代表',
  description: '广东、广西',
  memberIds: [3],
  members: [{ id: 3, username: 'rep03', firstName: '代表三' }],
  updatedAt: '2026-12-01T08:00:00.000Z',
};
const calls: string[] = [];
vi.mock('@/lib/http', async (importOriginal) => {
  const http = await importOriginal<typeof import('@/lib/http')>();
  return {
    ...http,
    getResult: vi.fn((url: string) => {
      calls.push(url);
      if (url.endsWith('/messageGroup/users')) return Promise.resolve([]);
      if (url === '/API-SYSTEM/messageGroup/7') return Promise.resolve(GROUP);
      if (url === '/API-SYSTEM/messageGroup/9') return Promise.reject(new http.HttpError('http', 500, { code: 500, msg: '服务器错误' }));
      return Promise.reject(new http.HttpError('http', 404, { code: 404, msg: '找不到' }));
    }),
  };
});

function show(id: number) {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/system/messageEdit?id=${id}`]}>
      <AntdProviders>
        <MessageEditPage />
      </AntdProviders>
    </MemoryRouter>,
  );
}

beforeAll(() => standInResizeObserver());

afterEach(async () => {
  cleanup();
  calls.length = 0;
  await act(() => setLang('zh'));
});

describe('the message group edit page', () => {
  it('reads its group by id (not from a page of the list) and fills the form', async () => {
    show(7);
    expect(await screen.findByDisplayValue('华南代表')).toBeTruthy();
    expect(screen.getByDisplayValue('广东、广西')).toBeTruthy();
    expect(screen.getByText('代表三 (rep03)')).toBeTruthy();
    expect(calls).toContain('/API-SYSTEM/messageGroup/7');
    expect(calls.some((url) => url.endsWith('/messageGroup/list'))).toBe(false);
  });

  it('says the group is not there, with the way back, when its id answers 404, in Chinese and in English', async () => {
    show(8);
    expect(await screen.findByText('找不到该消息组,它可能已被删除。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回消息组列表' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    cleanup();
    await act(() => setLang('en'));
    show(8);
    expect(await screen.findByText('This message group was not found. It may have been deleted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to message groups' })).toBeTruthy();
  });

  // the query tries twice more before it gives up (a second and then two)
  it('says the group could not be read, and shows no empty form, when its call fails otherwise', async () => {
    show(9);
    expect(await screen.findByText('消息组未能读取,请稍后重试。', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
