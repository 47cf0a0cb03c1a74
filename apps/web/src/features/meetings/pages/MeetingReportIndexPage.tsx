import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Input, Select, Space, Statistic, Table } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { MEETING_STATUSES, MEETING_TYPES, type MeetingRow, type MeetingStatus, type MeetingType } from '@field-portal/shared';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { meetingKeys, meetingListQuery, meetingMetadataQuery } from '../api';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import { StatusTag } from '../components/StatusTag';
import '../meetings.css';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';
import { KeysetPager } from '@/components/paging';

// A meeting's drawer (its report, chart, files and forms) and the new-meeting form load when opened.
const MeetingDrawer = lazyDialog(() => import('../components/MeetingDrawer').then((m) => m.MeetingDrawer));
const MeetingForm = lazyDialog(() => import('../components/MeetingForm').then((m) => m.MeetingForm));

const PAGE = 20;

/**
 * meetingReportIndex: the caller's meetings (owner or co-organiser) by status, type and keyword,
 * newest first, paged by keyset; a meeting opens in a drawer with its team, attendees and report.
 */
export function MeetingReportIndexPage() {
  const { t, lang } = useMeetingsWords();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('meetingId')) || undefined;
  const [status, setStatus] = useState<MeetingStatus>();
  const [type, setType] = useState<MeetingType>();
  const [keyword, setKeyword] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [creating, setCreating] = useState(false);
  const page = cursors.length - 1;
  const list = useQuery({ ...meetingListQuery({ status, type, keyword: keyword || undefined, cursor: cursors[page], size: PAGE }), placeholderData: (p) => p });
  const meta = useQuery(meetingMetadataQuery());
  // Only the first page carries the total; later pages keep showing it.
  const firstPage = useQuery({ ...meetingListQuery({ status, type, keyword: keyword || undefined, size: PAGE }), enabled: page > 0 });
  const totals = page === 0 ? list.data : firstPage.data;
  const reset = () => setCursors([undefined]);
  const openMeeting = (id: number | undefined) => setParams(id ? { meetingId: String(id) } : {}, { replace: true });
  // The new-meeting dialog and the drawer stay mounted from their first opening, so antd gives the
  // focus back to what had it when they opened (WCAG 2.4.3). The drawer shows the meeting last
  // opened, kept while it slides out: set from the first opening on, it keeps the drawer mounted
  // as useOpenedOnce does.
  const creatingOpened = useOpenedOnce(creating);
  const [drawerMeeting, setDrawerMeeting] = useState(open);
  if (open !== undefined && open !== drawerMeeting) setDrawerMeeting(open);
  // A saved new meeting opens in its drawer once the dialog has closed (after its closing animation)
  // and given the focus back to "New meeting", so the drawer gives it back there too.
  const created = useRef<number>(undefined);
  return (
    <Card
      className="fp-meetings-screen"
      title={t('meetings.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('meetings.new')}
        </Button>
      }
    >
      {meta.data && (
        <Space size="large" className="fp-meetings-counts" wrap>
          {MEETING_STATUSES.map((s) => (
            <Statistic key={s} title={t(`meetings.status.${s}` as MeetingsLabelKey)} value={meta.data.countsByStatus[s]} />
          ))}
        </Space>
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<MeetingStatus>
          allowClear
          placeholder={t('meetings.field.status')}
          aria-label={t('meetings.field.status')}
          style={{ width: 130 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            reset();
          }}
          options={MEETING_STATUSES.map((s) => ({ value: s, label: t(`meetings.status.${s}` as MeetingsLabelKey) }))}
        />
        <Select<MeetingType>
          allowClear
          placeholder={t('meetings.field.type')}
          aria-label={t('meetings.field.type')}
          style={{ width: 190 }}
          popupMatchSelectWidth={false}
          value={type}
          onChange={(v) => {
            setType(v);
            reset();
          }}
          options={MEETING_TYPES.map((s) => ({ value: s, label: t(`meetings.type.${s}` as MeetingsLabelKey) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('meetings.search')}
          aria-label={t('meetings.search')}
          // Named in the page's language with the word its icon shows; the icon's own label is the English "search".
          enterButton={<Button icon={<SearchOutlined />} aria-label={t('meetings.searchButton')} />}
          style={{ width: 340 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            reset();
          }}
        />
      </Space>
      <Table<MeetingRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t(!status && !type && !keyword ? 'meetings.noneYet' : 'meetings.noData')} /> }}
        onRow={(row) => ({
          onClick: (e) => {
            // The row's title link (Enter on it opens the meeting) takes the focus wherever the row was
            // clicked, so the drawer gives the focus back there.
            e.currentTarget.querySelector('a')?.focus();
            openMeeting(row.id);
          },
          className: 'fp-meeting-row',
        })}
        pagination={false}
        columns={[
          {
            title: t('meetings.field.title'),
            dataIndex: 'title',
            render: (v: string, m) => (
              // the meeting's address within this page (a new tab opens it too); a click is the row's
              <Link to={`?meetingId=${m.id}`} onClick={(e) => e.preventDefault()}>
                {v}
              </Link>
            ),
          },
          // "Academic conference", "Speaker programme" whole on one line in English.
          {
            title: t('meetings.field.type'),
            dataIndex: 'type',
            width: lang === 'en' ? 170 : 120,
            render: (v: string) => t(`meetings.type.${v}` as MeetingsLabelKey),
          },
          { title: t('meetings.field.status'), dataIndex: 'status', width: 100, render: (v: MeetingStatus) => <StatusTag status={v} /> },
          { title: t('meetings.field.start'), dataIndex: 'startTime', width: 170, render: (v: string) => formatTime(v) },
          { title: t('meetings.field.city'), dataIndex: 'city', width: 100 },
          { title: t('meetings.field.owner'), width: 110, render: (_: unknown, m) => m.owner.name },
          { title: t('meetings.field.attendees'), dataIndex: 'attendeeCount', width: 90 },
        ]}
      />
      <KeysetPager
        pageIndex={page}
        hasPrevious={page > 0}
        hasNext={Boolean(list.data?.nextCursor)}
        loading={list.isFetching}
        summary={totals && totals.total !== null ? t(totals.totalCapped ? 'meetings.totalCapped' : 'meetings.total', { n: totals.total }) : undefined}
        onPrevious={() => setCursors((c) => c.slice(0, -1))}
        onNext={() => list.data?.nextCursor && setCursors((c) => [...c, list.data!.nextCursor!])}
      />
      {creatingOpened && (
        <MeetingForm
          meeting={null}
          open={creating}
          onClose={() => setCreating(false)}
          onSaved={(m) => {
            setCreating(false);
            reset();
            void client.invalidateQueries({ queryKey: meetingKeys.all });
            created.current = m.id;
          }}
          afterClose={() => {
            if (created.current !== undefined) openMeeting(created.current);
            created.current = undefined;
          }}
        />
      )}
      {drawerMeeting !== undefined && <MeetingDrawer meetingId={drawerMeeting} open={open !== undefined} onClose={() => openMeeting(undefined)} />}
    </Card>
  );
}
