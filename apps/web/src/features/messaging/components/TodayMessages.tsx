import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge } from 'antd';
import { chatText, type ConversationItem } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { conversationsQuery, todayQuery } from '../api';
import { initialOf, messageTime } from '../format';
import { ListSkeleton } from './ConversationList';
import { EmptyState } from '@/components/EmptyState';

/** All of today's messages to the user, newest first; one opens its conversation. */
export function TodayMessages({ username, onOpen }: { username: string; onOpen: (c: ConversationItem) => void }) {
  const { t } = useMessagingWords();
  const today = useQuery(todayQuery(username));
  const conversations = useQuery(conversationsQuery(username));
  if (today.isPending) return <ListSkeleton />;
  const items = today.data?.content ?? [];
  if (items.length === 0) return <EmptyState className="fp-news-empty" description={t('messaging.todayEmpty')} />;
  return (
    <div className="fp-news-list" data-testid="today-list">
      {items.map((m) => {
        const conversation = conversations.data?.content.find((c) => c.id === m.conversationId);
        return (
          <button type="button" key={m.id} className="fp-news-row" disabled={!conversation} onClick={() => conversation && onOpen(conversation)}>
            <Avatar className="fp-news-avatar" src={m.fromAvatar || undefined}>
              {initialOf(m.fromName)}
            </Avatar>
            <span className="fp-news-row-main">
              <span className="fp-news-row-top">
                <span className="fp-news-row-name">{m.fromName}</span>
                <span className="fp-news-row-time">{messageTime(m.createdDate)}</span>
              </span>
              <span className="fp-news-row-bottom">
                <span className="fp-news-row-preview">{chatText(m.content)}</span>
                {!m.read && <Badge status="processing" text={t('messaging.unread')} />}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
