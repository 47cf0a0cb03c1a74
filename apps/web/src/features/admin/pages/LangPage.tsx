import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { langRequest, type LangEntry, type LangRequest } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { reloadCatalogue, useI18n } from '@/lib/i18n';
import { adminApi, compact } from '../api/admin-api';
import { EntityModal } from '../components/EntityModal';
import '../admin.css';
import '@/lib/i18n/areas/admin';
import '@/lib/i18n/messages/admin';

/** /system/lang: the text catalogue (spec 001 section 3, language entry) that the interface text comes from. */
export function LangPage() {
  const { t, msg, lang } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 0, size: 20, keyword: '', langType: '' });
  const [editing, setEditing] = useState<Partial<LangEntry> | null>(null);
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
          style={{ width: 140 }}
          value={query.langType}
          onChange={(langType) => setQuery({ ...query, page: 0, langType })}
          options={[
            { value: '', label: t('admin.lang.allLanguages') },
            { value: 'zh', label: t('lang.zh') },
            { value: 'en', label: t('lang.en') },
          ]}
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
        pagination={{ current: query.page + 1, pageSize: query.size, total: list.data?.total ?? 0, showSizeChanger: true, onChange: (page, size) => setQuery({ ...query, page: page - 1, size }) }}
        columns={[
          { title: t('admin.lang.key'), dataIndex: 'key', width: '32%', render: (key: string) => <code>{key}</code> },
          { title: t('admin.lang.langType'), dataIndex: 'langType', width: 100, render: (v: string) => <Tag color={v === 'zh' ? 'red' : 'blue'}>{v === 'zh' ? t('lang.zh') : t('lang.en')}</Tag> },
          { title: t('admin.lang.content'), dataIndex: 'content' },
          { title: t('admin.col.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: t('admin.col.actions'),
            width: 140,
            render: (_, row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => setEditing(row)}>
                  {t('admin.action.edit')}
                </Button>
                <Popconfirm title={t('admin.confirm.delete')} onConfirm={() => remove(row.id)}>
                  <Button size="small" type="link" danger>
                    {t('admin.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EntityModal<LangRequest>
        open={editing !== null}
        title={editing?.id ? t('admin.lang.edit') : t('admin.lang.add')}
        initialValues={{ langType: editing?.langType ?? 'zh', key: editing?.key ?? '', content: editing?.content ?? '' }}
        schema={langRequest}
        labels={{ key: t('admin.lang.key'), content: t('admin.lang.content'), langType: t('admin.lang.langType') }}
        onSubmit={(body) => adminApi.langSave(body as LangRequest, editing?.id)}
        onClose={() => setEditing(null)}
        onSaved={() => void changed()}
      >
        <Form.Item name="langType" label={t('admin.lang.langType')} required>
          <Select options={[{ value: 'zh', label: t('lang.zh') }, { value: 'en', label: t('lang.en') }]} />
        </Form.Item>
        <Form.Item name="key" label={t('admin.lang.key')} required extra={t('admin.lang.keyHint')}>
          <Input placeholder="sys.user.save.success" />
        </Form.Item>
        <Form.Item name="content" label={t('admin.lang.content')} required extra={t('admin.lang.contentHint')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </EntityModal>
    </Card>
  );
}
