import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_SEARCH_THROTTLE_MS } from '@field-portal/shared';
import '@/lib/i18n';
import { usePageSearch } from '@/lib/page-search';
import { PageSearchBox } from './PageSearchBox';
import { standInResizeObserver } from '@/test-resize-observer';

const received: string[] = [];

/** A page with a search: what the top bar pushes becomes its state. */
function Page({ show = true }: { show?: boolean }) {
  const [search, setSearch] = useState('');
  usePageSearch({
    key: 'somePage',
    placeholder: '搜索医生、医院、科室',
    value: search,
    check: (text) => (text.trim().split(/\s+/).length > 5 ? 'too many' : undefined),
    onSearch: (value) => {
      received.push(value);
      setSearch(value);
    },
  });
  return show ? <output data-testid="page-value">{search}</output> : null;
}

describe('the top bar search box (spec 001 section 2.7)', () => {
  beforeAll(standInResizeObserver);
  beforeEach(() => {
    received.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is absent until a page registers, with the page placeholder then', () => {
    const { rerender } = render(<PageSearchBox />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    rerender(
      <>
        <PageSearchBox />
        <Page />
      </>,
    );
    expect(screen.getByPlaceholderText('搜索医生、医院、科室')).toBeTruthy();
  });

  it('pushes typing to the page at most once per 2 s, the latest text last', () => {
    render(
      <>
        <PageSearchBox />
        <Page />
      </>,
    );
    const box = screen.getByPlaceholderText('搜索医生、医院、科室');
    fireEvent.change(box, { target: { value: '张' } });
    fireEvent.change(box, { target: { value: '张三' } });
    fireEvent.change(box, { target: { value: '张三 协和' } });
    expect(received).toEqual(['张']);
    act(() => vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS));
    expect(received).toEqual(['张', '张三 协和']);
    expect(screen.getByTestId('page-value').textContent).toBe('张三 协和');
  });

  it('pushes nothing past five conditions and says why', () => {
    render(
      <>
        <PageSearchBox />
        <Page />
      </>,
    );
    const box = screen.getByPlaceholderText('搜索医生、医院、科室');
    act(() => vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS));
    fireEvent.change(box, { target: { value: 'a b c d e f' } });
    act(() => vi.advanceTimersByTime(SIDEBAR_SEARCH_THROTTLE_MS * 2));
    expect(received).toEqual([]);
    expect(screen.getByText('too many')).toBeTruthy();
  });
});
