import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueries } from '@/test-render';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeetingDetail, MeetingListPage, MeetingRow } from '@field-portal/shared';
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
const other: MeetingRow = { ...row, id: 42, title: '糖尿病基层管理沙龙', city: '成都' };
const page: MeetingListPage = { list: [row, other], total: 2, totalCapped: false, nextCursor: null };
const detail = (m: MeetingRow): MeetingDetail => ({
  ...m,
  description: '',
  coOrganizers: [],
  attendees: [],
  createdAt: m.startTime,
  updatedAt: m.startTime,
  nextStatuses: [],
});

// The list answers with two meetings and a meeting's details with that meeting; the counts and any
// save never arrive.
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn((path: string, options?: { params?: { meetingId?: number } }) => {
    if (path.endsWith('/meetingList')) return Promise.resolve(page);
    const meeting = page.list.find((m) => m.id === options?.params?.meetingId);
    return path.endsWith('/meetingDetail') && meeting ? Promise.resolve(detail(meeting)) : new Promise(() => {});
  }),
  postResult: vi.fn(() => new Promise(() => {})),
}));

beforeAll(() => {
  standInResizeObserver();
  // As for a user who asked for less motion: jsdom never ends antd's closing animations, and a
  // dialog or drawer that stays mounted closes only when its animation ends.
  const matchMedia = window.matchMedia;
  window.matchMedia = (query) => ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' });
});

afterEach(async () => {
  cleanup();
  await act(() => setLang('zh'));
});

function show() {
  renderWithQueries(
    <MemoryRouter>
      <AntdProviders>
        <MeetingReportIndexPage />
      </AntdProviders>
    </MemoryRouter>,
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

  it("goes back to the meeting's title when its drawer closes, by Escape or by its ✕, wherever its row was clicked", async () => {
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

    // A click beside the title (here on the city) gives the focus back to the title all the same.
    fireEvent.click(screen.getByRole('cell', { name: row.city }));
    escapeFrom(await screen.findByRole('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(title));
  });
});

describe('meeting report index: a dialog or drawer opened again', () => {
  it('starts the new-meeting dialog empty again, whatever was typed before it closed', async () => {
    show();
    const opener = screen.getByRole('button', { name: /新建会议/ });

    pressOn(opener);
    const name = within(await screen.findByRole('dialog')).getByLabelText('会议名称');
    fireEvent.change(name, { target: { value: '未保存的会议' } });
    expect(name).toHaveProperty('value', '未保存的会议');
    escapeFrom(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    pressOn(opener);
    expect(within(await screen.findByRole('dialog')).getByLabelText('会议名称')).toHaveProperty('value', '');
  });

  it('shows in the drawer the meeting it was opened for, not the one before', async () => {
    show();
    pressOn(await screen.findByRole('link', { name: row.title }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(row.hospital);
    expect(within(drawer).getAllByText(row.title).length).toBeGreaterThan(0);
    escapeFrom(drawer);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    pressOn(screen.getByRole('link', { name: other.title }));
    const next = await screen.findByRole('dialog');
    await within(next).findByText(other.city);
    expect(within(next).getAllByText(other.title).length).toBeGreaterThan(0);
    expect(within(next).queryByText(row.title)).toBeNull();
    expect(within(next).queryByText(row.city)).toBeNull();
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

describe('meeting report index: its name', () => {
  it("is its menu entry's, as the top bar says it: 会议报告 / Meeting report", async () => {
    show();
    const title = () => document.querySelector('.fp-meetings-screen > .ant-card-head .ant-card-head-title')?.textContent;
    expect(title()).toBe('会议报告');
    await act(() => setLang('en'));
    expect(title()).toBe('Meeting report');
  });
});
