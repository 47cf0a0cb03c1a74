import { DataText } from '@/components/DataText';
import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Select, Space, Table, type TableColumnsType } from 'antd';
import {
  INDICATION_FIGURE_BASES,
  INDICATION_FIGURE_BASIS,
  MARKET_LIMITS,
  OPINION_SENTIMENTS,
  type IndicationDrugRow,
  type IndicationFigure,
  type IndicationFigureBasis,
} from '@field-portal/shared';
import { formatCount, formatPercent } from '@/lib/format';
import { useMarketWords } from '@/features/market/i18n';
import { indicationMedAnaQuery, marketOptionsQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart, SENTIMENT_COLORS } from '../components/MarketChart';
import '../market.css';
import { EmptyState } from '@/components/EmptyState';

/** The figures of a row in the table's order. */
const FIGURES: readonly IndicationFigure[] = ['sales', 'share', 'search', ...OPINION_SENTIMENTS];

/**
 * indicationMedAna: the drugs of an indication by sales share, search and sentiment. It opens on the
 * first indication, already queried (docs/decisions/0034); another applies when query is pressed.
 * Each figure says what it counts (docs/decisions/0077): the sentiment counts are the indication's;
 * sales, share and search are the drug's over all its indications, the market figures naming none.
 */
export function IndicationMedAnaPage() {
  const { t, msg } = useMarketWords();
  const { message } = App.useApp();
  const options = useQuery(marketOptionsQuery());
  const opening = options.data?.indications[0] ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const [queried, setQueried] = useState<string | null>(null);
  const indication = picked ?? opening;
  const chosen = queried ?? opening;
  const data = useQuery({ ...indicationMedAnaQuery(chosen, MARKET_LIMITS.monthsDefault), enabled: chosen !== '' });
  const rows = data.data?.drugs ?? [];
  const basis = data.data?.basis ?? INDICATION_FIGURE_BASIS;
  const of = (b: IndicationFigureBasis, figure: string) => t(b === 'indication' ? 'market.ofIndication' : 'market.ofAllIndications', { figure });
  const figureTitle = (f: IndicationFigure) => t(`market.${f}`);
  const figureCell = (f: IndicationFigure) => (_: unknown, r: IndicationDrugRow) => (f === 'share' ? formatPercent(r.share) : formatCount(r[f]));
  const columns: TableColumnsType<IndicationDrugRow> = [
    { title: t('market.drug'), dataIndex: 'medicine', ...dataCells },
    // one group per basis, so no figure reads as the indication's when it is not
    ...INDICATION_FIGURE_BASES.flatMap((b) => {
      const figures = FIGURES.filter((f) => basis[f] === b);
      return figures.length === 0
        ? []
        : [{ title: t(`market.basis.${b}`), children: figures.map((f) => ({ key: f, title: figureTitle(f), render: figureCell(f) })) }];
    }),
  ];
  return (
    <div className="market-page">
      <Space wrap className="market-filters">
        <Select
          data-testid="pick-indication"
          aria-label={t('market.indication')}
          style={{ width: 200 }}
          placeholder={t('market.indication')}
          value={indication || undefined}
          onChange={(v: string) => setPicked(v)}
          options={(options.data?.indications ?? []).map((i) => ({ value: i, label: <DataText>{i}</DataText> }))}
        />
        <Button type="primary" onClick={() => (indication ? setQueried(indication) : void message.warning(msg('market.indicationRequired')))}>
          {t('market.query')}
        </Button>
      </Space>
      {options.isPending ? (
        <Loading loading />
      ) : !chosen ? (
        <EmptyState description={msg('market.indicationRequired')} />
      ) : (
        <Loading loading={data.isFetching}>
          <Alert type="info" showIcon message={t('market.indicationBasisNote')} style={{ marginBottom: 16 }} data-testid="indication-basis-note" />
          <Row gutter={[16, 16]}>
            <Col span={10}>
              <Card size="small" title={of(basis.share, t('market.salesShare'))}>
                <MarketChart dataNames kind="pie" categories={[]} series={rows.map((r) => ({ name: r.medicine, values: [r.sales] }))} />
              </Card>
            </Col>
            <Col span={14}>
              <Card size="small" title={of(basis.positive, t('market.opinions'))}>
                <MarketChart
                  dataNames
                  kind="bar"
                  stacked
                  categories={rows.map((r) => r.medicine)}
                  series={OPINION_SENTIMENTS.map((s) => ({ name: t(`market.${s}`), values: rows.map((r) => r[s]), color: SENTIMENT_COLORS[s] }))}
                />
              </Card>
            </Col>
            <Col span={24}>
              <Table<IndicationDrugRow> rowKey="medicine" size="small" pagination={false} dataSource={rows} columns={columns} />
            </Col>
          </Row>
        </Loading>
      )}
    </div>
  );
}
