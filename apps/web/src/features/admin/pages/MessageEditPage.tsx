import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Form, Input, Result, Select, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { API, type MessageGroupRecord, type OptionRecord } from '@field-portal/shared';
import { messageText as catalogue } from '@/lib/i18n';
import { useAdminWords } from '../i18n';
import { crudApi } from '@/components/crud';
import { settingsApi } from '../api/settings-api';
import { settingsChecks } from '../checks-on-save';
import { showSaveFailure } from '@/lib/save-failure';
import { isNotFound } from '@/lib/http';
import { GROUPS_PATH } from './message-paths';
import '@/components/crud/crud.css';
import { DATA } from '@/lib/data-text';

/** /system/messageEdit?id=…: a message group's name, description and members (new when no id). */
export function MessageEditPage() {
  const { t, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<OptionRecord[]>([]);
  const group = useQuery({
    queryKey: ['apps', 'messageGroup', 'one', id],
    enabled: Boolean(id),
    queryFn: () => crudApi.one<MessageGroupRecord>(API.apps.messageGroup, id!),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
  const options = useQuery({ queryKey: ['apps', 'groupUsers', search], queryFn: () => settingsApi.userOptions(search) });
  useEffect(() => {
    const g = group.data;
    if (g) {
      form.setFieldsValue({ name: g.name, description: g.description, memberIds: g.memberIds });
      setKnown(g.members.map((m) => ({ id: m.id, name: m.firstName, nameEn: m.username })));
    } else if (!id) form.setFieldsValue({ name: '', description: '', memberIds: [] });
  }, [group.data, id, form]);
  const choices = [...new Map([...known, ...(options.data ?? [])].map((o) => [o.id, o])).values()];
  const labels = { name: t('apps.group.name'), description: t('apps.group.description'), memberIds: t('apps.group.members') };

  if (group.isError && isNotFound(group.error)) {
    return (
      <Result
        status="404"
        title={t('apps.group.notFound')}
        extra={
          <Button type="primary" onClick={() => void navigate(GROUPS_PATH)}>
            {t('apps.group.backToList')}
          </Button>
        }
      />
    );
  }

  if (group.isError) return <Alert type="error" showIcon title={t('apps.group.loadFailed')} />;

  const save = async () => {
    const { name, description, memberIds } = form.getFieldsValue(true) as Record<string, unknown>;
    const body = { name, description, memberIds };
    const errors = await settingsChecks('messageGroup')(body, lang, labels);
    form.setFields(Object.keys(labels).map((n) => ({ name: n, errors: errors[n] ? [errors[n]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await crudApi.save(API.apps.messageGroup, body, id);
      void message.success(catalogue('apps.saved', lang));
      await client.invalidateQueries({ queryKey: ['apps', 'messageGroup'] });
      void navigate(GROUPS_PATH);
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text), labels);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      className="fp-apps-screen"
      data-screen="messageEdit"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('apps.action.back')} onClick={() => void navigate(GROUPS_PATH)} />
          {t(id ? 'apps.group.edit' : 'apps.group.add')}
        </Space>
      }
    >
      <Form form={form} layout="vertical" className="fp-apps-form" style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={labels.name} required>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={labels.description}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="memberIds" label={labels.memberIds} extra={t('apps.group.membersHint')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={options.isFetching}
            onChange={(ids: number[]) => setKnown((prev) => [...prev, ...choices.filter((c) => ids.includes(c.id))])}
            options={choices.map((o) => ({ value: o.id, label: <span {...DATA}>{o.name ? `${o.name} (${o.nameEn})` : o.nameEn}</span> }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('apps.action.save')}
          </Button>
          <Button onClick={() => void navigate(GROUPS_PATH)}>{t('apps.action.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
