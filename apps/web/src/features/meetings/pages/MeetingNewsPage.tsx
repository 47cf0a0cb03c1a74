import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Card, Space, Tag } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { MeetingNewsItem } from '@field-portal/shared';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { meetingNewsQuery } from '../api';
import { StatusTag } from '../components/StatusTag';
import '../meetings.css';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';
import { Item, ItemList } from '@/components/ItemList';

const KIND_COLOURS: Record<MeetingNewsItem['kind'], string> = {
  today: 'red',
  upcoming: 'blue',
  held: 'green',
  cancelled: 'default',
  draft: 'default',
  closed: 'purple',
};

const meetingPath = (meetingId: number) => `/meetingReport/meetingReportIndex?meetingId=${meetingId}`;

/** meetingNews: the caller's meetings of the last 30 days and ahead, each with what it means now. */
export function MeetingNewsPage() {
  const { t } = useMeetingsWords();
  const navigate = useNavigate();
  const news = useQuery(meetingNewsQuery());
  return (
    <Card className="fp-meetings-screen" title={t('meetings.news.title')}>
      {news.data && news.data.length === 0 ? (
        <EmptyState description={t('meetings.news.empty')} />
      ) : (
        <ItemList
          loading={news.isLoading}
          items={news.data ?? []}
          rowKey={(n) => n.meetingId}
          renderItem={(n) => (
            <Item
              className="fp-meeting-row"
              onClick={() => void navigate(meetingPath(n.meetingId))}
              avatar={<CalendarOutlined className="fp-news-icon" />}
              title={
                <Space>
                  <Tag color={KIND_COLOURS[n.kind]}>{t(`meetings.news.kind.${n.kind}` as MeetingsLabelKey)}</Tag>
                  <Link to={meetingPath(n.meetingId)}>{n.title}</Link>
                </Space>
              }
              description={`${formatTime(n.startTime)} · ${n.city} · ${n.mine ? t('meetings.news.mine') : t('meetings.news.coOrganised', { name: n.ownerName })}`}
              end={<StatusTag status={n.status} />}
            />
          )}
        />
      )}
    </Card>
  );
}
