import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table, theme, Typography } from 'antd';
import { useIntelligenceWords, type IntelligenceLabelKey } from '@/features/intelligence/i18n';
import { formatTime } from '@/lib/format';
import { explainQuery } from '../api/intelligence-api';
import { formatScore, scoreParts } from '../score';
import { CartesianChart } from '@/components/charts/CartesianChart';
import { EmptyState } from '@/components/EmptyState';

const { Text } = Typography;

const dimLabel = (d: string) => `dim.${d}` as IntelligenceLabelKey;

/**
 * One doctor's score in one indication explained: each dimension's raw value, percentile, weight and
 * contribution (they add up to the score), and the score at each kept recompute run. The KOL page
 * shows it in a side panel beside the ranking; the 360 view opens it under its score table (a chunk of its own there).
 */
export function KolExplainView({ indication, doctorId }: { indication: string; doctorId: number }) {
  const { t } = useIntelligenceWords();
  const { token } = theme.useToken();
  const explain = useQuery(explainQuery(indication, doctorId));
  if (explain.isError) return <EmptyState description={t('intel.noScore')} />;
  if (!explain.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = explain.data;
  // The contributions at the score's one decimal, apportioned so that they add up to the score as
  // written below them (each rounded alone, they could miss it by a few tenths).
  const parts = scoreParts(
    data.dimensions.map((d) => d.contribution),
    data.score,
  );
  const rows = data.dimensions.map((d, k) => ({ ...d, shown: parts[k]! }));
  // Of the dimensions only the papers are counted per indication (the 360 view counts all of them): the row says so.
  const dimensionName = (d: string) => (d === 'paper' ? t('intel.explain.paper', { indication: data.indication }) : t(dimLabel(d)));
  return (
    <>
      <Table
        size="small"
        rowKey="dimension"
        pagination={false}
        dataSource={rows}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('intel.score')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} colSpan={3} />
            <Table.Summary.Cell index={4}>
              {formatScore(data.score)} ({data.tier})
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
        columns={[
          // Lines break between words only: "Papers in the indication" / "(心力衰竭)", never inside the indication's name.
          { title: t('intel.dimension'), dataIndex: 'dimension', render: (d: string) => <span style={{ wordBreak: 'keep-all' }}>{dimensionName(d)}</span> },
          { title: t('intel.raw'), dataIndex: 'raw' },
          { title: t('intel.percentile'), dataIndex: 'percentile' },
          { title: t('intel.weight'), dataIndex: 'weight' },
          { title: t('intel.contribution'), dataIndex: 'shown' },
        ]}
      />
      <h5
        style={{
          margin: '16px 0 8px',
          fontSize: token.fontSizeHeading5,
          lineHeight: token.lineHeightHeading5,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {t('intel.history')}
      </h5>
      {data.history.length > 1 ? (
        <CartesianChart
          kind="line"
          height={200}
          testId="kol-history"
          categories={data.history.map((p) => formatTime(p.at, 'day'))}
          series={[{ name: t('intel.score'), values: data.history.map((p) => p.score) }]}
          valueRange={{ min: 0, max: 100 }}
          labels={formatScore}
          valueFormat={formatScore}
          symbolSize={8}
        />
      ) : (
        <Text type="secondary" data-testid="kol-history">
          {t('intel.history.single')}
        </Text>
      )}
    </>
  );
}
