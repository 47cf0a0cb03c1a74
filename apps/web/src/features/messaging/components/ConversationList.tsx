import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Skeleton } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { BADGE_MAX, chatText, type ConversationItem } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { conversationsQuery, todayQuery } from '../api';
import { initialOf, messageTime } from '../format';
import { EmptyState } from '@/components/EmptyState';

/** A skeleton of a few list rows while the lists load (spec 001 section 4). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="fp-news-skeleton" data-testid="news-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} avatar active title={{ width: '40%' }} paragraph={{ rows: 1, width: '80%' }} />
      ))}
    </div>
  );
}

interface RowProps {
  avatar: React.ReactNode;
  name: string;
  time: string;
  preview: string;
  unread: number;
  onClick: () => void;
  testId: string;
}

function Row({ avatar, name, time, preview, unread, onClick, testId }: RowProps) {
  return (
    <button type="button" className="fp-news-row" onClick={onClick} data-testid={testId}>
      {avatar}
      <span className="fp-news-row-main">
        <span className="fp-news-row-top">
          <span className="fp-news-row-name">{name}</span>
          <span className="fp-news-row-time">{time}</span>
        </span>
        <span className="fp-news-row-bottom">
          <span className="fp-news-row-preview">{preview}</span>
          <span data-testid="unread" data-count={unread}>
            <Badge count={unread} overflowCount={BADGE_MAX} size="small" />
          </span>
        </span>
      </span>
    </button>
  );
}

/** The conversation list, starting with the entry for all of today's messages (spec 001 section 2.7). */
export function ConversationList({ username, onOpen, onOpenToday }: { username: string; onOpen: (c: ConversationItem) => void; onOpenToday: () => void }) {
  const { t, msg } = useMessagingWords();
  const conversations = useQuery(conversationsQuery(username));
  const today = useQuery(todayQuery(username));
  if (conversations.isPending || today.isPending) return <ListSkeleton />;
  const items = conversations.data?.content ?? [];
  const todayItems = today.data?.content ?? [];
  if (items.length === 0 && todayItems.length === 0) {
    return <EmptyState className="fp-news-empty" description={msg('empty.noMessages')} />;
  }
  const latest = todayItems[0];
  return (
    <div className="fp-news-list" data-testid="conversation-list">
      <Row
        testId="today-entry"
        avatar={<Avatar className="fp-news-avatar fp-news-avatar-today" icon={<CalendarOutlined />} />}
        name={t('messaging.today')}
        time={latest ? messageTime(latest.createdDate) : ''}
        preview={latest ? `${latest.fromName}: ${chatText(latest.content)}` : t('messaging.todayEmpty')}
        unread={todayItems.filter((m) => !m.read).length}
        onClick={onOpenToday}
      />
      {items.map((c) => (
        <Row
          key={c.id}
          testId={`conversation-${c.otherUsername}`}
          avatar={
            <Avatar className="fp-news-avatar" src={c.otherAvatar || undefined}>
              {initialOf(c.otherName)}
            </Avatar>
          }
          name={c.otherName}
          time={messageTime(c.lastMessageDate)}
          preview={c.lastMessageContent ? chatText(c.lastMessageContent) : t('messaging.noChat')}
          unread={c.unread}
          onClick={() => onOpen(c)}
        />
      ))}
    </div>
  );
}
