import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@field-portal/shared';
import { useMessagingWords } from '@/features/messaging/i18n';
import { onNotice } from '@/lib/realtime';
import { messagingKeys, unreadCountQuery } from '../api';
import '../messaging.css';

const NewsDrawer = lazy(() => import('./NewsDrawer'));

/**
 * The news area of the top bar (spec 001 section 2.7): the unread message badge (at most 99
 * shown) and a drawer with the conversation list, today's messages and the chat, whose code loads
 * when it is first opened. A chat.message notice refreshes all of it live.
 */
export function NewsArea({ username }: { username: string }) {
  const { t } = useMessagingWords();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted so that it closes with its animation and keeps its state.
  const [opened, setOpened] = useState(false);
  const unread = useQuery(unreadCountQuery(username));

  useEffect(
    () =>
      onNotice((notice) => {
        if (notice.type === 'chat.message') void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      }),
    [queryClient],
  );

  const label = t('messaging.title');
  return (
    <>
      <Tooltip title={label}>
        <span className="fp-news-trigger" data-testid="news-badge" data-count={unread.data ?? 0}>
          <Badge count={unread.data ?? 0} overflowCount={BADGE_MAX} size="small">
            <Button
              type="text"
              shape="circle"
              icon={<MessageOutlined />}
              aria-label={label}
              onClick={() => {
                setOpened(true);
                setOpen(true);
              }}
            />
          </Badge>
        </span>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <NewsDrawer username={username} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
