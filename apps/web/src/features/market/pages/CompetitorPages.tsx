import { DataText } from '@/components/DataText';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Select, Space, Statistic } from 'antd';
import { MARKET_LIMITS } from '@field-portal/shared';
import { formatCount } from '@/lib/format';
import { useMarketWords } from '@/features/market/i18n';
import { marketCompareQuery, marketOptionsQuery, netSearchQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart } from '../components/MarketChart';
import '../market.css';
import { EmptyState } from '@/components/EmptyState';

interface Chosen {
  medicine: string;
  competitor: string;
  months: number;
}

/**
 * A drug and a competitor, applied only by the query button: "choose a competitor and click query"
 * (spec 001 section 5). The page opens on the first medicine that has a competitor and its first
 * competitor, already queried, so it shows figures at once (docs/decisions/0034).
 */
function useCompetitorChoice() {
  const { t, msg } = useMarketWords();
  const { message } = App.useApp();
  const options = useQuery(marketOptionsQuery());
  const medicines = options.data?.medicines ?? [];
  // Until the user picks, the first medicine with a competitor and that competitor stand chosen.
  const first = medicines.find((m) => m.competitors.length > 0);
  const opening: Chosen | null = first ? { medicine: first.name, competitor: first.competitors[0]!, months: MARKET_LIMITS.monthsDefault } : null;
  const [picked, setPicked] = useState<{ medicine: string; competitor: string } | null>(null);
  const [months, setMonths] = useState<number>(MARKET_LIMITS.monthsDefault);
  const [queried, setQueried] = useState<Chosen | null>(null);
  const { medicine: drug, competitor } = picked ?? opening ?? { medicine: '', competitor: '' };
  const chosen = queried ?? opening;
  const competitors = medicines.find((m) => m.name === drug)?.competitors ?? [];
  const setMedicine = (name: string) => setPicked({ medicine: name, competitor: '' });
  const setCompetitor = (name: string) => setPicked({ medicine: drug, competitor: name });
  const query = () => {
    if (!drug) return void message.warning(msg('market.medicineRequired'));
    if (!competitor) return void message.warning(msg('market.competitorRequired'));
    setQueried({ medicine: drug, competitor, months });
  };
  const bar = (
    <Space wrap className="market-filters">
      <Select
        data-testid="market-drug"
        aria-label={t('market.drug')}
        style={{ width: 180 }}
        placeholder={t('market.drug')}
        value={drug || undefined}
        onChange={(v: string) => setMedicine(v)}
        options={medicines.map((m) => ({ value: m.name, label: <DataText>{m.name}</DataText> }))}
      />
      <Select
        data-testid="market-competitor"
        aria-label={t('market.competitor')}
        style={{ width: 180 }}
        allowClear
        placeholder={t('market.competitor')}
        value={competitor || undefined}
        onChange={(v?: string) => setCompetitor(v ?? '')}
        options={competitors.map((c) => ({ value: c, label: <DataText>{c}</DataText> }))}
      />
      <Select
        aria-label={t('market.months')}
        style={{ width: 150 }}
        value={months}
        onChange={setMonths}
        options={[6, 12, 24].map((n) => ({ value: n, label: t('market.monthsN', { n }) }))}
      />
      <Button type="primary" onClick={query} data-testid="market-query">
        {t('market.query')}
      </Button>
    </Space>
  );
  return { bar, chosen, loading: options.isPending };
}

/** medicineMarket: sales of a drug beside a competitor by month and province. */
export function MarketComparePage() {
  const { t } = useMarketWords();
  const { bar, chosen, loading } = useCompetitorChoice();
  const data = useQuery({ ...marketCompareQuery(chosen?.medicine ?? '', chosen?.competitor ?? '', chosen?.months ?? 12), enabled: chosen !== null });
  const d = data.data;
  return (
    <div className="market-page">
      {bar}
      {loading ? (
        <Loading loading />
      ) : !chosen ? (
        <EmptyState description={t('market.pickCompetitor')} />
      ) : (
        <Loading loading={data.isFetching}>
          <Row gutter={[16, 16]}>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title={
                    <>
                      <DataText>{chosen.medicine}</DataText> {t('market.sales')}
                    </>
                  }
                  value={d?.totals.own ?? 0}
                  formatter={(v) => formatCount(Number(v))}
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title={
                    <>
                      <DataText>{chosen.competitor}</DataText> {t('market.sales')}
                    </>
                  }
                  value={d?.totals.competitor ?? 0}
                  formatter={(v) => formatCount(Number(v))}
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title={
                    <>
                      <DataText>{chosen.medicine}</DataText> {t('market.share')}
                    </>
                  }
                  value={d?.totals.share ?? 0}
                  suffix="%"
                  data-testid="market-share"
                />
              </Card>
            </Col>
            <Col span={14}>
              <Card size="small" title={t('market.salesTrend')}>
                <MarketChart
                  dataNames
                  kind="line"
                  testId="market-sales"
                  categories={(d?.sales ?? []).map((p) => p.month)}
                  series={[
                    { name: chosen.medicine, values: (d?.sales ?? []).map((p) => p.own) },
                    { name: chosen.competitor, values: (d?.sales ?? []).map((p) => p.competitor) },
                  ]}
                />
              </Card>
            </Col>
            <Col span={10}>
              <Card size="small" title={t('market.byProvince')}>
                <MarketChart
                  dataNames
                  kind="bar"
                  horizontal
                  stacked
                  categories={(d?.byProvince ?? []).map((p) => p.province)}
                  series={[
                    { name: chosen.medicine, values: (d?.byProvince ?? []).map((p) => p.own) },
                    { name: chosen.competitor, values: (d?.byProvince ?? []).map((p) => p.competitor) },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </Loading>
      )}
    </div>
  );
}

/** medicineNet: search index, opinion volume and online consultations of a drug beside a competitor. */
export function NetSearchPage() {
  const { t } = useMarketWords();
  const { bar, chosen, loading } = useCompetitorChoice();
  const data = useQuery({ ...netSearchQuery(chosen?.medicine ?? '', chosen?.competitor ?? '', chosen?.months ?? 12), enabled: chosen !== null });
  const d = data.data;
  const chart = (title: string, key: 'search' | 'opinions' | 'consultations', kind: 'line' | 'bar') => (
    <Col span={key === 'search' ? 24 : 12}>
      <Card size="small" title={title}>
        <MarketChart
          dataNames
          kind={kind}
          testId={`net-${key}`}
          categories={(d?.[key] ?? []).map((p) => p.month)}
          series={[
            { name: chosen!.medicine, values: (d?.[key] ?? []).map((p) => p.own) },
            { name: chosen!.competitor, values: (d?.[key] ?? []).map((p) => p.competitor) },
          ]}
        />
      </Card>
    </Col>
  );
  return (
    <div className="market-page">
      {bar}
      {loading ? (
        <Loading loading />
      ) : !chosen ? (
        <EmptyState description={t('market.pickCompetitor')} />
      ) : (
        <Loading loading={data.isFetching}>
          <Row gutter={[16, 16]}>
            {chart(t('market.search'), 'search', 'line')}
            {chart(t('market.opinions'), 'opinions', 'bar')}
            {chart(t('market.consultations'), 'consultations', 'bar')}
          </Row>
        </Loading>
      )}
    </div>
  );
}
