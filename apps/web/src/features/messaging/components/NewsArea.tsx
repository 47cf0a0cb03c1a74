import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Tooltip } from 'antd';
import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { BADGE_MAX, type ConversationItem } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { onNotice } from '@/lib/realtime';
import { messagingKeys, unreadCountQuery } from '../api';
import { ChatView } from './ChatView';
import { ConversationList } from './ConversationList';
import { NewConversation } from './NewConversation';
import { TodayMessages } from './TodayMessages';
import '../messaging.css';

type View = { kind: 'list' } | { kind: 'today' } | { kind: 'chat'; conversation: ConversationItem };

/**
 * The news area of the top bar (spec 001 section 2.7): the unread message badge (at most 99
 * shown) and a drawer with the conversation list, today's messages and the chat. A chat.message
 * notice refreshes all of it live.
 */
export function NewsArea({ username }: { username: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>({ kind: 'list' });
  const unread = useQuery(unreadCountQuery(username));

  useEffect(
    () =>
      onNotice((notice) => {
        if (notice.type === 'chat.message') void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      }),
    [queryClient],
  );

  const label = t('messaging.title');
  const title =
    view.kind === 'list' ? (
      label
    ) : (
      <span className="fp-news-title">
        <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('messaging.back')} onClick={() => setView({ kind: 'list' })} />
        <span className="fp-news-title-text">{view.kind === 'today' ? t('messaging.today') : view.conversation.otherName}</span>
      </span>
    );

  return (
    <>
      <Tooltip title={label}>
        <span className="fp-news-trigger" data-testid="news-badge" data-count={unread.data ?? 0}>
          <Badge count={unread.data ?? 0} overflowCount={BADGE_MAX} size="small">
            <Button type="text" shape="circle" icon={<MessageOutlined />} aria-label={label} onClick={() => setOpen(true)} />
          </Badge>
        </span>
      </Tooltip>
      <Drawer
        title={title}
        open={open}
        onClose={() => {
          setOpen(false);
          setView({ kind: 'list' });
        }}
        size={400}
        className="fp-news-drawer"
        styles={{ body: { padding: view.kind === 'chat' ? 0 : '8px 0' } }}
      >
        {view.kind === 'list' && (
          <>
            <NewConversation username={username} onOpen={(conversation) => setView({ kind: 'chat', conversation })} />
            <ConversationList username={username} onOpenToday={() => setView({ kind: 'today' })} onOpen={(conversation) => setView({ kind: 'chat', conversation })} />
          </>
        )}
        {view.kind === 'today' && <TodayMessages username={username} onOpen={(conversation) => setView({ kind: 'chat', conversation })} />}
        {view.kind === 'chat' && <ChatView username={username} conversation={view.conversation} />}
      </Drawer>
    </>
  );
}
