import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App as AntApp, Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { CorrectionRow, CorrectionStatus } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { correctionsQuery, customersApi, PAGE_SIZES } from '../api/customers-api';
import { KeysetPager } from '@/components/paging';
import { ProposedChanges } from '../components/ProposedChanges';
import { useKeyset } from '../keyset';
import { doctorPath } from '../routes';
import '../customers.css';
import { EmptyState } from '@/components/EmptyState';
import { formatTime } from '@/lib/format';
import { DATA, dataCells } from '@/lib/data-text';

const { Text } = Typography;

const STATUS_COLOR: Record<CorrectionStatus, string> = { pending: 'orange', accepted: 'green', rejected: 'default' };

/** /dataManage/customerData: the corrections field staff sent, for the keepers of customer master data to accept or reject. */
export function CorrectionQueuePage() {
  const { t, lang, msg } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<CorrectionStatus>('pending');
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const pages = useKeyset(`${status}/${pageSize}`);
  const list = useQuery(correctionsQuery(status, pages.cursor, pageSize));
  const [busy, setBusy] = useState<number | null>(null);
  const statusLabel = (s: CorrectionStatus) => msg(`customers.correction.${s}`);

  const decide = async (row: CorrectionRow, accept: boolean) => {
    setBusy(row.id);
    try {
      await customersApi.decideCorrection(row.id, accept);
      void message.success(t(accept ? 'customers.correction.acceptedDone' : 'customers.correction.rejectedDone'));
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="fp-cust-screen" title={t('customers.corrections.title')}>
      <div className="fp-cust-toolbar">
        <Segmented<CorrectionStatus>
          aria-label={t('customers.corrections.status')}
          value={status}
          onChange={setStatus}
          options={(['pending', 'accepted', 'rejected'] as const).map((s) => ({ value: s, label: statusLabel(s) }))}
        />
      </div>
      <Table<CorrectionRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={msg('empty.noData')} /> }}
        columns={[
          {
            title: t('customers.col.name'),
            dataIndex: 'doctorName',
            width: 120,
            render: (name: string, row) => <Link to={doctorPath(row.doctorId, name)}>{name}</Link>,
            ...dataCells,
          },
          { title: t('customers.col.hospital'), dataIndex: 'hospitalName', width: 220, ellipsis: true, ...dataCells },
          {
            title: t('customers.correction.content'),
            render: (_, row) => (
              <>
                <div className="fp-cust-correction-text" {...DATA}>
                  {row.content}
                </div>
                <ProposedChanges changes={row.changes} />
              </>
            ),
          },
          { title: t('customers.corrections.by'), dataIndex: 'createdByName', width: 110, ...dataCells },
          { title: t('customers.corrections.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
          {
            title: t('customers.corrections.status'),
            width: 190,
            render: (_, row) =>
              row.status === 'pending' ? (
                <Space>
                  <Button size="small" type="primary" loading={busy === row.id} onClick={() => void decide(row, true)}>
                    {t('customers.correction.accept')}
                  </Button>
                  <Button size="small" danger disabled={busy === row.id} onClick={() => void decide(row, false)}>
                    {t('customers.correction.reject')}
                  </Button>
                </Space>
              ) : (
                <Space orientation="vertical" size={0}>
                  <Tag color={STATUS_COLOR[row.status]}>{statusLabel(row.status)}</Tag>
                  {row.decidedByName ? (
                    <Text type="secondary" {...DATA}>
                      {row.decidedByName}
                    </Text>
                  ) : null}
                </Space>
              ),
          },
        ]}
      />
      <KeysetPager
        pageIndex={pages.pageIndex}
        hasPrevious={pages.hasPrevious}
        hasNext={Boolean(list.data?.nextCursor)}
        loading={list.isFetching}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPrevious={pages.previous}
        onNext={() => pages.next(list.data?.nextCursor)}
        onPageSize={setPageSize}
      />
    </Card>
  );
}
