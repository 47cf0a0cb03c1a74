import { useState, type ReactNode } from 'react';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { DataCollectionPage, DataCollectionRequest, DataCollectionStatus } from '@field-portal/shared';
import { useDataCollectionWords } from '@/features/datacollection/i18n';
import { saveAttachment } from '../api/datacollection-api';
import { dataCells } from '@/lib/data-text';
import { Pager, type PageState } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';
import { tableWidth } from '@/components/table-width';
import { formatTime } from '@/lib/format';
import { RequestDetails } from './RequestDetails';
import { STATUS_COLOURS } from './status-colours';

const { Text } = Typography;

interface RequestTableProps {
  data: DataCollectionPage | undefined;
  loading: boolean;
  page: { pageNum: number; limitNum: number };
  onPage: (next: PageState) => void;
  showRequester?: boolean;
  actions?: (request: DataCollectionRequest) => ReactNode;
}

/** Requests with their status; the requester's and the handling screens share it. */
export function RequestTable({ data, loading, page, onPage, showRequester, actions }: RequestTableProps) {
  const { msg } = useDataCollectionWords();
  const [shown, setShown] = useState<DataCollectionRequest | null>(null);
  const rows = data?.result ?? [];
  // The handling screen's columns (requester and actions too) add up past what 1366 px leaves: the id
  // stays and the rest scrolls sideways, each text column keeping a width (docs/decisions/0057).
  const wide = Boolean(showRequester || actions);
  const text = wide ? (width: number) => ({ width, ellipsis: true }) : () => ({ ellipsis: true });
  // Nothing to list: the empty state alone, as a scrolled region with nothing in it to focus is out
  // of the keyboard's reach (each row has its id's button, which opens the whole request).
  if (!loading && rows.length === 0 && !data?.total) return <EmptyState description={msg('dataCollection.empty')} />;
  const columns: TableColumnsType<DataCollectionRequest> = [
    {
      title: '#',
      dataIndex: 'id',
      width: 72,
      ...(wide ? { fixed: 'left' as const } : {}),
      // the whole request, with the fields the list cuts short or leaves out
      render: (id: number, r) => (
        <Button type="link" size="small" aria-label={msg('dataCollection.view', { id })} onClick={() => setShown(r)}>
          {id}
        </Button>
      ),
    },
    ...(showRequester ? [{ title: msg('dataCollection.field.createdBy'), dataIndex: 'createdBy', width: 110, ...dataCells }] : []),
    { title: msg('dataCollection.field.sourcePlatform'), dataIndex: 'sourcePlatform', ...text(140), ...dataCells },
    { title: msg('dataCollection.field.content'), dataIndex: 'content', ...text(240), ...dataCells },
    {
      title: msg('dataCollection.field.realTime'),
      dataIndex: 'realTime',
      width: 110,
      render: (value: boolean) => msg(value ? 'dataCollection.realTime.true' : 'dataCollection.realTime.false'),
    },
    {
      title: msg('dataCollection.field.contactName'),
      key: 'contact',
      width: 170,
      ...dataCells,
      render: (_: unknown, r) => `${r.contactName} ${r.contactPhone}`,
    },
    {
      title: msg('dataCollection.field.file'),
      dataIndex: 'fileName',
      width: 150,
      ...dataCells,
      render: (_: unknown, r) =>
        r.fileName ? (
          <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => void saveAttachment(r).catch(() => undefined)}>
            <Text ellipsis style={{ maxWidth: 100 }}>
              {r.fileName}
            </Text>
          </Button>
        ) : (
          '—'
        ),
    },
    {
      title: msg('dataCollection.field.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: DataCollectionStatus) => (
        <Tag color={STATUS_COLOURS[status]} data-status={status}>
          {msg(`dataCollection.status.${status}`)}
        </Tag>
      ),
    },
    { title: msg('dataCollection.field.reply'), dataIndex: 'reply', ...text(200), ...dataCells },
    {
      title: msg('dataCollection.field.createdAt'),
      dataIndex: 'createdAt',
      width: 160,
      render: (value: string) => formatTime(value),
    },
    ...(actions
      ? [{ title: msg('dataCollection.field.actions'), key: 'actions', width: 220, render: (_: unknown, r: DataCollectionRequest) => actions(r) }]
      : []),
  ];
  return (
    <>
      <Table<DataCollectionRequest>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={wide ? { x: tableWidth(columns) } : undefined}
        columns={columns}
      />
      <Pager page={page} total={data?.total ?? 0} onChange={onPage} />
      <RequestDetails request={shown} onClose={() => setShown(null)} />
    </>
  );
}
