import { Component, useEffect, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-dialog';

class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lazyPart', () => {
  it('shows its fallback until the code is in, then the part, rendered only to be shown', async () => {
    let renders = 0;
    let commits = 0;
    function Part({ name }: { name: string }) {
      renders++;
      useEffect(() => {
        commits++;
      });
      return <p>part {name}</p>;
    }
    const code = deferred<typeof Part>();
    const Lazy = lazyPart(() => code.promise, <p>loading</p>);
    const { rerender } = render(<Lazy name="a" />);
    expect(screen.getByText('loading')).toBeTruthy();
    // Updates while the code is on its way (a toast's animation) draw nothing of the part.
    rerender(<Lazy name="b" />);
    rerender(<Lazy name="c" />);
    await act(async () => code.resolve(Part));
    expect(screen.getByText('part c')).toBeTruthy();
    // Every render of the part was committed: none thrown away to leave what it registered behind.
    expect(renders).toBe(commits);
  });

  it('draws a part whose code is already in at once, without its fallback', async () => {
    const Part = ({ name }: { name: string }) => <p>part {name}</p>;
    const Lazy = lazyPart(() => Promise.resolve(Part), <p>loading</p>);
    const first = render(<Lazy name="a" />);
    await screen.findByText('part a');
    first.unmount();
    render(<Lazy name="b" />);
    expect(screen.getByText('part b')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('hands a failed download to the error boundary, and asks again on the next use', async () => {
    let calls = 0;
    const Part = () => <p>part</p>;
    const Lazy = lazyPart(() => (++calls === 1 ? Promise.reject(new Error('chunk')) : Promise.resolve(Part)));
    // React reports an error a boundary caught on the console: kept off the test's output, and read.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = render(
      <Boundary>
        <Lazy />
      </Boundary>,
    );
    await screen.findByText('failed: chunk');
    expect(reported.mock.calls.flat().some((arg) => arg instanceof Error && arg.message === 'chunk')).toBe(true);
    reported.mockRestore();
    failed.unmount();
    render(<Lazy />);
    await screen.findByText('part');
    expect(calls).toBe(2);
  });
});
