import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { ClearOutlined, SendOutlined } from '@ant-design/icons';
import type { CardRecord } from '@field-portal/shared';
import { usePushWords } from '@/features/push/i18n';
import { CardList } from '../components/CardList';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import '../push.css';

/** Downloaded when first opened, not with the page (docs/decisions/0031). */
const PushDialog = lazyDialog(() => import('../components/PushDialog').then((m) => m.PushDialog));

/**
 * The push (recommend) screen (spec 000 section 2): a card list with the status filter, time
 * range, "created by me" and search, a selection checkbox on each card, and Push with the
 * push-settings dialog. The selection lives in this screen: leaving it empties the selection.
 */
export function RecommendPage() {
  const { t } = usePushWords();
  const [selected, setSelected] = useState(() => new Map<number, CardRecord>());
  const [pushing, setPushing] = useState(false);
  const pushOpened = useOpenedOnce(pushing);
  return (
    <Card className="fp-push-screen" title={t('push.recommend.title')}>
      <CardList
        screen="NewRecommend"
        selection={{ selected, onChange: setSelected }}
        toolbarExtra={
          <Space>
            <Typography.Text type="secondary" data-testid="selected-count">
              {t('push.recommend.selected', { n: selected.size })}
            </Typography.Text>
            {selected.size > 0 ? (
              <Button icon={<ClearOutlined />} onClick={() => setSelected(new Map())}>
                {t('push.recommend.clear')}
              </Button>
            ) : null}
            <Button type="primary" icon={<SendOutlined />} onClick={() => setPushing(true)}>
              {t('push.action.push')}
            </Button>
          </Space>
        }
      />
      {pushOpened ? (
        <PushDialog open={pushing} cards={[...selected.values()]} onClose={() => setPushing(false)} onPushed={() => setSelected(new Map())} />
      ) : null}
    </Card>
  );
}
