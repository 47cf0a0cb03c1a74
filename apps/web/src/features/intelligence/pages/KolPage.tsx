import { dataCells } from '@/lib/data-text';
import { DataText } from '@/components/DataText';
import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Drawer, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { KOL_DIMENSIONS, type KolRow } from '@field-portal/shared';
import { messageText as message } from '@/lib/i18n';
import { useIntelligenceWords, type IntelligenceLabelKey } from '@/features/intelligence/i18n';
import { formatTime, formatTotal } from '@/lib/format';
import { compareQuery, explainQuery, full360Path, provincesQuery, rankingQuery } from '../api/intelligence-api';
import { useQueueExport } from '@/features/downloads';
import { DEFAULT_INDICATION, IndicationSelect } from '../components/IndicationSelect';
import { formatScore } from '../score';
import { EmptyState } from '@/components/EmptyState';
import { KeysetPager } from '@/components/paging';
import '../intelligence.css';

const { Text } = Typography;

const dimLabel = (d: string) => `dim.${d}` as IntelligenceLabelKey;
/** The China map and its geometry load with the KOL screen only. */
const ProvinceMap = lazy(() => import('../components/ProvinceMap').then((m) => ({ default: m.ProvinceMap })));
/** The radar and a score's explanation (with its trend chart) load when a comparison or an explanation is asked for. */
const RadarChart = lazy(() => import('@/components/charts/RadarChart').then((m) => ({ default: m.RadarChart })));
const KolExplainView = lazy(() => import('../components/KolExplainView').then((m) => ({ default: m.KolExplainView })));
/** English words are wider: the actions' and the score's columns take their language's width. */
const ACTIONS_WIDTH = { zh: 150, en: 236 } as const;
const SCORE_WIDTH = { zh: 80, en: 96 } as const;
/** Beside the map only where the ranking keeps its columns whole (antd's xxl, 1600 px); narrower, the map goes under it. */
const SIDE_BY_SIDE = { ranking: { xs: 24, xxl: 15 }, map: { xs: 24, xxl: 9 } } as const;

/** /doctor/KOLmapping: the ranking, each score explained, the radar comparison and the province map. */
export function KolPage() {
  const { t, lang } = useIntelligenceWords();
  const [indication, setIndication] = useState(DEFAULT_INDICATION);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [chosen, setChosen] = useState<KolRow[]>([]);
  const [explained, setExplained] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const [province, setProvince] = useState<{ code: string; name: string } | null>(null);
  const rankingCard = useRef<HTMLDivElement>(null);
  const cursor = cursors.at(-1);
  const exporter = useQueueExport();
  const ranking = useQuery(rankingQuery(indication, province?.code, cursor, 20));
  const provinces = useQuery(provincesQuery(indication));
  const explain = useQuery({ ...explainQuery(indication, explained ?? 0), enabled: explained !== null });
  const ids = chosen.map((c) => c.doctor.id);
  const compare = useQuery({ ...compareQuery(indication, ids), enabled: comparing && ids.length >= 2 });
  const onIndication = (value: string) => {
    setIndication(value);
    setCursors([undefined]);
    setChosen([]);
    setExplained(null);
    setComparing(false);
    setProvince(null);
  };
  const onProvince = (code: string, name: string) => {
    setProvince((current) => (current?.code === code ? null : { code, name }));
    setCursors([undefined]);
    // under 1600 px the map sits below the ranking: the filtered ranking is brought to where the user looks
    rankingCard.current?.scrollIntoView({ block: 'start' });
  };
  const toggle = (row: KolRow) =>
    setChosen((list) => (list.some((c) => c.doctor.id === row.doctor.id) ? list.filter((c) => c.doctor.id !== row.doctor.id) : [...list, row].slice(-5)));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space wrap>
          <span>{t('intel.indication')}</span>
          <IndicationSelect value={indication} onChange={onIndication} />
          <Text type="secondary">{t('intel.compare.selected', { n: chosen.length })}</Text>
          <Button type="primary" data-testid="compare-button" onClick={() => setComparing(true)}>
            {t('intel.compare')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            data-testid="kol-export"
            loading={exporter.queueing}
            disabled={!ranking.data || ranking.data.total === 0}
            onClick={() => void exporter.queue('kolList', { indication })}
          >
            {t('intel.export')}
          </Button>
        </Space>
        {comparing && ids.length < 2 ? (
          <Alert style={{ marginTop: 12 }} type="warning" showIcon title={message('intel.compare.tooFew', lang)} data-testid="compare-too-few" />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        <Col {...SIDE_BY_SIDE.ranking}>
          <Card
            ref={rankingCard}
            title={
              <Space>
                {t('intel.score')}
                {province ? (
                  <Tag closable color="blue" onClose={() => onProvince(province.code, province.name)} data-testid="province-filter">
                    {t('intel.map.filtered', { name: province.name })}
                  </Tag>
                ) : null}
              </Space>
            }
            extra={ranking.data?.computedAt ? t('intel.computedAt', { at: formatTime(ranking.data.computedAt) }) : null}
          >
            <Table<KolRow>
              rowKey={(r) => r.doctor.id}
              size="small"
              loading={ranking.isFetching}
              pagination={false}
              dataSource={ranking.data?.list ?? []}
              locale={{ emptyText: <EmptyState description={t('intel.empty')} /> }}
              columns={[
                { title: t('intel.rank'), dataIndex: 'rank', width: 64 },
                {
                  title: t('intel.doctor'),
                  width: 96,
                  ...dataCells,
                  render: (_, r) => <Link to={full360Path(r.doctor.id, r.doctor.name)}>{r.doctor.name}</Link>,
                },
                { title: t('intel.hospital'), width: 200, ...dataCells, render: (_, r) => r.doctor.hospitalName, ellipsis: true },
                { title: t('intel.score'), dataIndex: 'score', width: SCORE_WIDTH[lang], render: (score: number) => formatScore(score) },
                {
                  title: t('intel.tier'),
                  dataIndex: 'tier',
                  width: 60,
                  render: (tier: string) => <Tag color={tier === 'T1' ? 'red' : tier === 'T2' ? 'orange' : 'default'}>{tier}</Tag>,
                },
                {
                  title: t('intel.topDimensions'),
                  // each dimension whole; a row takes a second line rather than cutting one
                  render: (_, r) => (
                    <span className="fp-intel-dims">
                      {r.top.map((x) => (
                        <span key={x.dimension}>{`${t(dimLabel(x.dimension))} ${Math.round(x.percentile)}`}</span>
                      ))}
                    </span>
                  ),
                },
                {
                  title: '',
                  width: ACTIONS_WIDTH[lang],
                  render: (_, r) => (
                    <Space size={4}>
                      <Button size="small" onClick={() => setExplained(r.doctor.id)}>
                        {t('intel.explain')}
                      </Button>
                      <Button size="small" type={ids.includes(r.doctor.id) ? 'primary' : 'default'} data-testid={`compare-${r.rank}`} onClick={() => toggle(r)}>
                        {t('intel.compare.add')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
            <KeysetPager
              pageIndex={cursors.length - 1}
              hasPrevious={cursors.length > 1}
              hasNext={Boolean(ranking.data?.nextCursor)}
              loading={ranking.isFetching}
              summary={ranking.data ? t('intel.kolTotal', { n: formatTotal(ranking.data.total, ranking.data.totalCapped) }) : undefined}
              onPrevious={() => setCursors((c) => c.slice(0, -1))}
              onNext={() => setCursors((c) => [...c, ranking.data?.nextCursor ?? undefined])}
            />
          </Card>
        </Col>
        <Col {...SIDE_BY_SIDE.map}>
          <Card title={t('intel.byProvince')} loading={provinces.isLoading}>
            {provinces.data && provinces.data.length > 0 ? (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '160px auto' }} />}>
                <ProvinceMap data={provinces.data} selected={province?.code} onSelect={onProvince} />
              </Suspense>
            ) : (
              <EmptyState description={t('intel.empty')} />
            )}
          </Card>
        </Col>
      </Row>
      {/* results open beside the ranking, where the click was, not under twenty rows */}
      <Drawer title={t('intel.compare.radar')} open={comparing && ids.length >= 2} onClose={() => setComparing(false)} size={720} data-testid="kol-radar">
        {compare.data ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '160px auto' }} />}>
            <RadarChart
              height={380}
              indicators={KOL_DIMENSIONS.map((d) => ({ name: t(dimLabel(d)), max: 100 }))}
              series={compare.data.map((e) => ({ name: `${e.doctor.name} (${formatScore(e.score)})`, values: e.dimensions.map((d) => d.percentile) }))}
            />
          </Suspense>
        ) : (
          <Spin style={{ display: 'block', margin: '160px auto' }} />
        )}
      </Drawer>
      <Drawer
        title={
          <>
            {t('intel.explain')} · <DataText>{explain.data?.doctor.name ?? ''}</DataText>
          </>
        }
        open={explained !== null}
        onClose={() => setExplained(null)}
        size={720}
        data-testid="kol-explain"
      >
        {explained !== null ? (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            <KolExplainView indication={indication} doctorId={explained} />
          </Suspense>
        ) : null}
      </Drawer>
    </div>
  );
}
