import { DATA } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, theme, Typography } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { describeFailure } from '@/lib/http';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustomersWords } from '@/features/customers/i18n';
import { formatCount } from '@/lib/format';
import type { TagRow } from '@field-portal/shared';
import { customersApi, DEFAULT_DOCTOR_RANGE, tagsQuery } from '../api/customers-api';
import { useCustomerRights } from '../rights';
import { DoctorBrowser } from '../components/DoctorBrowser';
import { choose, emptyDoctorFilters, type DoctorFilters } from '../filters';
import { usePageState } from '../page-state';
import '../customers.css';
import { lazyDialog } from '@/components/lazy-dialog';
import { EmptyState } from '@/components/EmptyState';

const { Text } = Typography;

/** The create or rename dialog, downloaded when it is first opened (docs/decisions/0031). */
const TagForm = lazyDialog(() => import('../components/TagNameDialog').then((m) => m.TagForm));

function TagList({
  title,
  empty,
  tags,
  selected,
  mayEdit,
  onSelect,
  onEdit,
}: {
  title: string;
  /** What the list says while it holds no tag. */
  empty: string;
  tags: TagRow[];
  selected?: number;
  mayEdit: boolean;
  onSelect: (tag: TagRow) => void;
  onEdit: (tag: TagRow) => void;
}) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const remove = async (tag: TagRow) => {
    try {
      await customersApi.deleteTag(tag.id);
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    }
  };
  const split = `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`;
  // Drawn as antd's small List draws it (header, split items, actions with separators), without List and its grid.
  return (
    <div className="fp-cust-tag-list">
      <div style={{ paddingBlock: token.paddingSM, borderBottom: split }}>
        <Text strong>{title}</Text>
      </div>
      {tags.length === 0 ? (
        <div style={{ padding: token.padding, color: token.colorTextDisabled, textAlign: 'center' }}>
          <EmptyState description={empty} />
        </div>
      ) : (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {tags.map((tag, index) => {
            const actions = mayEdit
              ? [
                  <Button
                    key="edit"
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`${t('customers.tags.rename')} ${tag.name}`}
                    onClick={(e) => (e.stopPropagation(), onEdit(tag))}
                  />,
                  <ConfirmButton
                    key="delete"
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('customers.tags.delete')} ${tag.name}`}
                    stopPropagation
                    question={t('customers.tags.confirmDelete', { name: tag.name })}
                    onConfirm={() => void remove(tag)}
                  />,
                ]
              : [];
            return (
              <li
                key={tag.id}
                className={tag.id === selected ? 'fp-cust-tag-item is-selected' : 'fp-cust-tag-item'}
                onClick={() => onSelect(tag)}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  padding: `${token.paddingContentVerticalSM}px ${token.paddingContentHorizontal}px`,
                  color: token.colorText,
                  borderBottom: index < tags.length - 1 ? split : 'none',
                }}
              >
                {/* The row is picked by a click anywhere on it; the name is its button for the keyboard. */}
                <button type="button" className="fp-cust-tag-name" aria-pressed={tag.id === selected} {...DATA}>
                  {tag.name}
                </button>
                <Text type="secondary">{formatCount(tag.doctorCount)}</Text>
                {actions.length > 0 ? (
                  <ul style={{ flex: '0 0 auto', marginInlineStart: token.marginXXL, padding: 0, fontSize: 0, listStyle: 'none' }}>
                    {actions.map((action, at) => (
                      <li
                        key={action.key}
                        style={{
                          position: 'relative',
                          display: 'inline-block',
                          padding: `0 ${token.paddingXS}px`,
                          paddingInlineStart: at === 0 ? 0 : token.paddingXS,
                          color: token.colorTextDescription,
                          fontSize: token.fontSize,
                          lineHeight: token.lineHeight,
                          textAlign: 'center',
                        }}
                      >
                        {action}
                        {at < actions.length - 1 ? (
                          <em
                            style={{
                              position: 'absolute',
                              insetBlockStart: '50%',
                              insetInlineEnd: 0,
                              width: token.lineWidth,
                              height: Math.round(token.fontSize * token.lineHeight) - token.marginXXS * 2,
                              transform: 'translateY(-50%)',
                              backgroundColor: token.colorSplit,
                            }}
                          />
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** /customer/doctorLabel: shared and personal tags, and the doctors that carry the chosen one. */
export function DoctorLabelPage() {
  const { t } = useCustomersWords();
  const tags = useQuery(tagsQuery());
  const rights = useCustomerRights();
  const [editing, setEditing] = useState<TagRow | null | 'new'>(null);
  const [filters, setFilters] = usePageState<DoctorFilters | null>('doctorLabel', () => null);
  const list = tags.data ?? [];
  const selectedId = Number(filters?.chosen.tag?.[0]?.value);
  const select = (tag: TagRow) =>
    setFilters(choose(emptyDoctorFilters(filters?.doctorRange ?? DEFAULT_DOCTOR_RANGE), 'tag', [{ value: String(tag.id), label: tag.name }]));
  return (
    <div className="fp-cust-split-frame">
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
          <div className="fp-cust-tag-lists">
            <TagList
              title={t('customers.tags.personal')}
              empty={t('customers.tags.noPersonal')}
              tags={list.filter((tag) => !tag.shared)}
              selected={selectedId}
              mayEdit
              onSelect={select}
              onEdit={setEditing}
            />
            <TagList
              title={t('customers.tags.shared')}
              empty={t('customers.tags.noShared')}
              tags={list.filter((tag) => tag.shared)}
              selected={selectedId}
              mayEdit={rights.reviewer}
              onSelect={select}
              onEdit={setEditing}
            />
          </div>
        </Card>
        <div className="fp-cust-split-main">
          {filters ? (
            <DoctorBrowser router="doctorLabel" filters={filters} onFilters={setFilters} locked={['tag']} />
          ) : (
            <Card className="fp-cust-screen">
              <EmptyState description={t('customers.tags.pickToSee')} />
            </Card>
          )}
        </div>
      </div>
      {editing ? <TagForm tag={editing === 'new' ? null : editing} mayShare={rights.reviewer} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
