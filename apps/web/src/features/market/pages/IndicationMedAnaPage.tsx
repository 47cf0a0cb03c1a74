import { DataText } from '@/components/DataText';
import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Select, Space, Table } from 'antd';
import { MARKET_LIMITS, OPINION_SENTIMENTS, type IndicationDrugRow } from '@field-portal/shared';
import { formatCount } from '@/lib/format';
import { useMarketWords } from '@/features/market/i18n';
import { indicationMedAnaQuery, marketOptionsQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart, SENTIMENT_COLORS } from '../components/MarketChart';
import '../market.css';
import { EmptyState } from '@/components/EmptyState';

/**
 * indicationMedAna: the drugs of an indication by sales share, search and sentiment. It opens on the
 * first indication, already queried (docs/decisions/0034); another applies when query is pressed.
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
          <Row gutter={[16, 16]}>
            <Col span={10}>
              <Card size="small" title={t('market.share')}>
                <MarketChart dataNames kind="pie" categories={[]} series={rows.map((r) => ({ name: r.medicine, values: [r.sales] }))} />
              </Card>
            </Col>
            <Col span={14}>
              <Card size="small" title={t('market.opinions')}>
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
              <Table<IndicationDrugRow>
                rowKey="medicine"
                size="small"
                pagination={false}
                dataSource={rows}
                columns={[
                  { title: t('market.drug'), dataIndex: 'medicine', ...dataCells },
                  { title: t('market.sales'), render: (_: unknown, r) => formatCount(r.sales) },
                  { title: t('market.share'), render: (_: unknown, r) => `${r.share}%` },
                  { title: t('market.search'), render: (_: unknown, r) => formatCount(r.search) },
                  ...OPINION_SENTIMENTS.map((s) => ({ title: t(`market.${s}`), render: (_: unknown, r: IndicationDrugRow) => formatCount(r[s]) })),
                ]}
              />
            </Col>
          </Row>
        </Loading>
      )}
    </div>
  );
}
