import { useEffect, useState } from 'react';
import { App as AntApp, Form, Input, Modal, Switch } from 'antd';
import type { CarouselRecord } from '@field-portal/shared';
import { messageText as catalogue } from '@/lib/i18n';
import { useAppCentreWords } from '../../i18n';
import { managementApi } from '../../management-api';
import { appCentreChecks } from '../../checks-on-save';
import { showSaveFailure } from '@/lib/save-failure';
import { ImageUpload } from '../../components/ImageUpload';
import '@/components/crud/crud.css';
import { EnterSaves } from '@/components/EnterSaves';

interface Props {
  /** The picture edited (row null for a new one) while the dialog is open; a new object each opening. */
  editing: { row: CarouselRecord | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits a carousel picture: title, image, link and whether it is shown (checked with the server's schema on saving). */
export function CarouselDialog({ editing, onClose, onSaved }: Props) {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const labels = { title: t('apps.carousel.titleField'), image: t('apps.carousel.image'), link: t('apps.carousel.link') };

  // The form starts from the picture (or an empty one) at each opening.
  useEffect(() => {
    if (!editing) return;
    const row = editing.row;
    form.resetFields();
    form.setFieldsValue(row ? { title: row.title, image: row.image, link: row.link, enabled: row.enabled } : { title: '', image: '', link: '', enabled: true });
  }, [editing, form]);

  const submit = async () => {
    const body = form.getFieldsValue(true) as Record<string, unknown>;
    const errors = await appCentreChecks('carousel')(body, lang, labels);
    form.setFields(['title', 'image', 'link'].map((name) => ({ name, errors: errors[name] ? [errors[name]!] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await managementApi.saveCarousel(body, editing?.row?.id);
      void message.success(catalogue('apps.saved', lang));
      onSaved();
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={t(editing && !editing.row ? 'apps.dialog.add' : 'apps.dialog.edit', { name: t('apps.item.carousel') })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('apps.action.save')}
      cancelText={t('apps.action.cancel')}
      confirmLoading={saving}
      forceRender
      maskClosable={false}
    >
      <Form form={form} layout="vertical" className="fp-apps-form" onFinish={() => void submit()}>
        <Form.Item name="title" label={labels.title} required>
          <Input />
        </Form.Item>
        <Form.Item name="image" label={labels.image} required extra={t('apps.image.hint')}>
          <ImageUpload kind="banner" label={labels.image} />
        </Form.Item>
        <Form.Item name="link" label={labels.link}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="enabled" label={t('apps.carousel.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}
