import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { message, type MenuEntry } from '@field-portal/shared';
import '@/lib/i18n';
import { layoutRoutes } from './layout-routes';
import { buildRouteTable } from './route-table';

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
