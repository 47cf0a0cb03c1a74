import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input } from 'antd';
import { messageText as catalogue } from '@/lib/i18n';
import { useAdminWords } from '../i18n';
import { settingsApi } from '../api/settings-api';
import { settingsChecks } from '../checks-on-save';
import { showSaveFailure } from '@/lib/save-failure';
import '@/components/crud/crud.css';

/** /system/setting: the enterprise settings that the login page and the footer show. */
export function SettingPage() {
  const { t, lang } = useAdminWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: ['apps', 'enterprise'], queryFn: settingsApi.enterprise });
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
    const errors = await settingsChecks('enterprise')(body, lang, labels);
    form.setFields(Object.keys(labels).map((n) => ({ name: n, errors: errors[n] ? [errors[n]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await settingsApi.saveEnterprise(body);
      void message.success(catalogue('apps.saved', lang));
      await Promise.all([client.invalidateQueries({ queryKey: ['apps', 'enterprise'] }), client.invalidateQueries({ queryKey: ['tenant'] })]);
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text), labels);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="fp-apps-screen" title={t('apps.setting.title')} data-screen="setting">
      <Form form={form} layout="vertical" className="fp-apps-form" style={{ maxWidth: 640 }}>
        <Form.Item label={t('apps.setting.tenantId')}>
          {/* no form name, so the item gives the field no id: the name is given here */}
          <Input aria-label={t('apps.setting.tenantId')} value={current.data?.tenantId ?? ''} disabled />
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
