import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoadWhenReached } from './load-when-reached';

/** An IntersectionObserver the test drives: `reach()` reports every observed node as in view. */
const observers: { callback: IntersectionObserverCallback; nodes: Element[]; disconnected: boolean }[] = [];
class TestObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, nodes: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(node: Element) {
    this.entry.nodes.push(node);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
const reach = (isIntersecting: boolean) =>
  act(() => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      o.callback(
        o.nodes.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
    }
  });

let loads = 0;
const Table = lazy(async () => {
  loads += 1;
  return { default: () => <table data-testid="table" /> };
});

describe('LoadWhenReached', () => {
  beforeEach(() => {
    observers.length = 0;
    loads = 0;
    globalThis.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(cleanup);

  it('keeps a lazy part unloaded until it comes near the viewport, then renders it', async () => {
    render(
      <LoadWhenReached minHeight={200}>
        <Table />
      </LoadWhenReached>,
    );
    expect(screen.queryByTestId('table')).toBeNull();
    expect(loads).toBe(0);

    reach(false);
    expect(loads).toBe(0);

    reach(true);
    expect(await screen.findByTestId('table')).toBeTruthy();
    expect(loads).toBe(1);
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });
});
