import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Drawer, Empty, Popconfirm, Rate, Select, Space, Table, Tabs, Tag, Upload } from 'antd';
import { DeleteOutlined, EditOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  ATTENDEE_ROLES,
  isAttendanceOpen,
  isMeetingEditable,
  RSVP_VALUES,
  type AttendeeRole,
  type MeetingAttendee,
  type MeetingDetail,
  type MeetingPerson,
} from '@field-portal/shared';
import { AuthorisedImage } from '@/lib/authorised-image';
import { useI18n, type LabelKey } from '@/lib/i18n';
import { addAttendees, addCoOrganizer, changeMeetingStatus, deleteAttendee, deleteCoOrganizer, meetingDetailQuery, meetingKeys, updateAttendee, uploadPoster, userSearchQuery } from '../api';
import { DoctorPicker } from './DoctorPicker';
import { MeetingForm } from './MeetingForm';
import { MeetingReportView } from './MeetingReportView';
import { StatusTag } from './StatusTag';
import { formatTime } from '@/lib/format';
import '@/lib/i18n/areas/meetings';

/** One meeting: overview and lifecycle, team, attendees and the report. */
export function MeetingDrawer({ meetingId, onClose }: { meetingId: number; onClose: () => void }) {
  const { t } = useI18n();
  const detail = useQuery(meetingDetailQuery(meetingId));
  const m = detail.data;
  return (
    <Drawer open size={920} onClose={onClose} title={m ? <Space>{m.title}<StatusTag status={m.status} /></Space> : t('meetings.loading')} destroyOnHidden>
      {m ? (
        <Tabs
          items={[
            { key: 'overview', label: t('meetings.tab.overview'), children: <Overview meeting={m} /> },
            { key: 'team', label: t('meetings.tab.team', { n: m.coOrganizers.length + 1 }), children: <Team meeting={m} /> },
            { key: 'attendees', label: t('meetings.tab.attendees', { n: m.attendees.length }), children: <Attendees meeting={m} /> },
            { key: 'report', label: t('meetings.tab.report'), children: <MeetingReportView meetingId={m.id} /> },
          ]}
        />
      ) : (
        <Empty description={detail.isError ? t('meetings.notFound') : t('meetings.loading')} />
      )}
    </Drawer>
  );
}

function useRefresh(meetingId: number) {
  const client = useQueryClient();
  return (next?: MeetingDetail) => {
    if (next) client.setQueryData(meetingKeys.detail(meetingId), next);
    void client.invalidateQueries({ queryKey: meetingKeys.all });
  };
}

function Overview({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const refresh = useRefresh(m.id);
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(m.updatedAt);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('meetings.field.type')}>{t(`meetings.type.${m.type}` as LabelKey)}</Descriptions.Item>
        <Descriptions.Item label={t('meetings.field.owner')}>{m.owner.name}</Descriptions.Item>
        <Descriptions.Item label={t('meetings.field.time')}>
          {formatTime(m.startTime)} – {formatTime(m.endTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('meetings.field.city')}>{m.city}</Descriptions.Item>
        <Descriptions.Item label={m.type === 'online' ? t('meetings.field.onlineUrl') : t('meetings.field.hospital')}>
          {m.type === 'online' ? (
            <a href={m.onlineUrl} target="_blank" rel="noopener noreferrer">
              {m.onlineUrl}
            </a>
          ) : (
            m.hospital
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('meetings.field.medicine')}>{m.medicine || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('meetings.field.description')} span={2}>
          {m.description || '—'}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap>
        {m.mine && isMeetingEditable(m.status) && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('meetings.edit')}
          </Button>
        )}
        {m.nextStatuses.map((status) => (
          <Popconfirm key={status} title={t('meetings.confirmStatus', { status: t(`meetings.status.${status}` as LabelKey) })} onConfirm={async () => refresh(await changeMeetingStatus(m.id, status))}>
            <Button danger={status === 'cancelled'} type={status === 'cancelled' ? 'default' : 'primary'} ghost={status !== 'cancelled'}>
              {t(`meetings.action.${status}` as LabelKey)}
            </Button>
          </Popconfirm>
        ))}
      </Space>
      <div>
        <h4>{t('meetings.poster')}</h4>
        {m.posterUrl ? <AuthorisedImage src={`${m.posterUrl}?v=${encodeURIComponent(version)}`} alt={t('meetings.poster')} className="fp-meeting-poster" /> : <Empty description={t('meetings.noPoster')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {m.status !== 'closed' && m.status !== 'cancelled' && (
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const result = await uploadPoster(m.id, file as File);
                onSuccess?.(result);
                setVersion(String(Date.now()));
                void message.success(t('meetings.posterUploaded'));
                refresh();
              } catch (error) {
                onError?.(error as Error);
              }
            }}
          >
            <Button icon={<UploadOutlined />} style={{ marginTop: 8 }}>
              {t('meetings.uploadPoster')}
            </Button>
          </Upload>
        )}
      </div>
      {editing && (
        <MeetingForm
          meeting={m}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            refresh(saved);
          }}
        />
      )}
    </Space>
  );
}

function Team({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useI18n();
  const refresh = useRefresh(m.id);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number>();
  const users = useQuery({ ...userSearchQuery(keyword), enabled: m.mine });
  const people: (MeetingPerson & { owner?: boolean })[] = [{ ...m.owner, owner: true }, ...m.coOrganizers];
  const canEdit = m.mine && m.status !== 'closed' && m.status !== 'cancelled';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canEdit && (
        <Space>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            style={{ width: 280 }}
            placeholder={t('meetings.team.pick')}
            aria-label={t('meetings.team.pick')}
            value={picked}
            onChange={setPicked}
            options={(users.data ?? []).filter((u) => !people.some((p) => p.userId === u.userId)).map((u) => ({ value: u.userId, label: `${u.name} (${u.username})` }))}
          />
          <Button
            icon={<UserAddOutlined />}
            disabled={!picked}
            onClick={async () => {
              if (!picked) return;
              await addCoOrganizer(m.id, picked);
              setPicked(undefined);
              refresh();
            }}
          >
            {t('meetings.team.add')}
          </Button>
        </Space>
      )}
      <Table<MeetingPerson & { owner?: boolean }>
        size="small"
        rowKey="userId"
        pagination={false}
        dataSource={people}
        columns={[
          { title: t('meetings.team.name'), render: (_: unknown, p) => `${p.name} (${p.username})` },
          { title: t('meetings.team.role'), render: (_: unknown, p) => (p.owner ? <Tag color="blue">{t('meetings.team.owner')}</Tag> : <Tag>{t('meetings.team.coOrganizer')}</Tag>) },
          {
            title: '',
            width: 60,
            render: (_: unknown, p) =>
              canEdit && !p.owner ? (
                <Popconfirm
                  title={t('meetings.team.confirmRemove')}
                  onConfirm={async () => {
                    await deleteCoOrganizer(m.id, p.userId);
                    refresh();
                  }}
                >
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('meetings.team.remove')} />
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}

function Attendees({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useI18n();
  const refresh = useRefresh(m.id);
  const open = isAttendanceOpen(m.status);
  const canMark = m.status === 'planned' || m.status === 'held';
  const [role, setRole] = useState<AttendeeRole>('attendee');
  const change = async (doctorId: number, patch: Parameters<typeof updateAttendee>[2]) => {
    await updateAttendee(m.id, doctorId, patch);
    refresh();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {open && (
        <Space wrap>
          <DoctorPicker
            exclude={m.attendees.map((a) => a.doctorId)}
            onPick={async (ids) => {
              await addAttendees(m.id, ids, role);
              refresh();
            }}
          />
          <Select<AttendeeRole> value={role} onChange={setRole} aria-label={t('meetings.attendee.role')} style={{ width: 120 }} options={ATTENDEE_ROLES.map((r) => ({ value: r, label: t(`meetings.role.${r}` as LabelKey) }))} />
        </Space>
      )}
      <Table<MeetingAttendee>
        size="small"
        rowKey="doctorId"
        dataSource={m.attendees}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('meetings.noAttendees') }}
        columns={[
          { title: t('meetings.attendee.doctor'), dataIndex: 'doctorName' },
          { title: t('meetings.attendee.hospital'), dataIndex: 'hospital', ellipsis: true },
          {
            title: t('meetings.attendee.role'),
            dataIndex: 'role',
            width: 110,
            render: (v: AttendeeRole, a) => (
              <Select size="small" disabled={!open} value={v} style={{ width: 100 }} aria-label={`${t('meetings.attendee.role')} ${a.doctorName}`} onChange={(role) => void change(a.doctorId, { role })} options={ATTENDEE_ROLES.map((r) => ({ value: r, label: t(`meetings.role.${r}` as LabelKey) }))} />
            ),
          },
          {
            title: t('meetings.attendee.rsvp'),
            dataIndex: 'rsvp',
            width: 110,
            render: (v: string, a) => (
              <Select size="small" disabled={!open} value={v} style={{ width: 100 }} aria-label={`${t('meetings.attendee.rsvp')} ${a.doctorName}`} onChange={(rsvp) => void change(a.doctorId, { rsvp: rsvp as (typeof RSVP_VALUES)[number] })} options={RSVP_VALUES.map((r) => ({ value: r, label: t(`meetings.rsvp.${r}` as LabelKey) }))} />
            ),
          },
          {
            title: t('meetings.attendee.attended'),
            dataIndex: 'attended',
            width: 150,
            render: (v: boolean, a) => (
              <Space size={4}>
                <Checkbox checked={v} disabled={!canMark} aria-label={`${t('meetings.attendee.attended')} ${a.doctorName}`} onChange={(e) => void change(a.doctorId, { attended: e.target.checked })} />
                <span className="fp-checkin">{a.checkInTime ? formatTime(a.checkInTime).slice(11) : ''}</span>
              </Space>
            ),
          },
          {
            title: t('meetings.attendee.feedback'),
            dataIndex: 'feedbackScore',
            width: 150,
            render: (v: number | null, a) => <Rate count={5} value={v ?? 0} disabled={!canMark} onChange={(score) => void change(a.doctorId, { feedbackScore: score || null })} style={{ fontSize: 14 }} />,
          },
          {
            title: '',
            width: 48,
            render: (_: unknown, a) =>
              open ? (
                <Popconfirm
                  title={t('meetings.attendee.confirmRemove')}
                  onConfirm={async () => {
                    await deleteAttendee(m.id, a.doctorId);
                    refresh();
                  }}
                >
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('meetings.attendee.remove')} />
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
