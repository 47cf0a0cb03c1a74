import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Spin, Table, Tag, Typography } from 'antd';
import type { Doctor360, KolTrend } from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { formatCount, formatTime } from '@/lib/format';
import { dataCells } from '@/lib/data-text';
import { kolTrendQuery } from '../api/intelligence-api';
import { formatScore, formatScoreChange } from '../score';
import { emptyReason, trendSummary, unscoredNote, type ImpactNote } from './impact';
import { EmptyState } from '@/components/EmptyState';

const { Text } = Typography;

/* The trend line and the explanation come in chunks of their own: the 360 view's first load stays without them. */
const ScoreSparkline = lazy(() => import('./ScoreSparkline').then((m) => ({ default: m.ScoreSparkline })));
const KolExplainView = lazy(() => import('./KolExplainView').then((m) => ({ default: m.KolExplainView })));

type KolScore = Doctor360['impact']['kol'][number];
type Row = KolScore & { history: KolTrend['indications'][number]['history'] | undefined };

const tierColor = (tier: string) => (tier === 'T1' ? 'red' : tier === 'T2' ? 'orange' : 'default');

/**
 * The 360 view's KOL scores (docs/decisions/0024, "the trend on the 360 view"): per indication the
 * score, tier and rank (from the 360 call), the score's trend over the kept recompute runs (one
 * more call), and the explanation the KOL page gives, opened under the table; or why there is no score.
 */
export function KolImpact({
  doctorId,
  doctorName,
  doctorIndications,
  kol,
}: {
  doctorId: number;
  doctorName: string;
  doctorIndications: readonly string[];
  kol: readonly KolScore[];
}) {
  const { t, lang, msg } = useIntelligenceWords();
  const trend = useQuery(kolTrendQuery(doctorId));
  const [explaining, setExplaining] = useState<string | null>(null);
  const note = (n: ImpactNote) => msg(n.key, { indications: (n.indications ?? []).join(lang === 'en' ? ', ' : '、'), at: n.at ? formatTime(n.at, 'day') : '' });
  const scored = kol.map((k) => k.indication);
  const runs = trend.data?.runs ?? [];

  if (kol.length === 0) {
    if (trend.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    const reason = trend.data ? emptyReason(runs, doctorIndications, scored) : null;
    return <EmptyState data-testid="impact-empty" description={reason ? note(reason) : t('intel.noScore')} />;
  }
  const histories = new Map((trend.data?.indications ?? []).map((i) => [i.indication, i.history]));
  const rows: Row[] = kol.map((k) => ({ ...k, history: histories.get(k.indication) }));
  const unscored = unscoredNote(runs, doctorIndications, scored);

  const trendCell = (row: Row) => {
    if (trend.isPending) return <Spin size="small" />;
    if (!row.history || row.history.length === 0) return '—';
    const summary = trendSummary(row.history);
    const text =
      summary.kind === 'delta' ? (
        <Text type={summary.delta > 0 ? 'success' : 'danger'}>
          {msg('intel.impact.delta', { delta: formatScoreChange(summary.delta), at: formatTime(summary.at, 'day') })}
        </Text>
      ) : summary.kind === 'flat' ? (
        <Text type="secondary">{msg('intel.impact.flat', { at: formatTime(summary.at, 'day') })}</Text>
      ) : summary.kind === 'single' ? (
        <Text type="secondary">{msg('intel.impact.single', { at: formatTime(summary.at, 'day') })}</Text>
      ) : null;
    return (
      <div data-testid={`impact-trend-${row.indication}`} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {row.history.length > 1 ? (
          <div style={{ width: 140, flex: 'none' }}>
            <Suspense fallback={<Spin size="small" />}>
              <ScoreSparkline history={row.history} testId={`impact-sparkline-${row.indication}`} />
            </Suspense>
          </div>
        ) : null}
        <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
      </div>
    );
  };

  return (
    <div data-testid="impact-kol" style={{ marginTop: 12 }}>
      <Table<Row>
        size="small"
        rowKey="indication"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('intel.indication'), dataIndex: 'indication', ...dataCells },
          { title: t('intel.score'), dataIndex: 'score', render: (score: number) => <Text strong>{formatScore(score)}</Text> },
          { title: t('intel.tier'), dataIndex: 'tier', render: (tier: string) => <Tag color={tierColor(tier)}>{tier}</Tag> },
          { title: t('intel.rank'), render: (_, k) => `${formatCount(k.rank)} / ${formatCount(k.of)}` },
          { title: runs.length > 0 ? msg('intel.impact.trend', { runs: runs.length }) : t('intel.history'), render: (_, k) => trendCell(k) },
          {
            title: '',
            align: 'right',
            render: (_, k) => (
              <Button
                size="small"
                type={explaining === k.indication ? 'primary' : 'default'}
                data-testid={`impact-explain-${k.indication}`}
                onClick={() => setExplaining((current) => (current === k.indication ? null : k.indication))}
              >
                {msg('intel.impact.explain')}
              </Button>
            ),
          },
        ]}
      />
      {unscored ? <Alert style={{ marginTop: 8 }} type="info" showIcon title={note(unscored)} /> : null}
      {explaining !== null ? (
        <Card
          size="small"
          type="inner"
          style={{ marginTop: 12 }}
          data-testid="kol-explain"
          title={`${t('intel.explain')} · ${doctorName} · ${explaining}`}
          extra={
            <Button size="small" type="text" onClick={() => setExplaining(null)}>
              {msg('intel.impact.close')}
            </Button>
          }
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <KolExplainView indication={explaining} doctorId={doctorId} />
          </Suspense>
        </Card>
      ) : null}
    </div>
  );
}
