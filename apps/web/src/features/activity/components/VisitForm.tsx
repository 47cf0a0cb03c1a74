import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_LIMITS, VISIT_CHANNELS, type VisitChannel } from '@field-portal/shared';
import { clearUnsaved, markUnsaved } from '@/lib/tabs/close-guards';
import { useActivityWords } from '@/features/activity/i18n';
import { showSaveFailure } from '@/lib/save-failure';
import { dataOptions } from '@/components/DataText';
import { activityKeys, saveVisit } from '../api';
import { useCodes } from './codes';
import { DoctorSelect } from './DoctorSelect';

interface Values {
  doctorId?: number;
  visitTime?: Dayjs;
  channel?: VisitChannel;
  durationSeconds?: number | null;
  purpose?: string;
  feedback?: string;
  nextStep?: string;
  products?: { product?: string; keyMessages?: string[] }[];
}

interface Draft {
  id?: number;
  values: Omit<Values, 'visitTime'> & { visitTime?: number };
}

const draftKey = (scope: string) => `fp.visitDraft:${scope}`;

function loadDraft(scope: string): Draft | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(draftKey(scope)) ?? 'null') as Draft | null;
    return value && typeof value === 'object' && typeof value.values === 'object' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The visit form (spec 001 section 3): save keeps status 0, submit sets 1 and locks the record.
 * The form's values live in session storage while it is open, so a reload of the tab keeps them,
 * and the tab is marked unsaved until the record is submitted (spec 001 section 4).
 */
export function VisitForm({
  scope,
  tabPath,
  doctor,
  taskId,
  onSubmitted,
}: {
  scope: string;
  tabPath: string;
  doctor?: { id: number; name: string };
  taskId?: number | null;
  onSubmitted?: () => void;
}) {
  const { t, lang } = useActivityWords();
  const codes = useCodes();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const saved = useRef<number | undefined>(undefined);

  useEffect(() => {
    const draft = loadDraft(scope);
    saved.current = draft?.id;
    const base: Values = { channel: 'face', visitTime: dayjs(), products: [{ product: '', keyMessages: [] }], ...(doctor ? { doctorId: doctor.id } : {}) };
    if (draft) {
      form.setFieldsValue({ ...base, ...draft.values, visitTime: draft.values.visitTime ? dayjs(draft.values.visitTime) : base.visitTime });
      void message.info(t('activity.visit.draftRestored'));
    } else {
      form.resetFields();
      form.setFieldsValue(base);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restored once per form scope: `doctor` is a new object on every render of the parent and `t` changes with the language, and re-running would throw away what the user typed
  }, [scope]);

  const keepDraft = () => {
    const values = form.getFieldsValue(true) as Values;
    const draft: Draft = { ...(saved.current ? { id: saved.current } : {}), values: { ...values, visitTime: values.visitTime?.valueOf() } };
    sessionStorage.setItem(draftKey(scope), JSON.stringify(draft));
    markUnsaved(tabPath, 'activity.unsavedVisit', draftKey(scope));
  };

  const send = async (status: 0 | 1) => {
    const values = form.getFieldsValue(true) as Values;
    setBusy(true);
    try {
      const record = await saveVisit({
        ...(saved.current ? { id: saved.current } : {}),
        ...(values.doctorId ? { doctorId: values.doctorId } : {}),
        ...(values.visitTime ? { visitTime: values.visitTime.valueOf() } : {}),
        ...(values.channel ? { channel: values.channel } : {}),
        status,
        purpose: values.purpose ?? '',
        feedback: values.feedback ?? '',
        nextStep: values.nextStep ?? '',
        durationSeconds: values.durationSeconds ?? null,
        products: (values.products ?? []).filter((p) => p.product?.trim()).map((p) => ({ product: p.product!.trim(), keyMessages: p.keyMessages ?? [] })),
        taskId: taskId ?? null,
      });
      saved.current = record.id;
      await client.invalidateQueries({ queryKey: activityKeys.all });
      if (status === 1) {
        sessionStorage.removeItem(draftKey(scope));
        clearUnsaved(tabPath);
        saved.current = undefined;
        form.resetFields();
        form.setFieldsValue({ channel: 'face', visitTime: dayjs(), products: [{ product: '', keyMessages: [] }], ...(doctor ? { doctorId: doctor.id } : {}) });
        void message.success(t('activity.visit.submitted'));
        onSubmitted?.();
      } else {
        keepDraft();
        void message.success(t('activity.visit.saved'));
      }
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('activity.visit.new')} data-testid="visit-form">
      <Form form={form} layout="vertical" onValuesChange={keepDraft}>
        <Space wrap size="middle" align="start">
          <Form.Item name="doctorId" label={t('activity.visit.doctor')} required>
            {doctor ? (
              <Select style={{ width: 220 }} disabled options={[{ value: doctor.id, label: doctor.name }]} {...dataOptions} />
            ) : (
              <DoctorSelect style={{ width: 260 }} />
            )}
          </Form.Item>
          <Form.Item name="visitTime" label={t('activity.visit.time')} required>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
          </Form.Item>
          <Form.Item name="channel" label={t('activity.visit.channel')} required>
            <Select style={{ width: 170 }} options={VISIT_CHANNELS.map((c) => ({ value: c, label: codes.channel(c) }))} />
          </Form.Item>
          <Form.Item name="durationSeconds" label={t('activity.visit.duration')}>
            <InputNumber min={0} max={86_400} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="purpose" label={t('activity.visit.purpose')}>
          <Input maxLength={ACTIVITY_LIMITS.textMax} />
        </Form.Item>
        <Form.Item label={t('activity.visit.products')}>
          <Form.List name="products">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'product']} noStyle>
                      <Input
                        aria-label={t('activity.visit.product')}
                        placeholder={t('activity.visit.product')}
                        maxLength={ACTIVITY_LIMITS.productMax}
                        style={{ width: 180 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'keyMessages']} noStyle>
                      <Select
                        mode="tags"
                        aria-label={t('activity.visit.keyMessages')}
                        placeholder={t('activity.visit.keyMessages')}
                        style={{ width: 420 }}
                        open={false}
                        {...dataOptions}
                      />
                    </Form.Item>
                    <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('activity.visit.removeProduct')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                {fields.length < ACTIVITY_LIMITS.productsMax ? (
                  <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ product: '', keyMessages: [] })} style={{ marginTop: 8 }}>
                    {t('activity.visit.addProduct')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="feedback" label={t('activity.visit.feedback')}>
          <Input.TextArea rows={2} maxLength={ACTIVITY_LIMITS.textMax} />
        </Form.Item>
        <Form.Item name="nextStep" label={t('activity.visit.nextStep')}>
          <Input maxLength={ACTIVITY_LIMITS.textMax} />
        </Form.Item>
        <Space>
          <Button onClick={() => void send(0)} loading={busy}>
            {t('activity.visit.save')}
          </Button>
          <Button type="primary" onClick={() => void send(1)} loading={busy}>
            {t('activity.visit.submit')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
