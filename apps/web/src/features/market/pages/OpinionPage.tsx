import { DataText } from '@/components/DataText';
import { DATA } from '@/lib/data-text';
import { Item, ItemList } from '@/components/ItemList';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Card, Col, Row, Select, Space, Statistic } from 'antd';
import { MARKET_LIMITS, OPINION_SENTIMENTS } from '@field-portal/shared';
import { formatCount, formatTime } from '@/lib/format';
import { useMarketWords } from '@/features/market/i18n';
import { eventDetailPath, marketOptionsQuery, opinionTrendQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart, SENTIMENT_COLORS } from '../components/MarketChart';
import { OpinionItemList } from '../components/OpinionItemList';
import '../market.css';

const MONTHS = [6, 12, 24, MARKET_LIMITS.monthsMax];

/** MedAna: a drug's public opinion by month, platform and drug, its events and its items. */
export function OpinionPage() {
  const { t } = useMarketWords();
  const navigate = useNavigate();
  const options = useQuery(marketOptionsQuery());
  const drugs = (options.data?.medicines ?? []).flatMap((m) => [m.name, ...m.competitors]);
  const [medicine, setMedicine] = useState('');
  const [months, setMonths] = useState<number>(MARKET_LIMITS.monthsDefault);
  const trend = useQuery(opinionTrendQuery(medicine, months));
  const d = trend.data;
  const sentimentSeries = (rows: { positive: number; negative: number; neutral: number }[]) =>
    OPINION_SENTIMENTS.map((s) => ({ name: t(`market.${s}`), values: rows.map((r) => r[s]), color: SENTIMENT_COLORS[s] }));
  return (
    <div className="market-page">
      <Space wrap className="market-filters">
        <Select
          data-testid="opinion-drug"
          aria-label={t('market.drug')}
          style={{ width: 200 }}
          allowClear
          placeholder={t('market.drug')}
          value={medicine || undefined}
          onChange={(v?: string) => setMedicine(v ?? '')}
          options={drugs.map((n) => ({ value: n, label: <DataText>{n}</DataText> }))}
        />
        <Select
          aria-label={t('market.months')}
          style={{ width: 160 }}
          value={months}
          onChange={setMonths}
          options={MONTHS.map((n) => ({ value: n, label: t('market.monthsN', { n }) }))}
        />
      </Space>
      <Loading loading={trend.isFetching}>
        <Row gutter={[16, 16]}>
          <Col span={6}>
            <Card size="small">
              <Statistic title={t('market.items')} value={d?.total ?? 0} formatter={(v) => formatCount(Number(v))} />
            </Card>
          </Col>
          {OPINION_SENTIMENTS.map((s) => (
            <Col span={6} key={s}>
              <Card size="small">
                <Statistic
                  title={t(`market.${s}`)}
                  valueStyle={{ color: SENTIMENT_COLORS[s] }}
                  value={d ? d.byMonth.reduce((sum, m) => sum + m[s], 0) : 0}
                  formatter={(v) => formatCount(Number(v))}
                />
              </Card>
            </Col>
          ))}
          <Col span={16}>
            <Card size="small" title={t('market.trend')}>
              <MarketChart
                dataNames
                kind="line"
                stacked
                testId="opinion-trend"
                categories={(d?.byMonth ?? []).map((m) => m.month)}
                series={sentimentSeries(d?.byMonth ?? [])}
              />
            </Card>
          </Col>
          <Col span={8}>
            <Card size="small" title={t('market.events')}>
              {/* a scrolled region the keyboard can reach and scroll (WCAG 2.1.1) */}
              <div tabIndex={0} role="region" aria-label={t('market.events')} style={{ maxHeight: 280, overflow: 'auto' }}>
                <ItemList
                  size="small"
                  data-testid="opinion-events"
                  items={d?.events ?? []}
                  rowKey={(e) => e.id}
                  renderItem={(e) => (
                    <Item
                      onClick={() => void navigate(eventDetailPath(e.id))}
                      title={
                        <Link to={eventDetailPath(e.id)} {...DATA}>
                          {e.title}
                        </Link>
                      }
                      description={`${formatTime(e.startedAt, 'day')} · ${formatCount(e.items)} · +${e.positive} / −${e.negative}`}
                    />
                  )}
                />
              </div>
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title={t('market.byPlatform')}>
              <MarketChart
                dataNames
                kind="bar"
                stacked
                horizontal
                categories={(d?.byPlatform ?? []).map((p) => p.platform)}
                series={sentimentSeries(d?.byPlatform ?? [])}
              />
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title={t('market.byDrug')}>
              <MarketChart dataNames kind="bar" stacked categories={(d?.byDrug ?? []).map((p) => p.medicine)} series={sentimentSeries(d?.byDrug ?? [])} />
            </Card>
          </Col>
          <Col span={24}>
            <Card size="small" title={t('market.items')}>
              <OpinionItemList filter={{ medicine: medicine || undefined, months }} />
            </Card>
          </Col>
        </Row>
      </Loading>
    </div>
  );
}
