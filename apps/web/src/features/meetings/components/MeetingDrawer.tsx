import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Space, Spin, Tabs, Upload } from 'antd';
import { ConfirmButton } from '@/components/ConfirmButton';
import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { isMeetingEditable, type MeetingDetail } from '@field-portal/shared';
import { lazyDialog, lazyPart, useOpenedOnce } from '@/components/lazy-dialog';
import { AuthorisedImage } from '@/lib/authorised-image';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { changeMeetingStatus, meetingDetailQuery, uploadPoster } from '../api';
import { StatusTag } from './StatusTag';
import { useMeetingRefresh } from './use-meeting-refresh';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';

/*
 * The drawer opens on its overview; the other tabs' panels (the team and attendee tables, the
 * report with its chart) load when their tab is first chosen (antd's Tabs render a panel only
 * then), and the edit form when it is opened (docs/decisions/0031).
 */
const panelLoading = (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
    <Spin />
  </div>
);
const MeetingTeam = lazyPart(() => import('./MeetingTeam').then((m) => m.MeetingTeam), panelLoading);
const MeetingAttendees = lazyPart(() => import('./MeetingAttendees').then((m) => m.MeetingAttendees), panelLoading);
const MeetingReportView = lazyPart(() => import('./MeetingReportView').then((m) => m.MeetingReportView), panelLoading);
const MeetingForm = lazyDialog(() => import('./MeetingForm').then((m) => m.MeetingForm));

/**
 * One meeting: overview and lifecycle, team, attendees and the report. `open` false closes it while
 * it stays mounted, so antd gives the focus back to what opened it; it keeps showing the meeting as
 * it slides out (not asked again while closed), and its tabs start anew for each meeting.
 */
export function MeetingDrawer({ meetingId, open, onClose }: { meetingId: number; open: boolean; onClose: () => void }) {
  const { t } = useMeetingsWords();
  const detail = useQuery({ ...meetingDetailQuery(meetingId), enabled: open });
  const m = detail.data;
  return (
    <Drawer
      open={open}
      size={920}
      onClose={onClose}
      title={
        m ? (
          <Space>
            {m.title}
            <StatusTag status={m.status} />
          </Space>
        ) : (
          t('meetings.loading')
        )
      }
      destroyOnHidden
    >
      {m ? (
        <Tabs
          key={m.id}
          items={[
            { key: 'overview', label: t('meetings.tab.overview'), children: <Overview meeting={m} /> },
            { key: 'team', label: t('meetings.tab.team', { n: m.coOrganizers.length + 1 }), children: <MeetingTeam meeting={m} /> },
            { key: 'attendees', label: t('meetings.tab.attendees', { n: m.attendees.length }), children: <MeetingAttendees meeting={m} /> },
            { key: 'report', label: t('meetings.tab.report'), children: <MeetingReportView meetingId={m.id} /> },
          ]}
        />
      ) : (
        <EmptyState description={detail.isError ? t('meetings.notFound') : t('meetings.loading')} />
      )}
    </Drawer>
  );
}

function Overview({ meeting: m }: { meeting: MeetingDetail }) {
  const { t } = useMeetingsWords();
  const { message } = App.useApp();
  const refresh = useMeetingRefresh(m.id);
  const [editing, setEditing] = useState(false);
  // Kept mounted once opened, so closing it gives the focus back to 编辑 / Edit.
  const editOpened = useOpenedOnce(editing);
  const [version, setVersion] = useState(m.updatedAt);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('meetings.field.type')}>{t(`meetings.type.${m.type}` as MeetingsLabelKey)}</Descriptions.Item>
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
          <ConfirmButton
            key={status}
            danger={status === 'cancelled'}
            type={status === 'cancelled' ? 'default' : 'primary'}
            ghost={status !== 'cancelled'}
            question={t('meetings.confirmStatus', { status: t(`meetings.status.${status}` as MeetingsLabelKey) })}
            onConfirm={async () => refresh(await changeMeetingStatus(m.id, status))}
          >
            {t(`meetings.action.${status}` as MeetingsLabelKey)}
          </ConfirmButton>
        ))}
      </Space>
      <div>
        <h4>{t('meetings.poster')}</h4>
        {m.posterUrl ? (
          <AuthorisedImage src={`${m.posterUrl}?v=${encodeURIComponent(version)}`} alt={t('meetings.poster')} className="fp-meeting-poster" />
        ) : (
          <EmptyState description={t('meetings.noPoster')} />
        )}
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
      {editOpened && (
        <MeetingForm
          meeting={m}
          open={editing}
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
