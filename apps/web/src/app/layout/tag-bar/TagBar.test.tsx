import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import type { Tag } from '@/lib/tabs/tag-rules';
import { TagBar } from './TagBar';
import { TAGS_STORAGE_KEY, tagsStore } from '@/lib/tabs/tags-store';
import { standInResizeObserver } from '@/test-resize-observer';

const tag = (path: string, name: string, affix = false): Tag => ({ path, fullPath: path, title: { name, nameEn: name }, affix });

function renderBar(active: string) {
  const router = createMemoryRouter([{ path: '*', element: <TagBar activePath={active} /> }], { initialEntries: [active] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TagBar', () => {
  beforeAll(standInResizeObserver);
  beforeEach(() => {
    sessionStorage.clear();
    tagsStore.set([tag('/dashboard', '首页', true), tag('/a', '页面甲'), tag('/b', '页面乙'), tag('/c', '页面丙')]);
  });
  afterEach(() => {
    cleanup();
    tagsStore.reset();
  });

  it('shows every open tab, the pinned one without a close button, and persists them', () => {
    renderBar('/b');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭 页面甲' })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY)!)).toHaveLength(4);
  });

  it("titles a record's tab with the record, marked as data", () => {
    tagsStore.set([
      tag('/dashboard', '首页', true),
      { ...tag('/customer/businessRecord/5/王玲', '业务记录'), record: '王玲' },
      { ...tag('/customer/businessRecord/2/范紫林', '业务记录'), record: '范紫林' },
    ]);
    renderBar('/customer/businessRecord/2/范紫林');
    expect(screen.getByRole('button', { name: '业务记录 · 王玲' })).toBeTruthy();
    const active = screen.getByRole('button', { name: '业务记录 · 范紫林' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('范紫林').getAttribute('translate')).toBe('no');
    expect(screen.getByRole('button', { name: '关闭 业务记录 · 王玲' })).toBeTruthy();
  });

  it('closing the active tab goes to the last remaining one', async () => {
    const router = renderBar('/c');
    fireEvent.click(screen.getByRole('button', { name: '关闭 页面丙' }));
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
  });

  it('the right-click menu closes the others, keeping the pinned dashboard', async () => {
    const router = renderBar('/c');
    fireEvent.contextMenu(screen.getByText('页面甲'));
    fireEvent.click(await screen.findByText('关闭其他'));
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/dashboard', '/a']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
  });

  it('close all keeps only the pinned dashboard and goes home', async () => {
    const router = renderBar('/b');
    fireEvent.contextMenu(screen.getByText('页面乙'));
    fireEvent.click(await screen.findByText('关闭所有'));
    expect(tagsStore.get().map((t) => t.path)).toEqual(['/dashboard']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
