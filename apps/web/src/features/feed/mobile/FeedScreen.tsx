import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import PushpinFilled from '@ant-design/icons-svg/es/asn/PushpinFilled';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import { FailureBoundary } from '@/components/FailureBoundary';
import { SvgIcon } from '@/components/SvgIcon';
import type { FeedItem, FeedPage } from '@field-portal/shared';
import { setLang } from '@/lib/i18n';
import { useFeedWords, type FeedLabelKey } from '@/features/feed/i18n';
import { onNotice } from '@/lib/realtime';
import { useRealtimeChannel } from '@/lib/realtime/use-realtime-channel';
import { userInfoQuery } from '@/lib/session/queries';
import { endSession } from '@/lib/session/end-session';
import { showToast } from '@/lib/toast';
import { FEED_KEY, feedQuery, openFeedCard } from '../api/feed';
import { badgeText, feedViewOf, isCardNotice, summaryOf, timeLabel, withOpened } from '../feed-view';
import { MenuButton, Spinner, Tag } from './ui';

// The card viewer (and the console's card renderer in it) is not part of the list's load: it is
// fetched once the list is shown (FeedScreen), so that opening a card waits for no script.
const loadCardReader = () => import('./CardReader');
const CardReader = lazy(() => loadCardReader().then((m) => ({ default: m.CardReader })));

type Translate = (key: FeedLabelKey, params?: Record<string, string | number>) => string;

/** "3 minutes ago", "yesterday 09:30", "11-20 14:05" in the current language. */
export function useTimeText(): (iso: string) => string {
  const { t } = useFeedWords();
  return useCallback(
    (iso: string) => {
      const label = timeLabel(iso, Date.now());
      if ('text' in label) return label.text;
      if (label.key === 'feed.justNow') return t(label.key);
      if (label.key === 'feed.yesterday') return t(label.key, { time: label.time });
      return t(label.key, { n: label.n });
    },
    [t],
  );
}

function FeedRow({ item, onOpen, t, timeText }: { item: FeedItem; onOpen: (item: FeedItem) => void; t: Translate; timeText: (iso: string) => string }) {
  const summary = summaryOf(item.content);
  return (
    <li>
      <button
        type="button"
        className={`fp-m-row${item.read ? '' : ' is-unread'}${item.pinned ? ' is-pinned' : ''}`}
        onClick={() => onOpen(item)}
        data-card-id={item.cardId}
      >
        <span className="fp-m-row-dot" aria-hidden={item.read} aria-label={item.read ? undefined : t('feed.new')} />
        <span className="fp-m-row-main">
          {/* The card id is the console's, never shown to field staff. */}
          <span className="fp-m-row-title">{item.title || t('feed.untitled')}</span>
          {summary ? <span className="fp-m-row-summary">{summary}</span> : null}
          <span className="fp-m-row-meta">
            {item.pinned ? (
              <Tag tone="orange" icon={<SvgIcon icon={PushpinFilled} />}>
                {t('feed.pinned')}
              </Tag>
            ) : null}
            {item.mustRead ? <Tag tone="red">{t('feed.mustRead')}</Tag> : null}
            {item.sendCount > 1 && !item.read ? <span className="fp-m-row-resent">{t('feed.resent', { n: item.sendCount - 1 })}</span> : null}
            <time className="fp-m-row-time" dateTime={item.lastSentAt}>
              {timeText(item.lastSentAt)}
            </time>
            <span className="fp-m-row-state">{item.read ? t('feed.read') : t('feed.new')}</span>
          </span>
        </span>
      </button>
    </li>
  );
}

/** The employee's card feed: pinned cards, then the newest; live while a notice channel is open. */
export function FeedScreen({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useFeedWords();
  const queryClient = useQueryClient();
  const timeText = useTimeText();
  const query = useInfiniteQuery(feedQuery);
  const view = useMemo(() => feedViewOf(query.data?.pages ?? []), [query.data]);
  const [opened, setOpened] = useState<FeedItem>();
  // The session has started: open the real-time channel (spec 001 section 7.3) for live cards.
  const user = useQuery(userInfoQuery);
  useRealtimeChannel(user.data?.username);

  // A card delivered or sent again to this user: refetch the feed without a reload.
  useEffect(
    () =>
      onNotice((notice) => {
        if (!isCardNotice(notice)) return;
        void queryClient.invalidateQueries({ queryKey: FEED_KEY });
        if (notice.type === 'card.delivered') showToast('info', t('feed.newArrived'));
      }),
    [queryClient, t],
  );

  const open = useMutation({
    mutationFn: openFeedCard,
    onSuccess: (result) => {
      setOpened((current) => (current?.cardId === result.item.cardId ? { ...result.item, pinned: current.pinned } : current));
      const data = queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedQuery.queryKey, (current) =>
        current ? { ...current, pages: withOpened(current.pages, result.item, result.unread) } : current,
      );
      // A must-read card kept on top only while unread goes back to its place now that it is read.
      if (data?.pages[0]?.keptOnTop?.some((item) => item.cardId === result.item.cardId)) void queryClient.invalidateQueries({ queryKey: FEED_KEY });
    },
  });

  const show = (item: FeedItem) => {
    setOpened(item);
    window.history.pushState({ fpCard: item.cardId }, '');
    open.mutate(item.cardId);
  };
  const close = useCallback(() => setOpened(undefined), []);
  // The phone's back button closes the card.
  useEffect(() => {
    const onPop = () => close();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [close]);

  // The list is on screen: fetch the card viewer's code now, while the user reads the titles.
  const listShown = query.isSuccess;
  useEffect(() => {
    if (!listShown) return undefined;
    const timer = window.setTimeout(() => void loadCardReader(), 0);
    return () => window.clearTimeout(timer);
  }, [listShown]);

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const signOut = async () => {
    const { identityServerLogout } = await endSession();
    onSignedOut();
    if (identityServerLogout) window.location.assign(identityServerLogout);
  };

  const unread = view.unread;
  const refreshing = query.isRefetching && !query.isFetchingNextPage;
  const empty = view.pinned.length === 0 && view.keptOnTop.length === 0 && view.items.length === 0;
  const grouped = view.pinned.length > 0 || view.keptOnTop.length > 0;

  return (
    <div className="fp-m">
      <header className="fp-m-bar">
        <div className="fp-m-bar-title">
          <h1>{t('feed.title')}</h1>
          <span className="fp-m-badge" aria-label={t('feed.unreadBadge')} title={t('feed.unread', { n: unread })}>
            {badgeText(unread) ? <span className="fp-m-badge-count">{badgeText(unread)}</span> : null}
          </span>
        </div>
        <div className="fp-m-bar-actions">
          <button type="button" className="fp-m-icon-btn" aria-label={t('feed.refresh')} onClick={() => void query.refetch()}>
            <SvgIcon icon={ReloadOutlined} spin={refreshing} />
          </button>
          <MenuButton
            label={t('feed.menu')}
            icon={<SvgIcon icon={UserOutlined} />}
            entries={[
              { key: 'zh', icon: <SvgIcon icon={TranslationOutlined} />, label: t('lang.zh'), lang: 'zh' },
              { key: 'en', icon: <SvgIcon icon={TranslationOutlined} />, label: t('lang.en'), lang: 'en' },
              { key: 'out', icon: <SvgIcon icon={LogoutOutlined} />, label: t('feed.signOut'), divided: true },
            ]}
            onSelect={(key) => {
              if (key === 'out') void signOut();
              else void setLang(key === 'en' ? 'en' : 'zh');
            }}
          />
        </div>
      </header>
      <p className="fp-m-sub" aria-live="polite">
        {query.isSuccess && !empty ? (unread > 0 ? t('feed.unread', { n: unread }) : t('feed.allRead')) : '\u00a0'}
      </p>

      <main className="fp-m-body">
        {query.isPending ? (
          <div className="fp-m-skeleton" role="status" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <div key={i} className="fp-m-skeleton-row" aria-hidden="true">
                <span className="fp-m-skeleton-line is-title" />
                <span className="fp-m-skeleton-line" />
                <span className="fp-m-skeleton-line is-short" />
              </div>
            ))}
          </div>
        ) : query.isError && empty ? (
          <div className="fp-m-state" role="alert">
            <SvgIcon icon={WarningFilled} className="fp-m-state-icon is-warning" />
            <p className="fp-m-state-title">{t('feed.loadFailed')}</p>
            <button type="button" className="fp-m-btn" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : empty ? (
          <div className="fp-m-state fp-m-empty">
            <SvgIcon icon={InboxOutlined} className="fp-m-state-icon" />
            <p className="fp-m-state-title">{t('feed.empty')}</p>
            <p>{t('feed.emptyHint')}</p>
          </div>
        ) : (
          <>
            {view.pinned.length > 0 ? (
              <section aria-label={t('feed.pinnedGroup')}>
                <h2 className="fp-m-group">
                  <SvgIcon icon={PushpinFilled} /> {t('feed.pinnedGroup')}
                </h2>
                <ul className="fp-m-list">
                  {view.pinned.map((item) => (
                    <FeedRow key={item.cardId} item={item} onOpen={show} t={t} timeText={timeText} />
                  ))}
                </ul>
              </section>
            ) : null}
            {view.keptOnTop.length > 0 ? (
              <section aria-label={t('feed.keptOnTopGroup')}>
                <h2 className="fp-m-group is-must-read">
                  <SvgIcon icon={ExclamationCircleFilled} /> {t('feed.keptOnTopGroup')}
                </h2>
                <ul className="fp-m-list">
                  {view.keptOnTop.map((item) => (
                    <FeedRow key={item.cardId} item={item} onOpen={show} t={t} timeText={timeText} />
                  ))}
                </ul>
              </section>
            ) : null}
            {view.items.length > 0 ? (
              <section aria-label={t('feed.latestGroup')}>
                {grouped ? <h2 className="fp-m-group">{t('feed.latestGroup')}</h2> : null}
                <ul className="fp-m-list">
                  {view.items.map((item) => (
                    <FeedRow key={item.cardId} item={item} onOpen={show} t={t} timeText={timeText} />
                  ))}
                </ul>
              </section>
            ) : null}
            <div ref={sentinel} className="fp-m-more">
              {hasNextPage ? (
                <button
                  type="button"
                  className="fp-m-btn is-block"
                  disabled={isFetchingNextPage}
                  aria-busy={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage ? <Spinner /> : null}
                  <span>{t('feed.loadMore')}</span>
                </button>
              ) : (
                <span>{t('feed.noMore')}</span>
              )}
            </div>
          </>
        )}
      </main>
      {opened ? (
        // A reader whose code did not arrive (no network on the way, a new version) or that fails says so over the list.
        <FailureBoundary
          at={String(opened.queueId)}
          frame={(failure) => (
            <div className="fp-m-reader" role="dialog" aria-modal="true" aria-label={opened.title}>
              {failure}
            </div>
          )}
        >
          <Suspense
            fallback={
              <div className="fp-m-reader" role="status" aria-label={opened.title}>
                <div className="fp-m-reader-loading">
                  <Spinner />
                </div>
              </div>
            }
          >
            <CardReader item={opened} onBack={() => window.history.back()} />
          </Suspense>
        </FailureBoundary>
      ) : null}
    </div>
  );
}
