import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { Item, ItemList } from './ItemList';

afterEach(async () => {
  cleanup();
  await setLang('zh');
});

const meetings = [
  { id: 1, title: '心衰病例分享会' },
  { id: 2, title: '肿瘤科室会' },
];

describe('ItemList', () => {
  it('is a list of one item a line, with the header above and the footer below', () => {
    render(
      <AntdProviders>
        <ItemList
          items={meetings}
          rowKey={(m) => m.id}
          header={<span>共 2 条</span>}
          footer={<button type="button">加载更多</button>}
          renderItem={(m) => <Item title={m.title} description={`#${m.id}`} actions={[<span key="a">2026-11-29</span>, <span key="b">12</span>]} />}
        />
      </AntdProviders>,
    );
    const [list, ...actionLists] = screen.getAllByRole('list');
    const items = within(list!)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.querySelector('.fp-item-title')?.textContent)).toEqual(['心衰病例分享会', '肿瘤科室会']);
    // Each item's actions are a list of their own, so a screen reader counts them too.
    expect(actionLists).toHaveLength(2);
    expect(
      within(actionLists[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2026-11-29', '12']);
    expect(screen.getByText('共 2 条').compareDocumentPosition(list!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('button', { name: '加载更多' }).compareDocumentPosition(list!)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });

  it("says so when empty, in the portal's words or the list's own, and draws no list", async () => {
    const { rerender } = render(
      <AntdProviders>
        <ItemList items={[]} renderItem={() => null} />
      </AntdProviders>,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    await setLang('en');
    rerender(
      <AntdProviders>
        <ItemList items={[]} renderItem={() => null} />
      </AntdProviders>,
    );
    expect(screen.getByText('No data')).toBeTruthy();
    rerender(
      <AntdProviders>
        <ItemList items={[]} renderItem={() => null} empty={<span>No relations found</span>} />
      </AntdProviders>,
    );
    expect(screen.getByText('No relations found')).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('opens an item clicked anywhere but on a link or button of its own, which do their own thing', () => {
    const open = vi.fn();
    const done = vi.fn();
    render(
      <AntdProviders>
        <ItemList
          items={meetings.slice(0, 1)}
          renderItem={(m) => (
            <Item
              onClick={() => open(m.id)}
              title={<a href="#/meeting/1">{m.title}</a>}
              description="上海 · 本人"
              actions={[
                <button key="done" type="button" onClick={done}>
                  完成
                </button>,
              ]}
            />
          )}
        />
      </AntdProviders>,
    );
    fireEvent.click(screen.getByText('上海 · 本人'));
    expect(open).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(done).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: '心衰病例分享会' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
});
