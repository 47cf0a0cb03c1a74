import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '@/lib/i18n';
import { AntdProviders } from '@/lib/providers/antd-providers';
import { EmptyState } from '../EmptyState';
import { KeysetPager, Pager, pageOfRows, RowsTable, sizeOptions } from './index';

afterEach(async () => {
  cleanup();
  await setLang('zh');
});

describe('page sizes and pages of rows', () => {
  it('offers the sizes with the current one among them, in order', () => {
    expect(sizeOptions([5, 10, 15, 30], 10)).toEqual([5, 10, 15, 30]);
    expect(sizeOptions([5, 10, 15, 30], 20)).toEqual([5, 10, 15, 20, 30]);
  });

  it('cuts the rows of one page and shows the last page when the rows shrank', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOfRows(rows, { pageNum: 3, limitNum: 10 })).toEqual({ rows: [21, 22, 23], page: { pageNum: 3, limitNum: 10 } });
    expect(pageOfRows(rows.slice(0, 5), { pageNum: 3, limitNum: 10 })).toEqual({ rows: [1, 2, 3, 4, 5], page: { pageNum: 1, limitNum: 10 } });
    expect(pageOfRows([], { pageNum: 2, limitNum: 10 })).toEqual({ rows: [], page: { pageNum: 1, limitNum: 10 } });
  });
});

describe('Pager', () => {
  it('draws total, sizes, prev, pager, next and jumper in that order, in both languages', async () => {
    const { container, rerender } = render(
      <AntdProviders>
        <Pager page={{ pageNum: 1, limitNum: 10 }} total={42} onChange={() => undefined} />
      </AntdProviders>,
    );
    expect(screen.getByText('共 42 条')).toBeTruthy();
    expect(screen.getByText('10 条/页')).toBeTruthy();
    const order = [
      '.fp-pager-total',
      '.fp-pager-sizes',
      '.ant-pagination-prev',
      '.ant-pagination-item',
      '.ant-pagination-next',
      '.ant-pagination-options-quick-jumper',
    ];
    const nodes = order.map((selector) => container.querySelector(selector));
    nodes.forEach((node, i) => expect(node, order[i]).not.toBeNull());
    for (let i = 1; i < nodes.length; i++) {
      expect(nodes[i - 1]!.compareDocumentPosition(nodes[i]!) & Node.DOCUMENT_POSITION_FOLLOWING, order[i]).toBeTruthy();
    }
    await setLang('en');
    rerender(
      <AntdProviders>
        <Pager page={{ pageNum: 1, limitNum: 10 }} total={42} onChange={() => undefined} />
      </AntdProviders>,
    );
    expect(await screen.findByText('Total 42')).toBeTruthy();
    expect(screen.getByText('10 / page')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Page size' })).toBeTruthy();
  });

  it('is left out of an empty list', () => {
    const { container } = render(
      <AntdProviders>
        <Pager page={{ pageNum: 1, limitNum: 10 }} total={0} onChange={() => undefined} />
      </AntdProviders>,
    );
    expect(container.querySelector('.fp-pager')).toBeNull();
  });

  it('asks for the page clicked, keeping the size', () => {
    const onChange = vi.fn();
    render(
      <AntdProviders>
        <Pager page={{ pageNum: 1, limitNum: 10 }} total={42} onChange={onChange} />
      </AntdProviders>,
    );
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith({ pageNum: 3, limitNum: 10 });
  });
});

describe('KeysetPager', () => {
  it('says the page and offers previous and next as the cursors allow, in English too', async () => {
    await setLang('en');
    const onNext = vi.fn();
    render(
      <AntdProviders>
        <KeysetPager pageIndex={1} hasPrevious hasNext={false} summary="Meetings: 12" onPrevious={() => undefined} onNext={onNext} />
      </AntdProviders>,
    );
    expect(await screen.findByText('Meetings: 12 · Page 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Previous/ }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /Next/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('RowsTable', () => {
  it('shows one page of its rows and the pager under them', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `第 ${i + 1} 行` }));
    render(
      <AntdProviders>
        <RowsTable rowKey="id" dataSource={rows} pageSize={20} columns={[{ title: '名称', dataIndex: 'name' }]} />
      </AntdProviders>,
    );
    expect(screen.getByText('第 20 行')).toBeTruthy();
    expect(screen.queryByText('第 21 行')).toBeNull();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByText('第 25 行')).toBeTruthy();
    expect(screen.queryByText('第 1 行')).toBeNull();
  });
});

describe('EmptyState', () => {
  it('says 暂无数据 by default, with a reason line and an action when given', () => {
    const { container } = render(
      <AntdProviders>
        <EmptyState reason="调整筛选条件后再试" action={<button type="button">新建</button>} />
      </AntdProviders>,
    );
    // The words once: the picture is decoration, with no title of its own.
    expect(container.querySelector('.fp-empty')?.textContent).toBe('暂无数据调整筛选条件后再试新建');
    expect(container.querySelector('.fp-empty svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('调整筛选条件后再试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建' })).toBeTruthy();
  });

  it('is what a table without an empty state of its own draws, in the reader language', async () => {
    await setLang('en');
    const { container } = render(
      <AntdProviders>
        <Table rowKey="id" dataSource={[]} columns={[{ title: 'Name', dataIndex: 'name' }]} />
      </AntdProviders>,
    );
    await waitFor(() => expect(container.querySelector('.ant-table-placeholder .fp-empty .fp-empty-words')?.textContent).toBe('No data'));
  });
});
