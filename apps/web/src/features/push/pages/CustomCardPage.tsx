import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Space, Tabs, Tooltip } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { CardRecord } from '@field-portal/shared';
import { useSession } from '@/lib/session/session-context';
import { localName } from '@/lib/i18n';
import { usePushWords } from '@/features/push/i18n';
import { CardList } from '../components/CardList';
import { lazyDialog, useOpenedOnce } from '@/components/lazy-dialog';
import '../push.css';

/** Downloaded when first opened, not with the page (docs/decisions/0031). */
const PushDialog = lazyDialog(() => import('../components/PushDialog').then((m) => m.PushDialog));

type Tab = 'CreatedCard' | 'DraftCard';

/**
 * The custom card screen (spec 000 section 2): Push and New on top, the tabs created cards and
 * card drafts following the route, and the push-settings dialog for the created cards ticked.
 */
function CustomCardPage({ tab }: { tab: Tab }) {
  const { t, lang } = usePushWords();
  const { table } = useSession();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(() => new Map<number, CardRecord>());
  const [pushing, setPushing] = useState(false);
  const pushOpened = useOpenedOnce(pushing);
  const pageOf = (router: string) => table.pages.find((p) => p.router === router);
  const canPush = Boolean(pageOf('NewRecommend'));
  const pushHere = tab === 'CreatedCard';
  const newPath = pageOf('NewCard')?.path;
  const tabs = (['CreatedCard', 'DraftCard'] as const).map((router) => ({ router, page: pageOf(router) })).filter((entry) => entry.page);

  return (
    <Card
      className="fp-push-screen"
      title={
        <Tabs
          activeKey={tab}
          className="fp-push-tabs"
          onChange={(key) => {
            const path = pageOf(key)?.path;
            if (path) void navigate(path);
          }}
          items={tabs.map(({ router, page }) => ({ key: router, label: page ? localName(page.title, lang) : router }))}
        />
      }
      extra={
        <Space>
          {canPush ? (
            <Tooltip title={pushHere ? t('push.custom.pushHint') : t('push.custom.pushFromCreated')}>
              {/* Off on the other tabs, yet not `disabled`: a disabled button leaves the keyboard's order and its hint, which says where to push from, with it (decision 0073). */}
              <Button
                type="primary"
                icon={<SendOutlined />}
                aria-disabled={!pushHere}
                className={pushHere ? undefined : 'ant-btn-disabled'}
                onClick={pushHere ? () => setPushing(true) : undefined}
              >
                {selected.size > 0 ? t('push.action.pushN', { n: selected.size }) : t('push.action.push')}
              </Button>
            </Tooltip>
          ) : null}
          {newPath ? (
            <Button icon={<PlusOutlined />} onClick={() => void navigate(newPath)}>
              {t('push.action.new')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <CardList key={tab} screen={tab} selection={pushHere && canPush ? { selected, onChange: setSelected } : undefined} />
      {canPush && pushOpened ? (
        <PushDialog open={pushing} cards={[...selected.values()]} onClose={() => setPushing(false)} onPushed={() => setSelected(new Map())} />
      ) : null}
    </Card>
  );
}

export function CreatedCardPage() {
  return <CustomCardPage tab="CreatedCard" />;
}

export function DraftCardPage() {
  return <CustomCardPage tab="DraftCard" />;
}
