import { useState } from 'react';
import { DATA } from '@/lib/data-text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ACCESS_TOKEN_GRANTS, ACCESS_TOKEN_LIMITS, type AccessTokenCreated, type AccessTokenItem, type AccessTokenStatus } from '@field-portal/shared';
import { describeFailure, isHttpError } from '@/lib/http';
import { useAdminWords } from '../i18n';
import { accessTokenApi } from '../api/access-token-api';
import '../admin.css';
import { EmptyState } from '@/components/EmptyState';
import { EnterSaves } from '@/components/EnterSaves';
import { formatTime } from '@/lib/format';

const STATUS_COLOUR: Record<AccessTokenStatus, string> = { active: 'green', revoked: 'default', expired: 'orange' };
const when = (value: string | null) => formatTime(value);

interface CreateForm {
  name: string;
  userId?: number;
  expiresAt?: Dayjs | null;
}

/**
 * /system/accessToken: personal access tokens of service accounts for the import API
 * (docs/decisions/0050). A token is shown once, when created; the list never holds it.
 */
export function AccessTokenPage() {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AccessTokenCreated | null>(null);
  const list = useQuery({ queryKey: ['admin', 'accessTokens'], queryFn: accessTokenApi.list });

  const revoke = async (id: number) => {
    try {
      await accessTokenApi.revoke(id);
      void message.success(t('admin.token.revoked'));
    } catch (error) {
      void message.error(describeFailure(error, lang));
    }
    await client.invalidateQueries({ queryKey: ['admin', 'accessTokens'] });
  };

  return (
    <Card className="fp-admin-screen" title={t('admin.token.title')}>
      <Typography.Paragraph type="secondary">{t('admin.token.intro')}</Typography.Paragraph>
      <div className="fp-admin-toolbar">
        <span className="fp-admin-spacer" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin.token.add')}
        </Button>
      </div>
      <Table<AccessTokenItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: <EmptyState description={t('admin.token.empty')} /> }}
        pagination={false}
        columns={[
          {
            title: t('admin.token.name'),
            dataIndex: 'name',
            // The grants go under the name: every token carries the import grant today, and a column of its own squeezed the name.
            render: (name: string, row) => (
              <Space direction="vertical" size={2}>
                <Typography.Text strong {...DATA}>
                  {name}
                </Typography.Text>
                <span>
                  {row.grants.map((g) => (
                    <Tag key={g}>{msg('accessTokens.grant.dataImport')}</Tag>
                  ))}
                </span>
              </Space>
            ),
          },
          { title: t('admin.token.hint'), dataIndex: 'hint', width: 130, render: (v: string) => <code>{v}</code> },
          { title: t('admin.token.user'), dataIndex: 'username', width: 120 },
          { title: t('admin.token.expiresAt'), dataIndex: 'expiresAt', width: 140, render: (v: string | null) => (v ? when(v) : t('admin.token.never')) },
          { title: t('admin.token.lastUsed'), dataIndex: 'lastUsedAt', width: 140, render: (v: string | null) => (v ? when(v) : t('admin.token.neverUsed')) },
          {
            title: t('admin.token.createdBy'),
            dataIndex: 'createdBy',
            width: 150,
            render: (v: string, row) => (
              <Space direction="vertical" size={0}>
                <span>{v}</span>
                <Typography.Text type="secondary">{when(row.createdAt)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('admin.token.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: AccessTokenStatus) => <Tag color={STATUS_COLOUR[v]}>{t(`admin.token.status.${v}`)}</Tag>,
          },
          {
            title: t('admin.col.actions'),
            width: 90,
            render: (_, row) =>
              row.status === 'revoked' ? null : (
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  question={t('admin.token.revokeConfirm', { name: row.name })}
                  detail={t('admin.token.revokeWarning')}
                  onConfirm={() => revoke(row.id)}
                >
                  {t('admin.token.revoke')}
                </ConfirmButton>
              ),
          },
        ]}
      />
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
            void client.invalidateQueries({ queryKey: ['admin', 'accessTokens'] });
          }}
        />
      ) : null}
      {created ? <CreatedDialog created={created} onClose={() => setCreated(null)} /> : null}
    </Card>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: AccessTokenCreated) => void }) {
  const { t, msg, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<CreateForm>();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const users = useQuery({ queryKey: ['admin', 'accessTokens', 'users', keyword], queryFn: () => accessTokenApi.users(keyword) });

  const submit = async () => {
    const values = form.getFieldsValue(true) as CreateForm;
    setSaving(true);
    form.setFields(['name', 'userId', 'expiresAt'].map((name) => ({ name: name as never, errors: [] })));
    try {
      onCreated(
        await accessTokenApi.create({
          name: values.name ?? '',
          userId: values.userId,
          grants: [...ACCESS_TOKEN_GRANTS],
          expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null,
        }),
      );
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      const text = describeFailure(error, lang);
      if (field && ['name', 'userId', 'expiresAt'].includes(field)) form.setFields([{ name: field as never, errors: [text] }]);
      else void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('admin.token.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<CreateForm> form={form} layout="vertical" className="fp-admin-form" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('admin.token.name')} required>
          <Input maxLength={ACCESS_TOKEN_LIMITS.nameMax} placeholder={t('admin.token.namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="userId" label={t('admin.token.user')} required extra={t('admin.token.userHint')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('admin.token.userPlaceholder')}
            loading={users.isFetching}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName ? `${u.username}(${u.realName})` : u.username }))}
          />
        </Form.Item>
        <Form.Item label={t('admin.token.grants')}>
          <Tag>{msg('accessTokens.grant.dataImport')}</Tag>
        </Form.Item>
        <Form.Item name="expiresAt" label={t('admin.token.expiresAt')} extra={t('admin.token.expiresHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            style={{ width: 240 }}
          />
        </Form.Item>
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}

/** The one time the token is shown: copy it now, it cannot be shown again. */
function CreatedDialog({ created, onClose }: { created: AccessTokenCreated; onClose: () => void }) {
  const { t } = useAdminWords();
  const { message } = AntApp.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      void message.success(t('admin.token.copied'));
    } catch {
      void message.error(t('admin.token.copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('admin.token.createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      width={620}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admin.token.done')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={t('admin.token.createdWarning')} />
        <Typography.Text strong>{created.name}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={created.token}
            aria-label={t('admin.token.hint')}
            onFocus={(e) => e.currentTarget.select()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('admin.token.copy')}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}
