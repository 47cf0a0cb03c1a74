import { Pagination, Select } from 'antd';
import { PAGINATION } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';

export interface PageState {
  pageNum: number;
  limitNum: number;
}

interface CardPaginationProps {
  page: PageState;
  total: number;
  onChange: (next: PageState) => void;
}

/**
 * The card screens' pagination in the spec's layout, `PAGINATION.layout`: total, sizes, prev,
 * pager, next, jumper (spec 000 section 9, 001 section 9.1). antd's own size changer sits after
 * "next", so total and sizes are drawn here, before antd's prev, pager, next and jumper.
 * A new page size goes back to the first page.
 */
export function CardPagination({ page, total, onChange }: CardPaginationProps) {
  const { t } = usePushWords();
  return (
    <div className="fp-push-pager" data-testid="card-pagination">
      <span className="fp-push-pager-total">{t('push.list.total', { n: total })}</span>
      <Select<number>
        className="fp-push-pager-sizes"
        size="small"
        aria-label={t('push.list.pageSizeLabel')}
        value={page.limitNum}
        popupMatchSelectWidth={false}
        options={PAGINATION.sizes.map((n) => ({ value: n, label: t('push.list.pageSize', { n }) }))}
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
