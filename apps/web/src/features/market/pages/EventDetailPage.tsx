import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Card, Col, Descriptions, Row } from 'antd';
import { OPINION_SENTIMENTS } from '@field-portal/shared';
import { formatCount, formatTime } from '@/lib/format';
import { DATA } from '@/lib/data-text';
import { useMarketWords } from '@/features/market/i18n';
import { eventDetailQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart, SENTIMENT_COLORS } from '../components/MarketChart';
import { OpinionItemList } from '../components/OpinionItemList';
import '../market.css';
import { EmptyState } from '@/components/EmptyState';

/** eventDetail: one opinion event, its sentiment by day and its items. */
export function EventDetailPage() {
  const { t } = useMarketWords();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const event = useQuery({ ...eventDetailQuery(id), enabled: valid });
  if (!valid) return <EmptyState />;
  const e = event.data;
  return (
    <div className="market-page">
      <Loading loading={event.isFetching}>
        <Row gutter={[16, 16]}>
          <Col span={10}>
            <Card size="small" title={<span {...DATA}>{e?.title ?? ''}</span>} data-testid="event-title">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('market.drug')}>
                  <span {...DATA}>{e?.medicine}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('market.event.started')}>{e ? formatTime(e.startedAt) : ''}</Descriptions.Item>
                <Descriptions.Item label={t('market.items')}>{formatCount(e?.items ?? 0)}</Descriptions.Item>
              </Descriptions>
              <MarketChart
                kind="pie"
                height={200}
                categories={[]}
                series={OPINION_SENTIMENTS.map((s) => ({ name: t(`market.${s}`), values: [e?.[s] ?? 0], color: SENTIMENT_COLORS[s] }))}
              />
            </Card>
          </Col>
          <Col span={14}>
            <Card size="small" title={t('market.event.byDay')}>
              <MarketChart
                kind="bar"
                stacked
                height={270}
                categories={(e?.byDay ?? []).map((d) => d.day)}
                series={OPINION_SENTIMENTS.map((s) => ({ name: t(`market.${s}`), values: (e?.byDay ?? []).map((d) => d[s]), color: SENTIMENT_COLORS[s] }))}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card size="small" title={t('market.items')}>
              <OpinionItemList filter={{ eventId: id }} />
            </Card>
          </Col>
        </Row>
      </Loading>
    </div>
  );
}
