import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Empty, List, Popconfirm } from 'antd';
import { describeFailure } from '@/lib/http';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useI18n } from '@/lib/i18n';
import { formatCount } from '@/lib/format';
import type { TagRow } from '@field-portal/shared';
import { customersApi, DEFAULT_DOCTOR_RANGE, tagsQuery } from '../api/customers-api';
import { useCustomerRights } from '../rights';
import { DoctorBrowser } from '../components/DoctorBrowser';
import { choose, emptyDoctorFilters, type DoctorFilters } from '../filters';
import { usePageState } from '../page-state';
import '../customers.css';
import '@/lib/i18n/areas/customers';
import '@/lib/i18n/messages/customers';
import { Text } from '@/components/Text';
import { lazyDialog } from '@/components/lazy-dialog';

/** The create or rename dialog, downloaded when it is first opened (docs/decisions/0031). */
const TagForm = lazyDialog(() => import('../components/TagNameDialog').then((m) => m.TagForm));

function TagList({ title, tags, selected, mayEdit, onSelect, onEdit }: { title: string; tags: TagRow[]; selected?: number; mayEdit: boolean; onSelect: (tag: TagRow) => void; onEdit: (tag: TagRow) => void }) {
  const { t, lang, msg } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const remove = async (tag: TagRow) => {
    try {
      await customersApi.deleteTag(tag.id);
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    }
  };
  return (
    <List<TagRow>
      size="small"
      header={<Text strong>{title}</Text>}
      dataSource={tags}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={msg('empty.noData')} /> }}
      renderItem={(tag) => (
        <List.Item
          className={tag.id === selected ? 'fp-cust-tag-item is-selected' : 'fp-cust-tag-item'}
          onClick={() => onSelect(tag)}
          actions={
            mayEdit
              ? [
                  <Button key="edit" size="small" type="text" icon={<EditOutlined />} aria-label={`${t('customers.tags.rename')} ${tag.name}`} onClick={(e) => (e.stopPropagation(), onEdit(tag))} />,
                  <Popconfirm key="delete" title={t('customers.tags.confirmDelete', { name: tag.name })} onConfirm={() => void remove(tag)}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t('customers.tags.delete')} ${tag.name}`} onClick={(e) => e.stopPropagation()} />
                  </Popconfirm>,
                ]
              : []
          }
        >
          <span className="fp-cust-tag-name">{tag.name}</span>
          <Text type="secondary">{formatCount(tag.doctorCount)}</Text>
        </List.Item>
      )}
    />
  );
}

/** /customer/doctorLabel: shared and personal tags, and the doctors that carry the chosen one. */
export function DoctorLabelPage() {
  const { t } = useI18n();
  const tags = useQuery(tagsQuery());
  const rights = useCustomerRights();
  const [editing, setEditing] = useState<TagRow | null | 'new'>(null);
  const [filters, setFilters] = usePageState<DoctorFilters | null>('doctorLabel', () => null);
  const list = tags.data ?? [];
  const selectedId = Number(filters?.chosen.tag?.[0]?.value);
  const select = (tag: TagRow) => setFilters(choose(emptyDoctorFilters(filters?.doctorRange ?? DEFAULT_DOCTOR_RANGE), 'tag', [{ value: String(tag.id), label: tag.name }]));
  return (
    <div className="fp-cust-split">
      <Card
        className="fp-cust-screen fp-cust-tag-panel"
        title={t('customers.tags.title')}
        extra={
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('customers.tags.create')}
          </Button>
        }
        loading={tags.isLoading}
      >
        <TagList title={t('customers.tags.personal')} tags={list.filter((tag) => !tag.shared)} selected={selectedId} mayEdit onSelect={select} onEdit={setEditing} />
        <TagList title={t('customers.tags.shared')} tags={list.filter((tag) => tag.shared)} selected={selectedId} mayEdit={rights.reviewer} onSelect={select} onEdit={setEditing} />
      </Card>
      <div className="fp-cust-split-main">
        {filters ? (
          <DoctorBrowser router="doctorLabel" filters={filters} onFilters={setFilters} locked={['tag']} />
        ) : (
          <Card className="fp-cust-screen">
            <Empty description={t('customers.tags.pickToSee')} />
          </Card>
        )}
      </div>
      {editing ? <TagForm tag={editing === 'new' ? null : editing} mayShare={rights.reviewer} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
