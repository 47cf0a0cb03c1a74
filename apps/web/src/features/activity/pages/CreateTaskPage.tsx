import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { App as AntApp, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_LIMITS, TASK_CLASSIFICATIONS, TASK_PRIORITIES } from '@field-portal/shared';
import { clearUnsaved, markUnsaved } from '@/lib/tabs/close-guards';
import { useActivityWords } from '@/features/activity/i18n';
import { showSaveFailure } from '@/lib/save-failure';
import { activityKeys, createTask, principalsQuery } from '../api';
import { useCodes } from '../components/codes';
import { DoctorSelect } from '../components/DoctorSelect';
import { EnterSaves } from '@/components/EnterSaves';
import { CREATE_TASK_PATH, TASK_DRAFT_KEY } from '../create-task';
import '../activity.css';

interface Values {
  title?: string;
  body?: string;
  classification?: string;
  principalId?: number;
  dueTime?: Dayjs;
  priority?: number;
  doctorId?: number;
}

/**
 * /task/done: create a task. The form is kept in session storage while unsubmitted (the tab asks
 * before closing: spec 001 section 4); opened from a business record it carries that doctor.
 * Enter in a one-line field saves, as the button does; an unfinished form names every field it
 * lacks before anything is sent.
 */
export function CreateTaskPage() {
  const { t, msg, lang } = useActivityWords();
  const codes = useCodes();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const doctorId = Number(params.get('doctorId')) || undefined;
  const doctorName = params.get('doctorName') ?? '';
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const principals = useQuery(principalsQuery(keyword));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const base: Values = {
      classification: doctorId ? 'visit' : 'followUp',
      priority: 1,
      dueTime: dayjs().endOf('day').second(0).millisecond(0),
      ...(doctorId ? { doctorId } : {}),
    };
    try {
      const draft = JSON.parse(sessionStorage.getItem(TASK_DRAFT_KEY) ?? 'null') as (Omit<Values, 'dueTime'> & { dueTime?: number; forDoctor?: number }) | null;
      if (draft && draft.forDoctor === doctorId) {
        form.setFieldsValue({ ...base, ...draft, dueTime: draft.dueTime ? dayjs(draft.dueTime) : base.dueTime });
        return;
      }
    } catch {
      // no usable draft
    }
    form.resetFields();
    form.setFieldsValue(base);
  }, [doctorId, form]);

  const keep = () => {
    const values = form.getFieldsValue(true) as Values;
    sessionStorage.setItem(TASK_DRAFT_KEY, JSON.stringify({ ...values, dueTime: values.dueTime?.valueOf(), forDoctor: doctorId }));
    markUnsaved(CREATE_TASK_PATH, 'activity.unsavedTask', TASK_DRAFT_KEY);
  };

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    setBusy(true);
    try {
      await createTask({
        title: v.title ?? '',
        body: v.body ?? '',
        classification: v.classification ?? 'other',
        ...(v.principalId ? { principalId: v.principalId } : {}),
        ...(v.dueTime ? { dueTime: v.dueTime.valueOf() } : {}),
        priority: v.priority ?? 1,
        doctorId: v.doctorId ?? null,
      });
      sessionStorage.removeItem(TASK_DRAFT_KEY);
      clearUnsaved(CREATE_TASK_PATH);
      form.resetFields();
      void message.success(t('activity.task.created'));
      await client.invalidateQueries({ queryKey: activityKeys.all });
    } catch (error) {
      showSaveFailure(error, form, lang, (text) => message.error(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="fp-activity-screen" title={t('activity.task.create')} data-testid="create-task">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onValuesChange={keep}
        onFinish={() => void submit()}
        // refused before sending: the first field it names is focused, as a server's refusal is
        scrollToFirstError={{ focus: true }}
      >
        <Form.Item name="title" label={t('activity.task.title')} rules={[{ required: true, whitespace: true, message: msg('activity.titleRequired') }]}>
          <Input maxLength={ACTIVITY_LIMITS.titleMax} />
        </Form.Item>
        <Form.Item name="principalId" label={t('activity.task.principal')} rules={[{ required: true, message: msg('activity.principalRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={principals.isFetching}
            options={(principals.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.username})` }))}
            data-testid="principal-select"
          />
        </Form.Item>
        <Form.Item name="dueTime" label={t('activity.task.due')} rules={[{ required: true, message: msg('activity.dueRequired') }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="classification" label={t('activity.task.classification')}>
          <Select options={TASK_CLASSIFICATIONS.map((c) => ({ value: c, label: codes.classification(c) }))} />
        </Form.Item>
        <Form.Item name="priority" label={t('activity.task.priority')}>
          <Select options={TASK_PRIORITIES.map((p) => ({ value: p, label: codes.priority(p) }))} />
        </Form.Item>
        <Form.Item name="doctorId" label={t('activity.task.doctor')}>
          {doctorId ? <Select disabled options={[{ value: doctorId, label: doctorName }]} /> : <DoctorSelect />}
        </Form.Item>
        <Form.Item name="body" label={t('activity.task.body')}>
          <Input.TextArea rows={3} maxLength={ACTIVITY_LIMITS.bodyMax} />
        </Form.Item>
        <EnterSaves busy={busy} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('activity.task.create')}
        </Button>
      </Form>
    </Card>
  );
}
