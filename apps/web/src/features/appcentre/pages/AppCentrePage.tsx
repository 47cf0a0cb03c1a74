import { useEffect, useRef, type RefObject } from 'react';
import { DATA } from '@/lib/data-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Badge, Button, Carousel, Skeleton, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { isSafeLink, type AppRecord, type CarouselRecord } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useAppCentreWords } from '../i18n';
import { AppImage } from '../components/AppImage';
import { appCentreApi, appCentreQueries } from '../api';
import { appName, badgeCounts, groupByClassification } from '../rules';
import './app-centre.css';
import { EmptyState } from '@/components/EmptyState';

interface TileProps {
  app: AppRecord;
  badge: number | undefined;
  frequent: boolean;
  onOpen: (app: AppRecord) => void;
  onStar: (app: AppRecord, frequent: boolean) => void;
}

function AppTile({ app, badge, frequent, onOpen, onStar }: TileProps) {
  const { t, lang } = useAppCentreWords();
  const name = appName(app, lang);
  return (
    <div className="fp-centre-app" data-app-key={app.appKey}>
      <button type="button" className="fp-centre-open" onClick={() => onOpen(app)} aria-label={t('centre.open', { name })}>
        <Badge count={badge} size="small" offset={[-2, 2]}>
          <AppImage url={app.icon} alt={name} />
        </Badge>
        <span className="fp-centre-text">
          <span className="fp-centre-name" {...DATA}>
            {name}
          </span>
          {app.description ? (
            <span className="fp-centre-desc" {...DATA}>
              {app.description}
            </span>
          ) : null}
        </span>
      </button>
      <Tooltip title={frequent ? t('centre.unstar') : t('centre.star')}>
        <Button
          type="text"
          size="small"
          className={frequent ? 'fp-centre-star is-on' : 'fp-centre-star'}
          icon={frequent ? <StarFilled /> : <StarOutlined />}
          aria-label={`${frequent ? t('centre.unstar') : t('centre.star')} ${name}`}
          aria-pressed={frequent}
          onClick={() => onStar(app, frequent)}
        />
      </Tooltip>
    </div>
  );
}

function Banner({ item }: { item: CarouselRecord }) {
  const body = (
    <>
      {item.image ? <AppImage url={item.image} alt={item.title} kind="banner" /> : null}
      <span className="fp-centre-banner-title" {...DATA}>
        {item.title}
      </span>
    </>
  );
  // Checked again where shown: a link stored before the rule (//host, /\host) is not followed.
  return item.link && isSafeLink(item.link) ? (
    <a className="fp-centre-banner" href={item.link} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <div className="fp-centre-banner">{body}</div>
  );
}

/**
 * The slides out of view are hidden from screen readers by the carousel (aria-hidden); their links
 * leave the keyboard's path too (WCAG 4.1.2, aria-hidden-focus), and come back when their slide shows.
 */
function useHiddenSlidesOutOfTabOrder(box: RefObject<HTMLDivElement | null>, count: number) {
  useEffect(() => {
    const root = box.current;
    if (!root || count === 0) return;
    const sync = () => {
      for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
        const hidden = slide.getAttribute('aria-hidden') === 'true';
        for (const link of slide.querySelectorAll<HTMLElement>('a[href], button')) {
          if (hidden) link.setAttribute('tabindex', '-1');
          else link.removeAttribute('tabindex');
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'], childList: true });
    return () => observer.disconnect();
  }, [box, count]);
}

/**
 * /appCentre: the carousel, the user's frequently and recently used apps and every app they may
 * use by classification, with badge counts. Opening an app records the use and opens its link with
 * the signed launch parameters of open-api getSign (docs/decisions/0012).
 */
export function AppCentrePage() {
  const { t, lang } = useAppCentreWords();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const apps = useQuery(appCentreQueries.apps);
  const frequent = useQuery(appCentreQueries.frequent);
  const recent = useQuery(appCentreQueries.recent);
  const messages = useQuery(appCentreQueries.messages);
  const carousel = useQuery(appCentreQueries.carousel);

  const star = useMutation({
    mutationFn: ({ app, on }: { app: AppRecord; on: boolean }) => (on ? appCentreApi.removeFrequent(app.id) : appCentreApi.addFrequent(app.id)),
    onSuccess: (_, { app, on }) => void message.success(t(on ? 'centre.unstarred' : 'centre.starred', { name: appName(app, lang) })),
    onError: (error) => void message.error(describeFailure(error, lang)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appCentreQueries.frequent.queryKey }),
  });

  const open = async (app: AppRecord) => {
    // A window opened after the calls would be taken for a pop-up: open it now, navigate it after.
    const target = app.url ? window.open('about:blank', '_blank') : null;
    try {
      await appCentreApi.recordUse(app.id);
      const signed = await appCentreApi.sign(app.id);
      if (!signed.url) {
        void message.info(t('centre.noLink', { name: appName(app, lang) }));
        return;
      }
      if (target) {
        target.opener = null;
        target.location.href = signed.url;
      } else {
        window.open(signed.url, '_blank', 'noopener,noreferrer');
      }
    } catch (error) {
      target?.close();
      void message.error(describeFailure(error, lang));
    } finally {
      // the use is recorded: only the recently used apps change
      void queryClient.invalidateQueries({ queryKey: appCentreQueries.recent.queryKey });
    }
  };

  const frequentIds = new Set((frequent.data ?? []).map((a) => a.id));
  const badges = badgeCounts(messages.data ?? []);
  const tile = (app: AppRecord) => (
    <AppTile
      key={app.id}
      app={app}
      badge={badges.get(app.id)}
      frequent={frequentIds.has(app.id)}
      onOpen={(a) => void open(a)}
      onStar={(a, on) => star.mutate({ app: a, on })}
    />
  );
  const banners = (carousel.data ?? []).filter((item) => item.enabled);
  const carouselBox = useRef<HTMLDivElement>(null);
  useHiddenSlidesOutOfTabOrder(carouselBox, banners.length);

  return (
    <div className="fp-centre">
      {banners.length > 0 ? (
        <div ref={carouselBox}>
          <Carousel autoplay autoplaySpeed={5000} className="fp-centre-carousel">
            {banners.map((item) => (
              <div key={item.id}>
                <Banner item={item} />
              </div>
            ))}
          </Carousel>
        </div>
      ) : null}

      <section aria-labelledby="fp-centre-frequent" className="fp-centre-section">
        <h3 id="fp-centre-frequent" className="fp-section-title">
          {t('centre.frequent')}
        </h3>
        {frequent.data?.length ? (
          <div className="fp-centre-grid">{frequent.data.map(tile)}</div>
        ) : (
          <p className="fp-centre-hint">{t('centre.frequentEmpty')}</p>
        )}
      </section>

      <section aria-labelledby="fp-centre-recent" className="fp-centre-section">
        <h3 id="fp-centre-recent" className="fp-section-title">
          {t('centre.recent')}
        </h3>
        {recent.data?.length ? <div className="fp-centre-grid">{recent.data.map(tile)}</div> : <p className="fp-centre-hint">{t('centre.recentEmpty')}</p>}
      </section>

      <section aria-labelledby="fp-centre-all" className="fp-centre-section">
        <h3 id="fp-centre-all" className="fp-section-title">
          {t('centre.all')}
        </h3>
        {apps.isPending ? (
          <Skeleton active />
        ) : apps.data?.length ? (
          groupByClassification(apps.data, lang).map((group) => (
            <div key={group.classificationId} className="fp-centre-group" role="group" aria-label={group.name}>
              <h4 className="fp-centre-group-title">{group.name}</h4>
              <div className="fp-centre-grid">{group.apps.map(tile)}</div>
            </div>
          ))
        ) : (
          <EmptyState description={t('centre.none')} />
        )}
      </section>
    </div>
  );
}
