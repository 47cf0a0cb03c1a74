import { useState } from 'react';
import { Button, Card } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { CardRecord } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';
import { CardList } from '../components/CardList';
import { PinControl } from '../components/PinControl';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import '../push.css';

/** Downloaded when first opened, not with the page (docs/decisions/0031). */
const ReadDetailsDialog = lazyDialog(() => import('../components/ReadDetailsDialog').then((m) => m.ReadDetailsDialog));

/** Published cards, last pushed first (spec 000 section 2): pin switch, read details, edit; no delete. */
export function PublishedPage() {
  const { t } = usePushWords();
  const [reading, setReading] = useState<CardRecord>();
  const readingOpened = useOpenedOnce(reading !== undefined);
  return (
    <Card className="fp-push-screen" title={t('push.published.title')}>
      <CardList
        screen="Published"
        itemTop={(card) => <PinControl key={`${card.id}:${card.queueId}:${JSON.stringify(card.remark)}`} card={card} />}
        itemButtons={(card) => (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setReading(card)}>
            {t('push.action.readDetails')}
          </Button>
        )}
      />
      {readingOpened ? <ReadDetailsDialog card={reading} onClose={() => setReading(undefined)} /> : null}
    </Card>
  );
}
