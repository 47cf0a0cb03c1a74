import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Select, Space } from 'antd';
import {
  DATA_COLLECTION_LIMITS,
  DATA_COLLECTION_NEXT,
  DATA_COLLECTION_STATUSES,
  type DataCollectionRequest,
  type DataCollectionStatus,
} from '@field-portal/shared';
import { useDataCollectionWords } from '@/features/datacollection/i18n';
import { DATA_COLLECTION_KEY, updateStatus, useDataCollectionList } from '../api/datacollection-api';
import { RequestTable } from '../components/RequestTable';

/** The handling screen: every request, by status, moved on with an optional reply (the requester gets a notice). */
export function DataCollectionManagePage() {
  const { msg } = useDataCollectionWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<DataCollectionStatus | undefined>();
  const [page, setPage] = useState({ pageNum: 1, limitNum: DATA_COLLECTION_LIMITS.pageSizeDefault as number });
  const [replies, setReplies] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | undefined>();
  const list = useDataCollectionList('all', { ...page, ...(status ? { status } : {}) });

  const move = async (request: DataCollectionRequest, next: DataCollectionStatus) => {
    setBusy(request.id);
    try {
      await updateStatus(request.id, next, replies[request.id]?.trim() || undefined);
      void message.success(msg('dataCollection.updated'));
      await client.invalidateQueries({ queryKey: DATA_COLLECTION_KEY });
    } catch {
      // The client has said why.
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card
      title={msg('dataCollection.manageTitle')}
      className="fp-data-collection-manage"
      extra={
        <Select<DataCollectionStatus | undefined>
          aria-label={msg('dataCollection.field.status')}
          allowClear
          style={{ width: 160 }}
          placeholder={msg('dataCollection.allStatuses')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          options={DATA_COLLECTION_STATUSES.map((s) => ({ value: s, label: msg(`dataCollection.status.${s}`) }))}
        />
      }
    >
      <RequestTable
        data={list.data}
        loading={list.isLoading}
        page={page}
        onPage={setPage}
        showRequester
        actions={(r) =>
          DATA_COLLECTION_NEXT[r.status].length === 0 ? null : (
            <Space direction="vertical" size={4}>
              <Input
                size="small"
                maxLength={DATA_COLLECTION_LIMITS.replyMax}
                placeholder={msg('dataCollection.field.reply')}
                value={replies[r.id] ?? ''}
                onChange={(e) => setReplies((all) => ({ ...all, [r.id]: e.target.value }))}
              />
              <Space wrap size={4}>
                {DATA_COLLECTION_NEXT[r.status].map((next) => (
                  <Button key={next} size="small" danger={next === 'rejected'} loading={busy === r.id} onClick={() => void move(r, next)}>
                    {msg('dataCollection.moveTo', { status: msg(`dataCollection.status.${next}`) })}
                  </Button>
                ))}
              </Space>
            </Space>
          )
        }
      />
    </Card>
  );
}
