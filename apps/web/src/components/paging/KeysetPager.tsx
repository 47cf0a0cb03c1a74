import type { ReactNode } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useI18n } from '@/lib/i18n';
import { sizeOptions } from './Pager';

const { Text } = Typography;

interface KeysetPagerProps {
  pageIndex: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading?: boolean;
  /** Words before the page number (a count the list has made). */
  summary?: ReactNode;
  /** The size select, for a list whose size the reader chooses. */
  pageSize?: number;
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * The one pager of a list paged by cursor (keyset paging; docs/decisions/0061): no page numbers
 * past the first because no page costs a full count; the list's count line says how many there are.
 */
export function KeysetPager({ pageIndex, hasPrevious, hasNext, loading, summary, pageSize, pageSizes, onPageSize, onPrevious, onNext }: KeysetPagerProps) {
  const { msg } = useI18n();
  return (
    <div className="fp-keyset-pager">
      <Text type="secondary">
        {summary ? <>{summary} · </> : null}
        {msg('pager.page', { n: pageIndex + 1 })}
      </Text>
      <Space>
        {pageSize !== undefined && pageSizes && onPageSize ? (
          <Select<number>
            size="small"
            value={pageSize}
            aria-label={msg('pager.pageSizeLabel')}
            onChange={onPageSize}
            popupMatchSelectWidth={false}
            options={sizeOptions(pageSizes, pageSize).map((n) => ({ value: n, label: msg('pager.pageSize', { n }) }))}
          />
        ) : null}
        <Button size="small" icon={<LeftOutlined />} disabled={!hasPrevious || loading} onClick={onPrevious}>
          {msg('pager.previous')}
        </Button>
        <Button size="small" disabled={!hasNext || loading} onClick={onNext}>
          {msg('pager.next')} <RightOutlined />
        </Button>
      </Space>
    </div>
  );
}
