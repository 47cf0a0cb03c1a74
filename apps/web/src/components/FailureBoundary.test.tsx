import { lazy, Suspense, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { FailureBoundary } from './FailureBoundary';

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

describe('FailureBoundary', () => {
  it("says in the user's words that the page cannot be shown, with what failed and a reload, and shows the next page after a navigation", async () => {
    const view = render(
      <FailureBoundary at="/a">
        <Page fails />
      </FailureBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('此页面无法显示');
    expect(screen.getByRole('alert').textContent).toContain('the page broke');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    // the same place again: the error stays
    view.rerender(
      <FailureBoundary at="/a">
        <Page fails={false} />
      </FailureBoundary>,
    );
    expect(screen.queryByText('the page')).toBeNull();
    // another page: it renders
    view.rerender(
      <FailureBoundary at="/b">
        <Page fails={false} />
      </FailureBoundary>,
    );
    expect(screen.getByText('the page')).toBeTruthy();

    await act(() => setLang('en'));
    view.rerender(
      <FailureBoundary at="/c">
        <Page fails />
      </FailureBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This page cannot be shown');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('says a screen whose code did not arrive could not be loaded (an upgrade or no network), without the browser’s text, and reloads', async () => {
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://portal/assets/DoctorListPage-old.js')));
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <FailureBoundary at="/customer/totaldoctor">
        <Suspense fallback={<p>loading</p>}>
          <Missing />
        </Suspense>
      </FailureBoundary>,
    );
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('此页面未能加载');
    expect(screen.getByRole('alert').textContent).toContain('门户可能已更新到新版本');
    expect(screen.getByRole('alert').textContent).not.toContain('DoctorListPage');
    screen.getByRole('button', { name: '重新加载' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('FailureBoundary with a frame', () => {
  it('puts the message in the frame its content would have drawn (the phone reader), and draws the content alone when it works', () => {
    const frame = (failure: ReactNode) => <div data-testid="frame">{failure}</div>;
    const view = render(
      <FailureBoundary at="card-1" frame={frame}>
        <Page fails />
      </FailureBoundary>,
    );
    expect(screen.getByTestId('frame').textContent).toContain('此页面无法显示');
    view.rerender(
      <FailureBoundary at="card-2" frame={frame}>
        <Page fails={false} />
      </FailureBoundary>,
    );
    expect(screen.queryByTestId('frame')).toBeNull();
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
