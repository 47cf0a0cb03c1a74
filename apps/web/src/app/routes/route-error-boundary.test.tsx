import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('the page broke');
  return <p>the page</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it("shows the data router's error text for a page that throws, and the next page after a navigation", () => {
    // React reports the caught error on the console; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <RouteErrorBoundary at="/a">
        <Page fails />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('the page broke');
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
  });
});
