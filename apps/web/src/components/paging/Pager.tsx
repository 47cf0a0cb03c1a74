import { Pagination, Select } from 'antd';
import { PAGINATION } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';

export interface PageState {
  /** From 1. */
  pageNum: number;
  limitNum: number;
}

interface PagerProps {
  page: PageState;
  total: number;
  onChange: (next: PageState) => void;
  /** The sizes offered; the spec's card sizes unless the list's API pages otherwise. */
  sizes?: readonly number[];
  className?: string;
  'data-testid'?: string;
}

/** The sizes offered with the current one among them, in order. */
export function sizeOptions(sizes: readonly number[], current: number): number[] {
  return [...new Set([...sizes, current])].sort((a, b) => a - b);
}

/**
 * The portal's one pager for a numbered list, tables and card lists alike (docs/decisions/0061):
 * the spec's layout, total, sizes, prev, pager, next, jumper (spec 000 section 9, 001 section
 * 9.1). antd's own size changer sits after "next", so total and sizes are drawn here, before
 * antd's prev, pager, next and jumper, in the order the keyboard meets them. A new page size goes
 * back to the first page. An empty list has no pager: its empty state says so.
 */
export function Pager({ page, total, onChange, sizes = PAGINATION.sizes, className, 'data-testid': testId }: PagerProps) {
  const { msg } = useI18n();
  if (total === 0) return null;
  return (
    <div className={className ? `fp-pager ${className}` : 'fp-pager'} data-testid={testId}>
      <span className="fp-pager-total">{msg('pager.total', { n: total })}</span>
      <Select<number>
        className="fp-pager-sizes"
        size="small"
        aria-label={msg('pager.pageSizeLabel')}
        value={page.limitNum}
        popupMatchSelectWidth={false}
        options={sizeOptions(sizes, page.limitNum).map((n) => ({ value: n, label: msg('pager.pageSize', { n }) }))}
        onChange={(limitNum) => onChange({ pageNum: PAGINATION.firstPage, limitNum })}
      />
      <Pagination
        current={page.pageNum}
        pageSize={page.limitNum}
        total={total}
        showSizeChanger={false}
        showQuickJumper
        onChange={(pageNum) => onChange({ pageNum, limitNum: page.limitNum })}
      />
    </div>
  );
}
