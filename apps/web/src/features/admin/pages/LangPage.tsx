import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { PlusOutlined } from '@ant-design/icons';
import type { LangEntry } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { reloadCatalogue } from '@/lib/i18n';
import { useAdminWords } from '@/features/admin/i18n';
import { adminApi, compact } from '../api/admin-api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import '../admin.css';
import { Pager } from '@/components/paging';
import { formatTime } from '@/lib/format';
import { LanguageName, languageOptions } from '@/components/LanguageName';

/** The add/edit dialog (antd's Form, the server's schema with zod) loads when first opened. */
const LangDialog = lazyDialog(() => import('../components/LangDialog').then((m) => m.LangDialog));

/** /system/lang: the text catalogue (spec 001 section 3, language entry) that the interface text comes from. */
export function LangPage() {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 0, size: 20, keyword: '', langType: '' });
  const [editing, setEditing] = useState<Partial<LangEntry> | null>(null);
  const dialogOpened = useOpenedOnce(editing !== null);
  const list = useQuery({ queryKey: ['admin', 'lang', query], queryFn: () => adminApi.langList(compact(query)), placeholderData: keepPreviousData });

  const changed = async () => {
    setEditing(null);
    await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'lang'] }), reloadCatalogue()]);
  };
  const remove = async (id: number) => {
    try {
      await adminApi.langDelete(id);
      void message.success(msg('sys.delete.success'));
      await changed();
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
  };

  return (
    <Card className="fp-admin-screen" title={t('admin.lang.title')}>
      <div className="fp-admin-toolbar">
        <Input.Search allowClear placeholder={t('admin.lang.search')} style={{ width: 280 }} onSearch={(keyword) => setQuery({ ...query, page: 0, keyword })} />
        <Select
          aria-label={t('admin.lang.langType')}
          style={{ width: 140 }}
          value={query.langType}
          onChange={(langType) => setQuery({ ...query, page: 0, langType })}
          options={[{ value: '', label: t('admin.lang.allLanguages') }, ...languageOptions()]}
        />
        <span className="fp-admin-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ langType: lang, key: '', content: '' })}>
          {t('admin.action.add')}
        </Button>
      </div>
      <Table<LangEntry>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        columns={[
          { title: t('admin.lang.key'), dataIndex: 'key', width: '32%', render: (key: string) => <code>{key}</code> },
          {
            title: t('admin.lang.langType'),
            dataIndex: 'langType',
            width: 100,
            render: (v: string) => (
              <Tag color={v === 'zh' ? 'red' : 'blue'}>
                <LanguageName lang={v === 'zh' ? 'zh' : 'en'} />
              </Tag>
            ),
          },
          { title: t('admin.lang.content'), dataIndex: 'content', ...dataCells },
          { title: t('admin.col.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('admin.col.actions'),
            width: 140,
            render: (_, row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => setEditing(row)}>
                  {t('admin.action.edit')}
                </Button>
                <ConfirmButton size="small" type="link" danger question={t('admin.confirm.delete')} onConfirm={() => remove(row.id)}>
                  {t('admin.action.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]}
      />
      <Pager
        page={{ pageNum: query.page + 1, limitNum: query.size }}
        total={list.data?.total ?? 0}
        onChange={(next) => setQuery({ ...query, page: next.pageNum - 1, size: next.limitNum })}
      />
      {dialogOpened ? <LangDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => void changed()} /> : null}
    </Card>
  );
}
