import { useState } from 'react';
import { Checkbox, Rate, Select, Space } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { DeleteOutlined } from '@ant-design/icons';
import { ATTENDEE_ROLES, isAttendanceOpen, isDoctorOutOfScope, RSVP_VALUES, type AttendeeRole, type MeetingDetail } from '@field-portal/shared';
import { OutOfScopeDoctor } from '@/components/OutOfScopeDoctor';
import { formatTime } from '@/lib/format';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { addAttendees, deleteAttendee, updateAttendee } from '../api';
import { DoctorPicker } from './DoctorPicker';
import { attendeeRows, type AttendeeRow } from './attendee-rows';
import { useMeetingRefresh } from './use-meeting-refresh';
import { RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';

/** The drawer's attendees tab: add doctors, roles, replies, attendance and feedback; loaded when the tab is first chosen (docs/decisions/0031). */
export function MeetingAttendees({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useMeetingsWords();
  const refresh = useMeetingRefresh(m.id);
  const open = isAttendanceOpen(m.status);
  const canMark = m.status === 'planned' || m.status === 'held';
  const [role, setRole] = useState<AttendeeRole>('attendee');
  const change = async (doctorId: number, patch: Parameters<typeof updateAttendee>[2]) => {
    await updateAttendee(m.id, doctorId, patch);
    refresh();
  };
  // A doctor outside the reader's scope has no id here; its row is shown, never changed.
  const changeRow = (a: AttendeeRow, patch: Parameters<typeof updateAttendee>[2]) => {
    if (a.doctor) void change(a.doctor.doctorId, patch);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {open && (
        <Space wrap>
          <DoctorPicker
            exclude={m.attendees.flatMap((a) => (isDoctorOutOfScope(a) ? [] : [a.doctorId]))}
            onPick={async (ids) => {
              await addAttendees(m.id, ids, role);
              refresh();
            }}
          />
          <Select<AttendeeRole>
            value={role}
            onChange={setRole}
            aria-label={t('meetings.attendee.role')}
            style={{ width: 120 }}
            options={ATTENDEE_ROLES.map((r) => ({ value: r, label: t(`meetings.role.${r}` as MeetingsLabelKey) }))}
          />
        </Space>
      )}
      <RowsTable<AttendeeRow>
        size="small"
        rowKey="key"
        dataSource={attendeeRows(m.attendees)}
        pageSize={20}
        locale={{ emptyText: <EmptyState description={t('meetings.noAttendees')} /> }}
        columns={[
          { title: t('meetings.attendee.doctor'), key: 'doctor', render: (_: unknown, a) => (a.doctor ? a.doctor.doctorName : <OutOfScopeDoctor />) },
          { title: t('meetings.attendee.hospital'), key: 'hospital', ellipsis: true, render: (_: unknown, a) => a.doctor?.hospital ?? '—' },
          {
            title: t('meetings.attendee.role'),
            dataIndex: 'role',
            width: 110,
            render: (v: AttendeeRole, a) => (
              <Select
                size="small"
                disabled={!open || !a.doctor}
                value={v}
                style={{ width: 100 }}
                aria-label={`${t('meetings.attendee.role')} ${a.doctor?.doctorName ?? ''}`}
                onChange={(role) => changeRow(a, { role })}
                options={ATTENDEE_ROLES.map((r) => ({ value: r, label: t(`meetings.role.${r}` as MeetingsLabelKey) }))}
              />
            ),
          },
          {
            title: t('meetings.attendee.rsvp'),
            dataIndex: 'rsvp',
            width: 110,
            render: (v: string, a) => (
              <Select
                size="small"
                disabled={!open || !a.doctor}
                value={v}
                style={{ width: 100 }}
                aria-label={`${t('meetings.attendee.rsvp')} ${a.doctor?.doctorName ?? ''}`}
                onChange={(rsvp) => changeRow(a, { rsvp: rsvp as (typeof RSVP_VALUES)[number] })}
                options={RSVP_VALUES.map((r) => ({ value: r, label: t(`meetings.rsvp.${r}` as MeetingsLabelKey) }))}
              />
            ),
          },
          {
            title: t('meetings.attendee.attended'),
            dataIndex: 'attended',
            width: 150,
            render: (v: boolean, a) => (
              <Space size={4}>
                <Checkbox
                  checked={v}
                  disabled={!canMark || !a.doctor}
                  aria-label={`${t('meetings.attendee.attended')} ${a.doctor?.doctorName ?? ''}`}
                  onChange={(e) => changeRow(a, { attended: e.target.checked })}
                />
                <span className="fp-checkin">{a.checkInTime ? formatTime(a.checkInTime).slice(11) : ''}</span>
              </Space>
            ),
          },
          {
            title: t('meetings.attendee.feedback'),
            dataIndex: 'feedbackScore',
            width: 150,
            render: (v: number | null, a) => (
              <Rate
                count={5}
                value={v ?? 0}
                disabled={!canMark || !a.doctor}
                onChange={(score) => changeRow(a, { feedbackScore: score || null })}
                style={{ fontSize: 14 }}
              />
            ),
          },
          {
            title: '',
            width: 48,
            render: (_: unknown, a) =>
              open && a.doctor ? (
                <ConfirmButton
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('meetings.attendee.remove')}
                  question={t('meetings.attendee.confirmRemove')}
                  onConfirm={async () => {
                    if (!a.doctor) return;
                    await deleteAttendee(m.id, a.doctor.doctorId);
                    refresh();
                  }}
                />
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
