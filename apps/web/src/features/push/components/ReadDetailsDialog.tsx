import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PAGINATION, type CardRecord, type ReadStateRow } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';
import { useQueueExport } from '@/features/downloads';
import { cardPushInfo } from '../api/push-api';
import { cardTitle } from '../push-form';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';
import { DATA_SLOT, SentenceWithData } from '@/components/DataText';
import { dataCells } from '@/lib/data-text';

interface ReadDetailsDialogProps {
  card: CardRecord | undefined;
  onClose: () => void;
}

/** Read details of a published card's latest push (spec 000 section 2): receiver id, name, read or unread, first open time; paged, with an Excel export. */
export function ReadDetailsDialog({ card, onClose }: ReadDetailsDialogProps) {
  const { t } = usePushWords();
  const [page, setPage] = useState<{ pageNum: number; limitNum: number }>({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
  const cardId = card?.id;
  const query = useQuery({
    queryKey: ['push', 'readState', cardId, page],
    queryFn: () => cardPushInfo(cardId!, page.pageNum, page.limitNum),
    enabled: cardId !== undefined,
    placeholderData: (previous) => previous,
  });

  const { queue, queueing } = useQueueExport();
  const exportAll = async () => {
    if (cardId !== undefined) await queue('cardReadDetails', { cardId });
  };

  return (
    <Modal
      open={Boolean(card)}
      title={card ? <SentenceWithData sentence={t('push.read.title', { title: DATA_SLOT })} value={cardTitle(card.content) || `#${card.id}`} /> : ''}
      width={760}
      footer={
        <Button icon={<DownloadOutlined />} onClick={() => void exportAll()} loading={queueing} disabled={!query.data?.total}>
          {t('push.read.export')}
        </Button>
      }
      onCancel={() => {
        setPage({ pageNum: PAGINATION.firstPage, limitNum: PAGINATION.defaultSize });
        onClose();
      }}
      destroyOnHidden
    >
      <Table<ReadStateRow>
        rowKey="receiverId"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: <EmptyState description={t('push.read.empty')} /> }}
        columns={[
          { title: t('push.read.receiverId'), dataIndex: 'receiverId', width: 140 },
          { title: t('push.read.receiverName'), dataIndex: 'receiverName', ...dataCells },
          {
            title: t('push.read.event'),
            dataIndex: 'event',
            width: 110,
            render: (event: number) => (event ? <Tag color="green">{t('push.read.read')}</Tag> : <Tag>{t('push.read.unread')}</Tag>),
          },
          { title: t('push.read.firstOpen'), dataIndex: 'firstOpenTime', width: 180, render: (value: string | null) => formatTime(value, 'second') || '—' },
        ]}
        pagination={false}
      />
      <Pager page={page} total={query.data?.total ?? 0} onChange={setPage} data-testid="card-pagination" />
    </Modal>
  );
}
