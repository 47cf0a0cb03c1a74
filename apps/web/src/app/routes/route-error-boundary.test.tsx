import { lazy, Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { isLoadFailure, RouteErrorBoundary } from './route-error-boundary';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('the page broke');
  return <p>the page</p>;
}

beforeEach(async () => {
  await setLang('zh');
  // React reports a caught error on the console; these tests cause them on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it("says in the user's words that the page cannot be shown, with what failed and a reload, and shows the next page after a navigation", async () => {
    const view = render(
      <RouteErrorBoundary at="/a">
        <Page fails />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('此页面无法显示');
    expect(screen.getByRole('alert').textContent).toContain('the page broke');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    // the same place again: the error stays
    view.rerender(
      <RouteErrorBoundary at="/a">
        <Page fails={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText('the page')).toBeNull();
    // another page: it renders
    view.rerender(
      <RouteErrorBoundary at="/b">
        <Page fails={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeTruthy();

    await act(() => setLang('en'));
    view.rerender(
      <RouteErrorBoundary at="/c">
        <Page fails />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This page cannot be shown');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says a screen whose code did not arrive could not be loaded (an upgrade or no network), without the browser’s text, and reloads', async () => {
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://portal/assets/DoctorListPage-old.js')));
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <RouteErrorBoundary at="/customer/totaldoctor">
        <Suspense fallback={<p>loading</p>}>
          <Missing />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('此页面未能加载');
    expect(screen.getByRole('alert').textContent).toContain('门户可能已更新到新版本');
    expect(screen.getByRole('alert').textContent).not.toContain('DoctorListPage');
    screen.getByRole('button', { name: '重新加载' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('isLoadFailure', () => {
  it("knows each browser's words for a module that did not arrive, and Vite's for a style sheet", () => {
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLoadFailure(new Error('the page broke'))).toBe(false);
    expect(isLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
