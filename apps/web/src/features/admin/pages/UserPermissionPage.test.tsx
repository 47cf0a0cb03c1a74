import { act, cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuEntry, UserInfo } from '@field-portal/shared';
import { renderWithQueries } from '@/test-render';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { buildRouteTable } from '@/lib/session/route-table';
import { SessionContext } from '@/lib/session/session-context';
import { standInResizeObserver } from '@/test-resize-observer';
import { UserPermissionPage } from './UserPermissionPage';

// The permission list answers empty.
vi.mock('@/lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http')>()),
  getResult: vi.fn(() => Promise.resolve({ content: [], total: 0 })),
}));

const entry = (id: number, parentId: number | null, router: string, path: string): MenuEntry => ({
  id,
  parentId,
  name: router,
  nameEn: router,
  path,
  code: router,
  router,
  sort: id,
  icon: '',
  hidden: false,
  watermark: false,
  secondaryMenu: true,
});
const DATA_MANAGE = entry(1, null, 'dataManage', '/dataManage');
const USER_PERMISSION = entry(2, 1, 'userPermission', '/dataManage/userPermission');
const IMPORT_CENTRE = entry(3, 1, 'dataImport', '/dataManage/dataImport');

function show(menuList: MenuEntry[]) {
  const session = { user: {} as UserInfo, menus: { voList: [], menuList }, table: buildRouteTable(menuList, () => true) };
  renderWithQueries(
    <MemoryRouter>
      <SessionContext.Provider value={session}>
        <AntdProviders>
          <UserPermissionPage />
        </AntdProviders>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

beforeAll(() => standInResizeObserver());

afterEach(async () => {
  cleanup();
  await act(() => setLang('zh'));
});

describe('user permissions: the import centre in the import hint', () => {
  it("is a link to the import centre's territories for a user who holds the import centre, in Chinese and in English", async () => {
    show([DATA_MANAGE, USER_PERMISSION, IMPORT_CENTRE]);
    const link = screen.getByRole('link', { name: '导入中心 › 数据权限(辖区)' });
    expect(link.getAttribute('href')).toBe('/dataManage/dataImport?kind=territories');
    // a link is reached by the keyboard as it is
    link.focus();
    expect(document.activeElement).toBe(link);
    expect(link.closest('.ant-typography')?.textContent).toContain('请用 导入中心 › 数据权限(辖区)。');
    // Chinese sentences follow each other without a space between them
    expect(link.closest('.ant-typography')?.textContent).toContain('省份名称)。按公司的医院编码');

    await act(() => setLang('en'));
    const english = screen.getByRole('link', { name: 'Import centre › Territories (data permissions)' });
    expect(english.getAttribute('href')).toBe('/dataManage/dataImport?kind=territories');
    expect(english.closest('.ant-typography')?.textContent).toContain('use Import centre › Territories (data permissions).');
    expect(english.closest('.ant-typography')?.textContent).toMatch(/\. To import territories/);
  });

  it('is not offered to a user without the import centre: the file hint stays, the import centre is not named', () => {
    show([DATA_MANAGE, USER_PERMISSION]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/^导入文件:csv 或 xlsx/).textContent).not.toContain('导入中心');
  });
});
