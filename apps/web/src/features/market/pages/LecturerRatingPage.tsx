import { DataText } from '@/components/DataText';
import { dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Space, Tag } from 'antd';
import { LECTURER_LEVELS, type LecturerLevel, type LecturerRow } from '@field-portal/shared';
import { useMarketWords } from '@/features/market/i18n';
import { lecturerRatingQuery, marketOptionsQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart } from '../components/MarketChart';
import '../market.css';
import { RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';

const LEVEL_COLOR: Record<LecturerLevel, string> = { national: 'gold', regional: 'blue', city: 'green', none: 'default' };

/** lecturerRating: levels per product from speaker history and feedback in meetings, with the rule. */
export function LecturerRatingPage() {
  const { t, msg } = useMarketWords();
  const options = useQuery(marketOptionsQuery());
  const [product, setProduct] = useState('');
  const chosen = product || options.data?.products[0] || '';
  const rating = useQuery({ ...lecturerRatingQuery(chosen), enabled: chosen !== '' });
  const r = rating.data;
  const levelName = (l: LecturerLevel) => t(`market.level.${l}`);
  return (
    <div className="market-page">
      <Space wrap className="market-filters">
        <Select
          data-testid="lecturer-product"
          aria-label={t('market.product')}
          style={{ width: 200 }}
          placeholder={t('market.product')}
          value={chosen || undefined}
          onChange={setProduct}
          options={(options.data?.products ?? []).map((p) => ({ value: p, label: <DataText>{p}</DataText> }))}
        />
      </Space>
      <Row gutter={[16, 16]}>
        <Col span={14}>
          <Card size="small" title={t('market.lecturer.rule')} data-testid="lecturer-rule">
            <ul className="market-rule">
              {(['national', 'regional', 'city'] as const).map((level) => (
                <li key={level}>
                  {t('market.lecturer.ruleText', { level: levelName(level), ...(r?.rule[level] ?? { talks: '', cities: '', feedback: '' }) })}
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title={t('market.lecturer.level')}>
            <MarketChart
              kind="bar"
              height={140}
              categories={LECTURER_LEVELS.map(levelName)}
              series={[{ name: t('market.lecturer.level'), values: LECTURER_LEVELS.map((l) => r?.byLevel[l] ?? 0) }]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Loading loading={rating.isFetching}>
            <RowsTable<LecturerRow>
              rowKey="doctorId"
              size="small"
              data-testid="lecturer-table"
              dataSource={r?.lecturers ?? []}
              pageSize={20}
              locale={{ emptyText: <EmptyState description={msg('market.noLecturerData')} /> }}
              columns={[
                { title: t('market.doctor'), dataIndex: 'doctorName', width: 110, ...dataCells },
                { title: t('market.hospital'), dataIndex: 'hospitalName', ...dataCells },
                { title: t('market.lecturer.talks'), dataIndex: 'talks', width: 100 },
                { title: t('market.lecturer.cities'), dataIndex: 'cities', width: 90 },
                { title: t('market.lecturer.feedbackCount'), dataIndex: 'feedbackCount', width: 100 },
                { title: t('market.lecturer.feedback'), width: 110, render: (_: unknown, l) => (l.meanFeedback === null ? '–' : l.meanFeedback.toFixed(2)) },
                { title: t('market.lecturer.level'), width: 110, render: (_: unknown, l) => <Tag color={LEVEL_COLOR[l.level]}>{levelName(l.level)}</Tag> },
              ]}
            />
          </Loading>
        </Col>
      </Row>
    </div>
  );
}
