import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_LIMITS, VISIT_CHANNELS } from '@field-portal/shared';
import { showSaveFailure } from '@/lib/save-failure';
import { useActivityWords } from '@/features/activity/i18n';
import { activityKeys, planVisits } from '../api';
import { useCodes } from '../components/codes';
import { DoctorSelect } from '../components/DoctorSelect';
import '../activity.css';

/** /task/newRecord/activityPlan: plan visits to one or more doctors (one visit task each). */
export function ActivityPlanPage() {
  const { t, lang } = useActivityWords();
  const codes = useCodes();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ doctorIds?: number[]; planTime?: Dayjs; title?: string; body?: string; channel?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = form.getFieldsValue(true) as { doctorIds?: number[]; planTime?: Dayjs; title?: string; body?: string; channel?: string };
    setBusy(true);
    try {
      await planVisits({
        doctorIds: v.doctorIds ?? [],
        ...(v.planTime ? { planTime: v.planTime.valueOf() } : {}),
        title: v.title ?? '',
        body: v.body ?? '',
        channel: v.channel ?? 'face',
      });
      form.resetFields();
      void message.success(t('activity.plan.saved'));
      await client.invalidateQueries({ queryKey: activityKeys.all });
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="fp-activity-screen" title={t('activity.plan.title')} data-testid="activity-plan">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ channel: 'face', planTime: dayjs().add(1, 'day').hour(10).minute(0).second(0) }}
      >
        <Form.Item name="doctorIds" label={t('activity.plan.doctors')} required>
          <DoctorSelect multiple />
        </Form.Item>
        <Form.Item name="planTime" label={t('activity.plan.time')} required>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="channel" label={t('activity.visit.channel')}>
          <Select options={VISIT_CHANNELS.map((c) => ({ value: c, label: codes.channel(c) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('activity.visit.purpose')}>
          <Input maxLength={ACTIVITY_LIMITS.titleMax} />
        </Form.Item>
        <Form.Item name="body" label={t('activity.task.body')}>
          <Input.TextArea rows={2} maxLength={ACTIVITY_LIMITS.bodyMax} />
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {t('activity.plan.save')}
        </Button>
      </Form>
    </Card>
  );
}
