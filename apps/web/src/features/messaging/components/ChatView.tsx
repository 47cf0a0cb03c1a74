import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Skeleton } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { chatText, MESSAGING_LIMITS, type ConversationItem } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { onNotice } from '@/lib/realtime';
import { chatMessagesQuery, markConversationRead, messagingKeys, sendChatMessage } from '../api';
import { messageTime } from '../format';
import { EmptyState } from '@/components/EmptyState';

/**
 * One conversation: its messages, oldest at the top, and the box to send one. Opening it (and
 * every message arriving while it is open) marks it read, which resets its unread count.
 */
export function ChatView({ username, conversation }: { username: string; conversation: ConversationItem }) {
  const { t } = useMessagingWords();
  const queryClient = useQueryClient();
  const messages = useQuery(chatMessagesQuery(username, conversation.id));
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const markRead = () =>
      markConversationRead(username, conversation.id).then(() => {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(username) });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(username) });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.today(username) });
      });
    void markRead();
    return onNotice((notice) => {
      if (notice.type === 'chat.message' && notice.data.conversationId === conversation.id) void markRead();
    });
  }, [username, conversation.id, queryClient]);

  const count = messages.data?.content.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = useMutation({
    mutationFn: (value: string) => sendChatMessage(username, conversation.id, value),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: messagingKeys.chat(username, conversation.id) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(username) });
    },
  });
  const submit = () => {
    const value = text.trim();
    if (value && !send.isPending) send.mutate(value);
  };

  return (
    <div className="fp-chat">
      <div className="fp-chat-messages" data-testid="chat-messages">
        {messages.isPending ? (
          <div className="fp-news-skeleton">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ) : count === 0 ? (
          <EmptyState className="fp-news-empty" description={t('messaging.noChat')} />
        ) : (
          messages.data!.content.map((m) => {
            const mine = m.from === username;
            return (
              <div key={m.id} className={`fp-chat-line ${mine ? 'is-mine' : ''}`} data-testid="chat-message">
                <div className="fp-chat-bubble">{chatText(m.content)}</div>
                <div className="fp-chat-meta">
                  {messageTime(m.createdDate)}
                  {mine && ` · ${m.read ? t('messaging.read') : t('messaging.unread')}`}
                </div>
              </div>
            );
          })
        )}
        <div ref={bottom} />
      </div>
      <div className="fp-chat-compose">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={MESSAGING_LIMITS.textMax}
          placeholder={t('messaging.placeholder')}
          aria-label={t('messaging.placeholder')}
        />
        <Button type="primary" icon={<SendOutlined />} onClick={submit} loading={send.isPending} disabled={!text.trim()}>
          {t('messaging.send')}
        </Button>
      </div>
    </div>
  );
}
