import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeetingListPage, MeetingRow } from '@field-portal/shared';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { standInResizeObserver } from '@/test-resize-observer';
import { MeetingReportIndexPage } from './MeetingReportIndexPage';

const row: MeetingRow = {
  id: 41,
  title: '高血压诊疗进展研讨会',
  type: 'academic',
  status: 'draft',
  startTime: '2026-03-02T01:00:00.000Z',
  endTime: '2026-03-02T03:00:00.000Z',
  city: '重庆',
  hospital: '重庆市中心医院',
  onlineUrl: '',
  medicine: '',
  owner: { userId: 3, username: 'rep03', name: '王敏' },
  mine: true,
  attendeeCount: 0,
  posterUrl: null,
};
const page: MeetingListPage = { list: [row], total: 1, totalCapped: false, nextCursor: null };

// The list answers with one meeting; the counts and a meeting's details never arrive (the drawer
// stays on its loading title), which is all the focus needs.
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn((path: string) => (path.endsWith('/meetingList') ? Promise.resolve(page) : new Promise(() => {}))),
  postResult: vi.fn(() => new Promise(() => {})),
}));

beforeAll(standInResizeObserver);

afterEach(async () => {
  cleanup();
  await act(() => setLang('zh'));
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntdProviders>
          <MeetingReportIndexPage />
        </AntdProviders>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens with Enter as a keyboard does: the control has the focus, and Enter clicks it. */
function pressOn(control: HTMLElement) {
  control.focus();
  fireEvent.click(control);
}

/** Escape from within the dialog or drawer, where antd has put the focus. */
function escapeFrom(panel: HTMLElement) {
  const inside = within(panel).getAllByRole('button')[0]!;
  inside.focus();
  expect(panel.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(inside, { key: 'Escape', code: 'Escape', keyCode: 27 });
}

describe('meeting report index: the focus after a dialog or drawer', () => {
  it('goes back to "New meeting" when the new-meeting dialog closes, by Escape or by Cancel', async () => {
    show();
    const opener = screen.getByRole('button', { name: /新建会议/ });

    pressOn(opener);
    escapeFrom(await screen.findByRole('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    pressOn(opener);
    const dialog = await screen.findByRole('dialog');
    const cancel = within(dialog).getByRole('button', { name: /取\s*消/ });
    cancel.focus();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("goes back to the meeting's title when its drawer closes, by Escape or by its ✕", async () => {
    show();
    const title = await screen.findByRole('link', { name: row.title });

    pressOn(title);
    escapeFrom(await screen.findByRole('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(title));

    pressOn(title);
    const drawer = await screen.findByRole('dialog');
    const close = within(drawer).getByRole('button', { name: /关\s*闭/ });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(title));
  });
});

describe('meeting report index: the search button', () => {
  it('is named with the word its icon shows, in the language of the page', async () => {
    show();
    expect(screen.getByRole('button', { name: '搜索' }).className).toContain('ant-input-search-btn');
    await act(() => setLang('en'));
    expect(screen.getByRole('button', { name: 'Search' }).className).toContain('ant-input-search-btn');
  });
});
