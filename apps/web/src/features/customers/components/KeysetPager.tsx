import { Button, Select, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCustomersWords } from '@/features/customers/i18n';
import '../customers.css';

const { Text } = Typography;

/**
 * Previous / next by cursor (keyset paging): no page numbers past the first because no page costs
 * a full count; the count line above the list says how many there are.
 */
export function KeysetPager({
  pageIndex,
  hasPrevious,
  hasNext,
  loading,
  pageSize,
  pageSizes,
  onPrevious,
  onNext,
  onPageSize,
}: {
  pageIndex: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading?: boolean;
  pageSize: number;
  pageSizes: readonly number[];
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useCustomersWords();
  return (
    <div className="fp-cust-pager">
      <Text type="secondary">{t('customers.pager.page', { n: pageIndex + 1 })}</Text>
      <Space>
        <Select
          size="small"
          value={pageSize}
          aria-label={t('customers.pager.size')}
          onChange={onPageSize}
          options={pageSizes.map((n) => ({ value: n, label: t('customers.pager.perPage', { n }) }))}
          style={{ width: 110 }}
        />
        <Button size="small" icon={<LeftOutlined />} disabled={!hasPrevious || loading} onClick={onPrevious}>
          {t('customers.pager.previous')}
        </Button>
        <Button size="small" disabled={!hasNext || loading} onClick={onNext}>
          {t('customers.pager.next')} <RightOutlined />
        </Button>
      </Space>
    </div>
  );
}
