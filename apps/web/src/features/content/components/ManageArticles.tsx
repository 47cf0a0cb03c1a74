import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined } from '@ant-design/icons';
import { RECOMMEND_STATES, type ArticleDetail, type ArticleRow, type RecommendState } from '@field-portal/shared';
import { useContentWords, type ContentLabelKey } from '@/features/content/i18n';
import { articleForEdit, contentKeys, deleteArticle, manageListQuery, recommendArticle } from '../api';
import { formatDay } from './ArticleList';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { loadedRows, RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';

/** The editor dialog and the readers drawer, downloaded when first opened (docs/decisions/0031). */
const ArticleEditor = lazyDialog(() => import('./ArticleEditor').then((m) => m.ArticleEditor));
const ReadersDrawer = lazyDialog(() => import('./ReadersDrawer').then((m) => m.ReadersDrawer), null);

/** The operators' view: every article with its status, reads and recommend state; new, edit, delete. */
export function ManageArticles() {
  const { t, lang } = useContentWords();
  // English words are wider: the reads and recommend columns take their language's width
  const wide = lang === 'en';
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<ArticleDetail | null | undefined>(undefined);
  const [readersOf, setReadersOf] = useState<ArticleRow | null>(null);
  const readersOpened = useOpenedOnce(readersOf !== null);
  const list = useInfiniteQuery(manageListQuery());
  const { rows, more } = loadedRows(list);
  const refresh = () => void client.invalidateQueries({ queryKey: contentKeys.all });
  const edit = async (id: number) => setEditing(await articleForEdit(id));
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('content.manage.new')}
        </Button>
      </Space>
      <RowsTable<ArticleRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        locale={{ emptyText: <EmptyState description={t('content.empty')} /> }}
        pageSize={20}
        columns={[
          { title: t('content.field.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('content.field.channel'),
            dataIndex: 'channel',
            width: 120,
            render: (c: string, a) => `${t(`content.channel.${c}` as ContentLabelKey)}${a.department ? ` · ${a.department.toUpperCase()}` : ''}`,
          },
          {
            title: t('content.field.status'),
            dataIndex: 'status',
            width: 90,
            render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{t(`content.status.${s}` as ContentLabelKey)}</Tag>,
          },
          { title: t('content.field.publishTime'), dataIndex: 'publishTime', width: 110, render: formatDay },
          {
            title: t('content.field.reads'),
            width: wide ? 170 : 110,
            render: (_: unknown, a) => (
              <Button type="link" size="small" onClick={() => setReadersOf(a)}>
                {t('content.manage.readsValue', { reads: a.readCount, readers: a.readerCount })}
              </Button>
            ),
          },
          {
            title: t('content.field.recommend'),
            width: wide ? 180 : 150,
            render: (_: unknown, a) => (
              <Select<RecommendState | ''>
                size="small"
                style={{ width: wide ? 170 : 140 }}
                aria-label={t('content.field.recommend')}
                value={a.recommendState ?? ''}
                options={[
                  { value: '', label: t('content.recommend.none') },
                  ...RECOMMEND_STATES.map((s) => ({ value: s, label: t(`content.recommend.${s}` as ContentLabelKey) })),
                ]}
                onChange={async (v) => {
                  await recommendArticle(a.id, v === '' ? null : v);
                  refresh();
                }}
              />
            ),
          },
          {
            title: t('content.manage.actions'),
            width: 130,
            render: (_: unknown, a) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => void edit(a.id)}>
                  {t('content.manage.edit')}
                </Button>
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  question={t('content.manage.confirmDelete')}
                  onConfirm={async () => {
                    await deleteArticle(a.id);
                    void message.success(t('content.manage.deleted'));
                    refresh();
                  }}
                >
                  {t('content.manage.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      {more}
      {editing !== undefined && (
        <ArticleEditor
          article={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
      {readersOpened ? <ReadersDrawer article={readersOf} onClose={() => setReadersOf(null)} /> : null}
    </>
  );
}
