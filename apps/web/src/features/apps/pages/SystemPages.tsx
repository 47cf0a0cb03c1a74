import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { API, enterpriseInput, messageGroupInput, type MessageGroupRecord, type OptionRecord } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';
import { messageText as catalogue, useI18n } from '@/lib/i18n';
import { appsApi, crudApi } from '../api';
import { CrudScreen } from '../components/CrudScreen';
import { formErrors } from '../form-rules';
import '../apps.css';
import '@/lib/i18n/areas/apps';
import '@/lib/i18n/messages/apps';

const EDIT_PATH = '/system/messageEdit';

/** /system/messageManger: message groups; adding or editing opens /system/messageEdit. */
export function MessageGroupPage() {
  const navigate = useNavigate();
  return (
    <CrudScreen<MessageGroupRecord>
      title="apps.group.title"
      entity="messageGroup"
      paths={API.apps.messageGroup}
      schema={messageGroupInput}
      searchPlaceholder="apps.group.search"
      defaults={{}}
      onEdit={(row) => void navigate(row ? `${EDIT_PATH}?id=${row.id}` : EDIT_PATH)}
      columns={[
        { key: 'name', label: 'apps.group.name' },
        { key: 'description', label: 'apps.group.description' },
        {
          key: 'members',
          label: 'apps.group.members',
          render: (r) => (
            <span className="fp-apps-chips">
              {r.members.slice(0, 6).map((m) => (
                <Tag key={m.id}>{m.firstName || m.username}</Tag>
              ))}
              {r.members.length > 6 ? <Tag>+{r.members.length - 6}</Tag> : null}
            </span>
          ),
        },
      ]}
    />
  );
}

/** /system/messageEdit?id=…: a message group's name, description and members (new when no id). */
export function MessageEditPage() {
  const { t, lang } = useI18n();
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
    queryFn: async () => (await crudApi.list<MessageGroupRecord>(API.apps.messageGroup, { page: 1, size: 100, search: '' })).list.find((g) => g.id === id) ?? null,
  });
  const options = useQuery({ queryKey: ['apps', 'groupUsers', search], queryFn: () => appsApi.userOptions(search) });
  useEffect(() => {
    const g = group.data;
    if (g) {
      form.setFieldsValue({ name: g.name, description: g.description, memberIds: g.memberIds });
      setKnown(g.members.map((m) => ({ id: m.id, name: m.firstName, nameEn: m.username })));
    } else if (!id) form.setFieldsValue({ name: '', description: '', memberIds: [] });
  }, [group.data, id, form]);
  const choices = [...new Map([...known, ...(options.data ?? [])].map((o) => [o.id, o])).values()];
  const labels = { name: t('apps.group.name'), description: t('apps.group.description'), memberIds: t('apps.group.members') };

  const save = async () => {
    const { name, description, memberIds } = form.getFieldsValue(true) as Record<string, unknown>;
    const body = { name, description, memberIds };
    const errors = formErrors(messageGroupInput, body, lang, labels);
    form.setFields(Object.keys(labels).map((n) => ({ name: n, errors: errors[n] ? [errors[n]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await crudApi.save(API.apps.messageGroup, body, id);
      void message.success(catalogue('apps.saved', lang));
      await client.invalidateQueries({ queryKey: ['apps', 'messageGroup'] });
      void navigate('/system/messageManger');
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      if (field && field in labels) form.setFields([{ name: field, errors: [describeFailure(error, lang)] }]);
      else void message.error(describeFailure(error, lang));
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
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('apps.action.back')} onClick={() => void navigate('/system/messageManger')} />
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
            options={choices.map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.nameEn})` : o.nameEn }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('apps.action.save')}
          </Button>
          <Button onClick={() => void navigate('/system/messageManger')}>{t('apps.action.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** /system/setting: the enterprise settings that the login page and the footer show. */
export function SettingPage() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: ['apps', 'enterprise'], queryFn: appsApi.enterprise });
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);
  const labels = {
    name: t('apps.setting.name'),
    enterpriseName: t('apps.setting.enterpriseName'),
    domain: t('apps.setting.domain'),
    copyright: t('apps.setting.copyright'),
    filingNumber: t('apps.setting.filingNumber'),
  };
  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const body = Object.fromEntries(Object.keys(labels).map((k) => [k, values[k] ?? '']));
    const errors = formErrors(enterpriseInput, body, lang, labels);
    form.setFields(Object.keys(labels).map((n) => ({ name: n, errors: errors[n] ? [errors[n]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await appsApi.saveEnterprise(body);
      void message.success(catalogue('apps.saved', lang));
      await Promise.all([client.invalidateQueries({ queryKey: ['apps', 'enterprise'] }), client.invalidateQueries({ queryKey: ['tenant'] })]);
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      if (field && field in labels) form.setFields([{ name: field, errors: [describeFailure(error, lang)] }]);
      else void message.error(describeFailure(error, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="fp-apps-screen" title={t('apps.setting.title')} data-screen="setting">
      <Form form={form} layout="vertical" className="fp-apps-form" style={{ maxWidth: 640 }}>
        <Form.Item label={t('apps.setting.tenantId')}>
          <Input value={current.data?.tenantId ?? ''} disabled />
        </Form.Item>
        <Form.Item name="name" label={labels.name} required>
          <Input />
        </Form.Item>
        <Form.Item name="enterpriseName" label={labels.enterpriseName} required extra={t('apps.setting.enterpriseNameHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="domain" label={labels.domain} extra={t('apps.setting.domainHint')}>
          <Input placeholder="portal.example.com" />
        </Form.Item>
        <Form.Item name="copyright" label={labels.copyright} extra={t('apps.setting.footerHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="filingNumber" label={labels.filingNumber} extra={t('apps.setting.footerHint')}>
          <Input />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('apps.action.save')}
        </Button>
      </Form>
    </Card>
  );
}
