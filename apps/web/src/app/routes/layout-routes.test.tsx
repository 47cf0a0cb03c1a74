import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { message, type MenuEntry } from '@field-portal/shared';
import '@/lib/i18n';
import { DETAIL_PAGES, DetailOrList } from './detail-pages';
import { layoutRoutes } from './layout-routes';
import { buildRouteTable } from '@/lib/session/route-table';
import { tagsStore } from '@/lib/tabs/tags-store';

const base = { code: '', icon: '', hidden: false, watermark: false, secondaryMenu: false };
const MENUS: MenuEntry[] = [
  { ...base, id: 1, parentId: null, name: '概览', nameEn: 'Overview', path: '/dashboard', router: 'overview', sort: 1 },
  { ...base, id: 2, parentId: null, name: '医生分析', nameEn: 'Doctor analysis', path: '/doctor', router: 'doctor', sort: 2 },
  { ...base, id: 3, parentId: 2, name: '示例页面', nameEn: 'Sample page', path: '/doctor/samplePage', router: 'samplePage', sort: 1 },
];

function renderAt(path: string) {
  const table = buildRouteTable(MENUS, () => false);
  const router = createMemoryRouter([...layoutRoutes(table).map((r) => ({ ...r })), { path: '/404', element: <p>not found</p> }], {
    initialEntries: [path],
  });
  // the layout's routes sit beside /404 here, as they do under the layout's splat route
  render(<RouterProvider router={router} />);
  return router;
}

describe('generated layout routes', () => {
  afterEach(cleanup);

  it('renders a page without a screen as "not yet available" under its title', async () => {
    renderAt('/doctor/samplePage');
    // The page's code loads when it is first opened (docs/decisions/0031).
    expect(await screen.findByText('示例页面', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(message('page.notYetAvailable', 'zh'))).toBeTruthy();
  });

  it('redirects an area to its first page and / to the dashboard', async () => {
    const router = renderAt('/doctor');
    expect(await screen.findByText('示例页面', {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/doctor/samplePage');
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('概览', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('sends a path the user lacks to /404', async () => {
    const router = renderAt('/system/user');
    expect(await screen.findByText('not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('detail pages', () => {
  afterEach(cleanup);

  it('a detail page opened without its record goes to its list; with one it shows', async () => {
    const detail = (
      <DetailOrList param="userId" list="/task/taskRecord">
        <p>detail</p>
      </DetailOrList>
    );
    const router = createMemoryRouter(
      [
        { path: '/task/taskRecordDetail', element: detail },
        { path: '/task/taskRecord', element: <p>list</p> },
      ],
      { initialEntries: ['/task/taskRecordDetail'] },
    );
    tagsStore.set([
      { path: '/task/taskRecordDetail', fullPath: '/task/taskRecordDetail', title: { name: '任务记录详情', nameEn: 'Task record detail' }, affix: false },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/task/taskRecord');
    // the tab the detail page opened is closed with it
    await waitFor(() => expect(tagsStore.get()).toEqual([]));
    await act(() => router.navigate('/task/taskRecordDetail?userId=7&name=x'));
    expect(await screen.findByText('detail')).toBeTruthy();
    await act(() => router.navigate('/task/taskRecordDetail?userId=abc'));
    expect(await screen.findByText('list')).toBeTruthy();
  });

  it('names a list for each detail page that needs a record', () => {
    expect(Object.keys(DETAIL_PAGES).sort()).toEqual(['ccArticleDetail', 'eventDetail', 'surveyQuesDetail', 'taskRecordDetail']);
    for (const { list } of Object.values(DETAIL_PAGES)) expect(list).toMatch(/^\/[A-Za-z]+\/[A-Za-z]+$/);
  });
});
