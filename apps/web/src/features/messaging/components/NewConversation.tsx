import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd';
import type { ConversationItem } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { messagingKeys, openConversation } from '../api';

/** Starts (or finds) the conversation with a colleague by username; the server names a wrong one. */
export function NewConversation({ username, onOpen }: { username: string; onOpen: (c: ConversationItem) => void }) {
  const { t } = useMessagingWords();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: (other: string) => openConversation(username, other),
    onSuccess: (conversation) => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(username) });
      onOpen(conversation);
    },
  });
  return (
    <div className="fp-news-new">
      <Input.Search
        placeholder={t('messaging.newPlaceholder')}
        aria-label={t('messaging.newPlaceholder')}
        enterButton={t('messaging.newStart')}
        maxLength={64}
        loading={open.isPending}
        onSearch={(value) => {
          const other = value.trim();
          if (other) open.mutate(other);
        }}
      />
    </div>
  );
}
