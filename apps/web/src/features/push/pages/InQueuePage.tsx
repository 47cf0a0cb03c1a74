import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Select, Tooltip } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { CardRecord } from '@field-portal/shared';
import { usePushWords, type PushLabelKey } from '@/features/push/i18n';
import { CARD_LISTS_KEY, cancelPush } from '../api/push-api';
import { CardList } from '../components/CardList';
import '../push.css';

/** The four sort options of the in-queue screen (spec 000 section 4); push time descending is the default. */
const SORTS: { value: string; label: PushLabelKey }[] = [
  { value: 'push_time DESC', label: 'push.sort.pushDesc' },
  { value: 'push_time ASC', label: 'push.sort.pushAsc' },
  { value: 'create_time DESC', label: 'push.sort.createDesc' },
  { value: 'create_time ASC', label: 'push.sort.createAsc' },
];

/**
 * Queued cards (spec 000 section 2): creation-time range, "my created", search, the sort
 * dropdown, and per card edit and cancel push (with confirmation); no delete. The list itself
 * always comes newest created first, as the spec's query does whatever the dropdown shows.
 */
export function InQueuePage() {
  const { t } = usePushWords();
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState(SORTS[0]!.value);

  const confirmCancel = (card: CardRecord) => {
    if (card.pushId === null || card.queueId === null) return;
    const { pushId, queueId } = card;
    modal.confirm({
      title: t('push.confirm.title'),
      content: t('push.confirm.cancelPush'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await cancelPush(pushId, queueId);
        } catch {
          // The client has shown why (e.g. it has just been sent); the list reloads either way.
          await queryClient.invalidateQueries({ queryKey: CARD_LISTS_KEY });
          return;
        }
        void message.success(t('push.done.cancelled'));
        await queryClient.invalidateQueries({ queryKey: CARD_LISTS_KEY });
      },
      onCancel: () => void message.info(t('push.cancelled.cancelPush')),
    });
  };

  return (
    <Card className="fp-push-screen" title={t('push.queue.title')}>
      <CardList
        screen="InQueue"
        sortControl={
          <Tooltip title={t('push.sort.note')}>
            <Select
              aria-label={t('push.sort.label')}
              value={sort}
              onChange={setSort}
              style={{ width: 200 }}
              options={SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
            />
          </Tooltip>
        }
        itemButtons={(card) => (
          <Button size="small" danger icon={<StopOutlined />} onClick={() => confirmCancel(card)} disabled={card.queueId === null}>
            {t('push.action.cancelPush')}
          </Button>
        )}
      />
    </Card>
  );
}
