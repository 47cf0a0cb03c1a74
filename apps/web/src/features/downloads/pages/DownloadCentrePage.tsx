import { useState } from 'react';
import { App as AntApp, Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { DOWNLOAD_LIMITS, type DownloadJob, type DownloadStatus } from '@field-portal/shared';
import { useDownloadsWords, type DownloadsMessageKey } from '@/features/downloads/i18n';
import { saveDownload, updateDownloadStatus, useDownloads, useRefreshDownloads } from '../api/downloads-api';
import { Pager } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';
import { formatTime } from '@/lib/format';
import { DATA } from '@/lib/data-text';

const { Text } = Typography;

const STATUS_COLOURS: Record<DownloadStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
};

const time = (value: string | null) => formatTime(value, 'second');

/** The download centre (spec 001 sections 2.7 and 7.7): the caller's exports with their progress, download and cancel. */
export function DownloadCentrePage() {
  const { msg, lang } = useDownloadsWords();
  const { message } = AntApp.useApp();
  const [page, setPage] = useState({ pageNum: 1, limitNum: DOWNLOAD_LIMITS.pageSizeDefault as number });
  const query = useDownloads(page.pageNum, page.limitNum);
  const refresh = useRefreshDownloads();
  const [busy, setBusy] = useState<number | undefined>();

  const act = async (job: DownloadJob, action: 'download' | 'cancel') => {
    setBusy(job.id);
    try {
      if (action === 'download') await saveDownload(job);
      else {
        await updateDownloadStatus(job.id, 'cancel');
        void message.success(msg('download.status.cancelled'));
      }
    } catch {
      // The client has said why.
    } finally {
      setBusy(undefined);
      refresh();
    }
  };

  return (
    <Card className="fp-download-centre" title={msg('download.centre')}>
      <Table<DownloadJob>
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.result ?? []}
        locale={{ emptyText: <EmptyState description={msg('download.empty')} /> }}
        pagination={false}
        columns={[
          {
            title: msg('download.col.file'),
            key: 'file',
            render: (_, job) => (
              <Space direction="vertical" size={0}>
                <Text strong>{job.title}</Text>
                {/* the file's name as it was made, in the language of whoever asked for it */}
                <Text type="secondary" style={{ fontSize: 12 }} {...DATA}>
                  {job.fileName}
                </Text>
              </Space>
            ),
          },
          {
            title: msg('download.col.status'),
            key: 'status',
            width: 150,
            // One status in words: a finished file says "downloaded" once it was, in grey (nothing left
            // to do, and no longer counted on the top bar's badge); it can be downloaded again until it expires.
            render: (_, job) => {
              const downloaded = job.status === 'done' && job.downloaded;
              return (
                <Tag color={downloaded ? 'default' : STATUS_COLOURS[job.status]} data-testid={`download-status-${job.id}`}>
                  {downloaded ? msg('download.downloaded') : msg(`download.status.${job.status}` as DownloadsMessageKey)}
                </Tag>
              );
            },
          },
          {
            title: msg('download.col.progress'),
            key: 'progress',
            width: 260,
            render: (_, job) =>
              job.status === 'failed' ? (
                <Text type="danger">{job.message}</Text>
              ) : (
                <Space direction="vertical" size={0} style={{ width: '100%' }}>
                  <Progress percent={job.progress} size="small" status={job.status === 'running' ? 'active' : job.status === 'done' ? 'success' : 'normal'} />
                  {job.rowsTotal !== null ? (
                    <Text type="secondary" style={{ fontSize: 12 }} data-testid={`download-rows-${job.id}`}>
                      {msg('download.rows', { done: job.rowsDone.toLocaleString(lang), total: job.rowsTotal.toLocaleString(lang) })}
                    </Text>
                  ) : null}
                </Space>
              ),
          },
          { title: msg('download.col.created'), key: 'created', width: 170, render: (_, job) => time(job.createTime) },
          { title: msg('download.col.expires'), key: 'expires', width: 170, render: (_, job) => time(job.expireTime) },
          {
            title: msg('download.col.actions'),
            key: 'actions',
            width: 200,
            render: (_, job) => (
              <Space>
                {job.status === 'done' ? (
                  <Button type="primary" size="small" icon={<DownloadOutlined />} loading={busy === job.id} onClick={() => void act(job, 'download')}>
                    {msg('download.action.download')}
                  </Button>
                ) : null}
                {job.status === 'queued' || job.status === 'running' ? (
                  <Button size="small" icon={<StopOutlined />} loading={busy === job.id} onClick={() => void act(job, 'cancel')}>
                    {msg('download.action.cancel')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Pager page={page} total={query.data?.total ?? 0} onChange={setPage} />
    </Card>
  );
}
