import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ConversationItem } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { ChatView } from './ChatView';
import { ConversationList } from './ConversationList';
import { NewConversation } from './NewConversation';
import { TodayMessages } from './TodayMessages';

type View = { kind: 'list' } | { kind: 'today' } | { kind: 'chat'; conversation: ConversationItem };

/**
 * The news area's drawer: the conversation list, today's messages and the chat. Loaded the first
 * time the drawer is opened, so the console's layout does not download it (docs/decisions/0016).
 */
export default function NewsDrawer({ username, open, onClose }: { username: string; open: boolean; onClose: () => void }) {
  const { t } = useMessagingWords();
  const [view, setView] = useState<View>({ kind: 'list' });
  const title =
    view.kind === 'list' ? (
      t('messaging.title')
    ) : (
      <span className="fp-news-title">
        <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('messaging.back')} onClick={() => setView({ kind: 'list' })} />
        <span className="fp-news-title-text">{view.kind === 'today' ? t('messaging.today') : view.conversation.otherName}</span>
      </span>
    );
  return (
    <Drawer
      title={title}
      open={open}
      onClose={() => {
        onClose();
        setView({ kind: 'list' });
      }}
      size={400}
      className="fp-news-drawer"
      styles={{ body: { padding: view.kind === 'chat' ? 0 : '8px 0' } }}
    >
      {view.kind === 'list' && (
        <>
          <NewConversation username={username} onOpen={(conversation) => setView({ kind: 'chat', conversation })} />
          <ConversationList
            username={username}
            onOpenToday={() => setView({ kind: 'today' })}
            onOpen={(conversation) => setView({ kind: 'chat', conversation })}
          />
        </>
      )}
      {view.kind === 'today' && <TodayMessages username={username} onOpen={(conversation) => setView({ kind: 'chat', conversation })} />}
      {view.kind === 'chat' && <ChatView username={username} conversation={view.conversation} />}
    </Drawer>
  );
}
