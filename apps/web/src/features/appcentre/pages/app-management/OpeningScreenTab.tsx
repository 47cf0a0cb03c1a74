import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Form, Input, InputNumber, Switch } from 'antd';
import { describeFailure } from '@/lib/http';
import { messageText as catalogue } from '@/lib/i18n';
import { useAppCentreWords } from '../../i18n';
import { managementApi } from '../../management-api';
import { appCentreChecks } from '../../checks-on-save';
import { ImageUpload } from '../../components/ImageUpload';
import '@/components/crud/crud.css';

/** The opening screen the app shows at start: image, link, seconds shown and whether it is on. */
export function OpeningScreenTab() {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const current = useQuery({ queryKey: ['apps', 'opening'], queryFn: managementApi.openingScreen });
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data !== undefined) form.setFieldsValue(current.data ?? { image: '', link: '', durationSeconds: 3, enabled: true });
  }, [current.data, form]);
  const labels = { image: t('apps.opening.image'), link: t('apps.carousel.link'), durationSeconds: t('apps.opening.duration') };
  const save = async () => {
    const { image, link, durationSeconds, enabled } = form.getFieldsValue(true) as Record<string, unknown>;
    const body = { image, link, durationSeconds, enabled };
    const errors = await appCentreChecks('openingScreen')(body, lang, labels);
    form.setFields(Object.keys(labels).map((name) => ({ name, errors: errors[name] ? [errors[name]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await managementApi.saveOpeningScreen(body);
      void message.success(catalogue('apps.saved', lang));
      await client.invalidateQueries({ queryKey: ['apps', 'opening'] });
    } catch (error) {
      void message.error(describeFailure(error, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="fp-apps-screen" title={t('apps.opening.title')} data-screen="opening">
      <Form form={form} layout="vertical" className="fp-apps-form" style={{ maxWidth: 560 }}>
        <Form.Item name="image" label={labels.image} required extra={t('apps.image.hint')}>
          <ImageUpload kind="banner" label={labels.image} />
        </Form.Item>
        <Form.Item name="link" label={labels.link}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="durationSeconds" label={labels.durationSeconds} extra={catalogue('apps.opening.seconds', lang)}>
          <InputNumber min={1} max={10} addonAfter={t('apps.opening.secondsUnit')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('apps.opening.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('apps.action.save')}
        </Button>
      </Form>
    </Card>
  );
}
