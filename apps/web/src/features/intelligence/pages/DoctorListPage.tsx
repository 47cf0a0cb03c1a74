import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Table } from 'antd';
import { doctorDepartmentName, type DoctorRow } from '@field-portal/shared';
import { useDoctorWords } from '../doctor-words';
import { formatCount } from '@/lib/format';
// The customers slice's list parts (filters, keyset pages, pager): the same doctors, opened in the 360 view here.
import {
  DEFAULT_DOCTOR_RANGE,
  doctorListQuery,
  PAGE_SIZES,
  DoctorFilterForm,
  emptyDoctorFilters,
  filtersKey,
  type DoctorFilters,
  useKeyset,
  usePageState,
} from '@/features/customers';
import { KeysetPager } from '@/components/paging';
import { full360Path } from '../api/intelligence-api';
import { EmptyState } from '@/components/EmptyState';

/** /doctor/doctorList: the doctors of the caller's scope, filtered as in the customer area, each opening its 360 view. */
export function DoctorListPage() {
  const { t, msg, lang } = useDoctorWords();
  const [filters, setFilters] = usePageState<DoctorFilters>('doctorList', () => emptyDoctorFilters(DEFAULT_DOCTOR_RANGE));
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const pages = useKeyset(filtersKey({ filters, pageSize }));
  const list = useQuery(doctorListQuery(filters, pages.cursor, pageSize));
  const data = list.data;
  return (
    <Card className="fp-cust-screen">
      <DoctorFilterForm filters={filters} onChange={setFilters} />
      <Table<DoctorRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.content ?? []}
        pagination={false}
        data-testid="intel-doctor-list"
        locale={{ emptyText: <EmptyState description={list.isError ? t('intel.loadFailed') : msg('empty.noData')} /> }}
        columns={[
          {
            title: t('intel.doctor'),
            dataIndex: 'name',
            width: 110,
            ...dataCells,
            render: (name: string, row) => <Link to={full360Path(row.id, name)}>{name}</Link>,
          },
          { title: t('intel.hospital'), dataIndex: 'hospitalName', ellipsis: true, ...dataCells },
          // English department names run longer than Chinese ones
          { title: t('intel.department'), width: lang === 'en' ? 260 : 150, render: (_, row) => doctorDepartmentName(row, lang), ellipsis: true },
          {
            title: t('intel.province'),
            width: 190,
            ...dataCells,
            render: (_, row) => [row.province, row.city].filter(Boolean).join(' · '),
            ellipsis: true,
          },
          { title: t('intel.indication'), ...dataCells, render: (_, row) => row.indications.join('、'), ellipsis: true },
          { title: t('customers.col.onlinePatients'), dataIndex: 'onlinePatients', width: 130, align: 'right', render: (n: number) => formatCount(n) },
        ]}
      />
      <KeysetPager
        pageIndex={pages.pageIndex}
        hasPrevious={pages.hasPrevious}
        hasNext={Boolean(data?.nextCursor)}
        loading={list.isFetching}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPrevious={pages.previous}
        onNext={() => pages.next(data?.nextCursor)}
        onPageSize={setPageSize}
      />
    </Card>
  );
}
