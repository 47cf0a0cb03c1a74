import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton } from 'antd';
import { useCustomersWords, type CustomersLabelKey } from '@/features/customers/i18n';
import { DISTRIBUTION_DIMENSIONS, type DistributionDimension } from '@field-portal/shared';
import { distributionQuery } from '../api/customers-api';
import { distributionName } from '../reference-options';
import type { DoctorFilters } from '../filters';
import { EmptyState } from '@/components/EmptyState';

// The chart comes in a chunk of its own, fetched only by a screen that shows one.
const TopTenChart = lazy(() => import('./TopTenChart'));

const DIMENSION_LABEL: Record<DistributionDimension, CustomersLabelKey> = {
  department: 'customers.dist.department',
  title: 'customers.dist.title',
  province: 'customers.dist.province',
  city: 'customers.dist.city',
  hospital: 'customers.dist.hospital',
};

/** The top-10 distributions of spec 001 section 9 over the caller's scope and the chosen filters, one dimension at a time. */
export function Distributions({ filters }: { filters: DoctorFilters }) {
  const { t, lang, msg } = useCustomersWords();
  const [dimension, setDimension] = useState<DistributionDimension>('department');
  const top = useQuery(distributionQuery(filters, dimension));
  const label = t(DIMENSION_LABEL[dimension]);
  const items = (top.data?.items ?? []).map((item) => ({ name: distributionName(dimension, item.key, item.name, lang), value: item.count }));
  return (
    <div className="fp-cust-dist">
      <Segmented<DistributionDimension>
        aria-label={t('customers.dist.dimension')}
        value={dimension}
        onChange={setDimension}
        options={DISTRIBUTION_DIMENSIONS.map((d) => ({ value: d, label: t(DIMENSION_LABEL[d]) }))}
      />
      {top.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <EmptyState description={msg('empty.noData')} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <TopTenChart items={items} label={label} />
        </Suspense>
      )}
    </div>
  );
}
