import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Statistic } from 'antd';
import {
  AppstoreOutlined,
  FileTextOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyOutlined,
  ShopOutlined,
  StarOutlined,
  TeamOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { HomeStatistics } from '@field-portal/shared';
import { DataUseNotice } from '@/components/DataUseNotice';
import { DATA_SLOT, SentenceWithData } from '@/components/DataText';
import { useDashboardWords, type DashboardLabelKey } from '../i18n';
import { bilingual } from '@/lib/i18n';
import { userInfoQuery } from '@/lib/session/queries';
import { findPage } from '@/lib/session/route-table';
import { useSession } from '@/lib/session/session-context';
import { HomeCharts } from '../components/HomeCharts';
import { homeStatisticsQuery } from '../api/statistics';
import './dashboard.css';
import { EmptyState } from '@/components/EmptyState';
import { IMPORT_CENTRE_PATH } from '@/features/imports';

const STAT_LABELS: Record<string, DashboardLabelKey> = {
  daysOnline: 'home.stats.daysOnline',
  collectionPoints: 'home.stats.collectionPoints',
  dataVolume: 'home.stats.dataVolume',
  algorithmModels: 'home.stats.algorithmModels',
  hospitals: 'home.stats.hospitals',
  doctors: 'home.stats.doctors',
  drugs: 'home.stats.drugs',
};

const UNIT_LABELS: Record<string, DashboardLabelKey> = { day: 'home.unit.day', TB: 'home.unit.TB' };

const TILES: Record<string, { label: DashboardLabelKey; icon: ReactNode }> = {
  latestNews: { label: 'dashboard.tile.latestNews', icon: <FileTextOutlined /> },
  appCentre: { label: 'dashboard.tile.appCentre', icon: <AppstoreOutlined /> },
  contentCentre: { label: 'dashboard.tile.contentCentre', icon: <ReadOutlined /> },
  broadcast: { label: 'dashboard.tile.broadcast', icon: <NotificationOutlined /> },
  compliance: { label: 'dashboard.tile.compliance', icon: <SafetyOutlined /> },
  smartRecommendation: { label: 'dashboard.tile.smartRecommendation', icon: <StarOutlined /> },
  interactionCommunity: { label: 'dashboard.tile.interactionCommunity', icon: <TeamOutlined /> },
  brandCentre: { label: 'dashboard.tile.brandCentre', icon: <ShopOutlined /> },
};

function Stats({ stats }: { stats: HomeStatistics['stats'] }) {
  const { t, lang } = useDashboardWords();
  return (
    <div className="fp-stats">
      {stats.map((s) => {
        const label = STAT_LABELS[s.key];
        const unit = UNIT_LABELS[s.unit];
        return (
          <Card key={s.key} className="fp-stat" size="small" data-stat={s.key}>
            <Statistic
              title={label ? t(label) : bilingual(s.name ?? '', s.nameEn ?? '', lang) || s.key}
              value={s.value}
              groupSeparator=","
              suffix={unit ? t(unit) : s.unit || undefined}
            />
          </Card>
        );
      })}
    </div>
  );
}

function Tiles({ tiles }: { tiles: HomeStatistics['tiles'] }) {
  const { t } = useDashboardWords();
  return (
    <div className="fp-tiles">
      {tiles.map((tile) => {
        const meta = TILES[tile.key];
        const label = meta ? t(meta.label) : tile.key;
        const body = (
          <>
            <span className="fp-tile-icon">{meta?.icon ?? <AppstoreOutlined />}</span>
            <span className="fp-tile-text">
              <span className="fp-tile-label">{label}</span>
              {tile.path ? (
                <span className="fp-tile-open">
                  {t('dashboard.open')} <RightOutlined />
                </span>
              ) : (
                <span className="fp-tile-soon">{t('common.notYetAvailable')}</span>
              )}
            </span>
          </>
        );
        return tile.path ? (
          <Link key={tile.key} to={tile.path} className="fp-tile is-link" data-tile={tile.key}>
            {body}
          </Link>
        ) : (
          <div key={tile.key} className="fp-tile is-disabled" data-tile={tile.key} aria-disabled="true">
            {body}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A portal started without demo data has no doctors until the company brings its own: whoever may
 * import is told where and in which order, instead of a home page of zeros (docs/decisions/0071).
 */
function FirstSteps() {
  const { t } = useDashboardWords();
  return (
    <Alert
      type="info"
      showIcon
      role="region"
      aria-label={t('dashboard.firstSteps.title')}
      className="fp-first-steps"
      message={t('dashboard.firstSteps.title')}
      description={
        <>
          <p>{t('dashboard.firstSteps.body')}</p>
          <Link to={IMPORT_CENTRE_PATH}>
            {t('dashboard.firstSteps.open')} <RightOutlined />
          </Link>
        </>
      }
    />
  );
}

/** /dashboard: platform statistics, the eight tiles and the data-use notice (spec 001 section 1). */
export function DashboardPage() {
  const { t } = useDashboardWords();
  const statistics = useQuery(homeStatisticsQuery);
  const user = useQuery(userInfoQuery);
  // The import centre is offered to a user who may open it, asked as every screen asks (the session's pages).
  const canImport = findPage(useSession().table, IMPORT_CENTRE_PATH) !== undefined;
  const noDoctors = statistics.data?.stats.some((s) => s.key === 'doctors' && s.value === 0) ?? false;
  return (
    <div className="fp-dashboard">
      <DataUseNotice />
      {user.data ? (
        <h2 className="fp-dashboard-greeting">
          <SentenceWithData sentence={t('dashboard.greeting', { name: DATA_SLOT })} value={user.data.firstName || user.data.username} />
        </h2>
      ) : null}
      {canImport && noDoctors ? <FirstSteps /> : null}
      <section aria-labelledby="fp-stats-title">
        <h3 id="fp-stats-title" className="fp-section-title">
          {t('dashboard.stats')}
        </h3>
        {statistics.isPending ? <Skeleton active /> : statistics.data ? <Stats stats={statistics.data.stats} /> : <EmptyState />}
      </section>
      <section aria-labelledby="fp-tiles-title">
        <h3 id="fp-tiles-title" className="fp-section-title">
          {t('dashboard.tiles')}
        </h3>
        {statistics.data ? <Tiles tiles={statistics.data.tiles} /> : null}
      </section>
      <HomeCharts />
    </div>
  );
}
