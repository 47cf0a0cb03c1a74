import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Input, Row, Space, Statistic, Tag } from 'antd';
import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { MEETING_LIMITS, type MeetingMailResult } from '@field-portal/shared';
import { OutOfScopeDoctor } from '@/components/OutOfScopeDoctor';
import { attendeeRows, type AttendeeRow } from './attendee-rows';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { exportReport, meetingReportQuery, sendReport } from '../api';
import { BarChart } from '@/components/BarChart';
import { RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';

/** The meeting report as a page: attendance, RSVP, speakers, feedback and doctors reached; .xlsx and e-mail. */
export function MeetingReportView({ meetingId }: { meetingId: number }) {
  const { t } = useMeetingsWords();
  const report = useQuery(meetingReportQuery(meetingId));
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [mail, setMail] = useState<MeetingMailResult | null>(null);
  if (!report.data) return <Card loading />;
  const r = report.data;
  const send = async () => {
    setSending(true);
    setMail(null);
    try {
      setMail(await sendReport(meetingId, email.trim()));
    } catch {
      // The client has shown why.
    } finally {
      setSending(false);
    }
  };
  const levels = Array.from({ length: MEETING_LIMITS.feedbackMax }, (_, i) => String(i + MEETING_LIMITS.feedbackMin));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="meeting-report">
      <Row gutter={[12, 12]}>
        <Col span={6}>
          <Statistic title={t('meetings.report.invited')} value={r.invited} />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.attended')} value={r.attended} />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.rate')} value={r.attendanceRate} suffix="%" />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.reached')} value={r.doctorsReached} />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.speakers')} value={r.speakers.length} />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.feedbackCount')} value={r.feedback.count} />
        </Col>
        <Col span={6}>
          <Statistic title={t('meetings.report.feedbackAverage')} value={r.feedback.average ?? '—'} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Card size="small" title={t('meetings.report.rsvp')}>
            <BarChart
              categories={(['accepted', 'tentative', 'declined', 'pending'] as const).map((v) => t(`meetings.rsvp.${v}` as MeetingsLabelKey))}
              values={[r.rsvp.accepted, r.rsvp.tentative, r.rsvp.declined, r.rsvp.pending]}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('meetings.report.feedback')}>
            {r.feedback.count === 0 ? <EmptyState description={t('meetings.noData')} /> : <BarChart categories={levels} values={r.feedback.distribution} />}
          </Card>
        </Col>
      </Row>
      <RowsTable<AttendeeRow>
        size="small"
        rowKey="key"
        dataSource={attendeeRows(r.attendees)}
        pageSize={20}
        locale={{ emptyText: <EmptyState description={t('meetings.noAttendees')} /> }}
        columns={[
          { title: t('meetings.attendee.doctor'), key: 'doctor', render: (_: unknown, a) => (a.doctor ? a.doctor.doctorName : <OutOfScopeDoctor />) },
          { title: t('meetings.attendee.hospital'), key: 'hospital', render: (_: unknown, a) => a.doctor?.hospital ?? '—' },
          { title: t('meetings.attendee.role'), dataIndex: 'role', render: (v: string) => t(`meetings.role.${v}` as MeetingsLabelKey) },
          { title: t('meetings.attendee.rsvp'), dataIndex: 'rsvp', render: (v: string) => t(`meetings.rsvp.${v}` as MeetingsLabelKey) },
          {
            title: t('meetings.attendee.attended'),
            dataIndex: 'attended',
            render: (v: boolean) => (v ? <Tag color="green">{t('meetings.yes')}</Tag> : <Tag>{t('meetings.no')}</Tag>),
          },
          { title: t('meetings.attendee.feedback'), dataIndex: 'feedbackScore', render: (v: number | null) => v ?? '—' },
        ]}
      />
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void exportReport(meetingId).catch(() => undefined)}>
          {t('meetings.report.export')}
        </Button>
        <Input
          type="email"
          aria-label={t('meetings.report.email')}
          placeholder={t('meetings.report.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          style={{ width: 260 }}
        />
        <Button type="primary" icon={<MailOutlined />} loading={sending} disabled={!email.trim()} onClick={() => void send()}>
          {t('meetings.report.send')}
        </Button>
      </Space>
      {mail && <Alert type={mail.transport === 'smtp' ? 'success' : 'warning'} showIcon title={mail.message} data-testid="mail-result" />}
    </Space>
  );
}
