import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Card, List, Space, Tag } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { MeetingNewsItem } from '@field-portal/shared';
import { useMeetingsWords, type MeetingsLabelKey } from '@/features/meetings/i18n';
import { meetingNewsQuery } from '../api';
import { StatusTag } from '../components/StatusTag';
import '../meetings.css';
import { formatTime } from '@/lib/format';
import { EmptyState } from '@/components/EmptyState';

const KIND_COLOURS: Record<MeetingNewsItem['kind'], string> = {
  today: 'red',
  upcoming: 'blue',
  held: 'green',
  cancelled: 'default',
  draft: 'default',
  closed: 'purple',
};

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
        <List<MeetingNewsItem>
          loading={news.isLoading}
          dataSource={news.data ?? []}
          renderItem={(n) => (
            <List.Item key={n.meetingId} className="fp-meeting-row" onClick={() => void navigate(`/meetingReport/meetingReportIndex?meetingId=${n.meetingId}`)}>
              <List.Item.Meta
                avatar={<CalendarOutlined className="fp-news-icon" />}
                title={
                  <Space>
                    <Tag color={KIND_COLOURS[n.kind]}>{t(`meetings.news.kind.${n.kind}` as MeetingsLabelKey)}</Tag>
                    {n.title}
                  </Space>
                }
                description={`${formatTime(n.startTime)} · ${n.city} · ${n.mine ? t('meetings.news.mine') : t('meetings.news.coOrganised', { name: n.ownerName })}`}
              />
              <StatusTag status={n.status} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
