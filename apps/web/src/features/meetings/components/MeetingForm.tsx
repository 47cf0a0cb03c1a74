import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MEETING_LIMITS, MEETING_TYPES, type MeetingDetail, type MeetingType } from '@field-portal/shared';
import { isHttpError } from '@/lib/http';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { saveMeeting } from '../api';
import { EnterSaves } from '@/components/EnterSaves';
import { DateRangePicker } from '@/components/DateRangePicker';

interface Values {
  title: string;
  type: MeetingType;
  time: [Dayjs, Dayjs];
  city: string;
  hospital: string;
  onlineUrl: string;
  medicine: string;
  description: string;
}

/**
 * Creates a draft meeting or edits one (owner, before it is held); the server names any field it refuses.
 * `open` false closes it while it stays mounted (useOpenedOnce), so antd gives the focus back to what
 * opened it; its fields are made anew on each opening (the form goes with the closed dialog's content,
 * and what was typed with it).
 */
export function MeetingForm({
  meeting,
  open = true,
  onClose,
  onSaved,
  afterClose,
}: {
  meeting: MeetingDetail | null;
  open?: boolean;
  onClose: () => void;
  onSaved: (m: MeetingDetail) => void;
  /** Once it has closed and given the focus back. */
  afterClose?: () => void;
}) {
  const { t, msg } = useMeetingsWords();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form);
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await saveMeeting({
        ...(meeting ? { id: meeting.id } : {}),
        title: v.title,
        type: v.type,
        startTime: v.time[0].toISOString(),
        endTime: v.time[1].toISOString(),
        city: v.city,
        hospital: v.hospital ?? '',
        onlineUrl: v.onlineUrl ?? '',
        medicine: v.medicine ?? '',
        description: v.description ?? '',
      });
      void message.success(t('meetings.saved'));
      onSaved(saved);
    } catch (error) {
      const field = isHttpError(error) ? error.field : undefined;
      if (field && isHttpError(error))
        form.setFields([{ name: (field === 'startTime' || field === 'endTime' ? 'time' : field) as keyof Values, errors: [error.serverMessage ?? ''] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t(meeting ? 'meetings.edit' : 'meetings.new')}
      okText={t('meetings.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        clearOnDestroy
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          title: meeting?.title ?? '',
          type: meeting?.type ?? 'academic',
          time: meeting ? [dayjs(meeting.startTime), dayjs(meeting.endTime)] : undefined,
          city: meeting?.city ?? '',
          hospital: meeting?.hospital ?? '',
          onlineUrl: meeting?.onlineUrl ?? '',
          medicine: meeting?.medicine ?? '',
          description: meeting?.description ?? '',
        }}
      >
        <Form.Item name="title" label={t('meetings.field.title')} rules={[{ required: true, message: msg('meeting.titleRequired') }]}>
          <Input maxLength={MEETING_LIMITS.titleMax} />
        </Form.Item>
        <div className="fp-form-row">
          <Form.Item name="type" label={t('meetings.field.type')}>
            <Select options={MEETING_TYPES.map((v) => ({ value: v, label: t(`meetings.type.${v}` as MeetingsLabelKey) }))} />
          </Form.Item>
          <Form.Item name="city" label={t('meetings.field.city')} rules={[{ required: true, message: msg('meeting.cityRequired') }]}>
            <Input maxLength={MEETING_LIMITS.cityMax} />
          </Form.Item>
        </div>
        <Form.Item name="time" label={t('meetings.field.time')} rules={[{ required: true, message: msg('meeting.timeRequired') }]}>
          <DateRangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        {type === 'online' ? (
          <Form.Item name="onlineUrl" label={t('meetings.field.onlineUrl')} rules={[{ required: true, message: msg('meeting.onlineUrlRequired') }]}>
            <Input placeholder="https://" maxLength={MEETING_LIMITS.urlMax} />
          </Form.Item>
        ) : (
          <Form.Item name="hospital" label={t('meetings.field.hospital')} rules={[{ required: true, message: msg('meeting.hospitalRequired') }]}>
            <Input maxLength={MEETING_LIMITS.hospitalMax} />
          </Form.Item>
        )}
        <Form.Item name="medicine" label={t('meetings.field.medicine')}>
          <Input maxLength={MEETING_LIMITS.medicineMax} />
        </Form.Item>
        <Form.Item name="description" label={t('meetings.field.description')}>
          <Input.TextArea maxLength={MEETING_LIMITS.descriptionMax} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <EnterSaves busy={saving} />
      </Form>
    </Modal>
  );
}
