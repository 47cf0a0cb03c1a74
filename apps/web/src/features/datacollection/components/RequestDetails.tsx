import { Descriptions, Modal, Tag } from 'antd';
import type { DataCollectionRequest } from '@field-portal/shared';
import { useDataCollectionWords } from '@/features/datacollection/i18n';
import { DATA } from '@/lib/data-text';
import { formatTime } from '@/lib/format';
import { STATUS_COLOURS } from './status-colours';

/**
 * One request whole: the fields the list cuts short (content, reply) and those it has no room for
 * (remarks, WeChat, QQ, who handled it and when), so a handler reads what the requester wrote.
 */
export function RequestDetails({ request, onClose }: { request: DataCollectionRequest | null; onClose: () => void }) {
  const { msg } = useDataCollectionWords();
  const r = request;
  const data = (value: string) => (value ? <span {...DATA}>{value}</span> : '—');
  return (
    <Modal open={r !== null} title={r ? msg('dataCollection.detail', { id: r.id }) : null} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      {r ? (
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}>
          <Descriptions.Item label={msg('dataCollection.field.status')}>
            <Tag color={STATUS_COLOURS[r.status]}>{msg(`dataCollection.status.${r.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.createdBy')}>{data(r.createdBy)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.sourcePlatform')}>{data(r.sourcePlatform)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.content')}>
            <span {...DATA} style={{ whiteSpace: 'pre-wrap' }}>
              {r.content}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.remarks')}>{data(r.remarks)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.realTime')}>
            {msg(r.realTime ? 'dataCollection.realTime.true' : 'dataCollection.realTime.false')}
          </Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.contactName')}>{data(r.contactName)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.contactPhone')}>{data(r.contactPhone)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.wechat')}>{data(r.wechat)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.qq')}>{data(r.qq)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.file')}>{data(r.fileName ?? '')}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.reply')}>{data(r.reply)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.handledBy')}>{data(r.handledBy ?? '')}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.createdAt')}>{formatTime(r.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={msg('dataCollection.field.updatedAt')}>{formatTime(r.updatedAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
