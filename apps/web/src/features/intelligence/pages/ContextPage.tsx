import { DATA } from '@/lib/data-text';
import { DataText } from '@/components/DataText';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Col, Row, Space, Spin, Tag } from 'antd';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { abbreviate, formatCount } from '@/lib/format';
import { contextQuery, full360Path } from '../api/intelligence-api';
import { CartesianChart } from '@/components/charts/CartesianChart';
import { DEFAULT_INDICATION, IndicationSelect } from '../components/IndicationSelect';
import { EmptyState } from '@/components/EmptyState';
import { ItemList } from '@/components/ItemList';

/** /academic/academicContext: an indication's papers and citations by year, top journals and top authors in the scope. */
export function ContextPage() {
  const { t } = useIntelligenceWords();
  const [indication, setIndication] = useState(DEFAULT_INDICATION);
  const context = useQuery(contextQuery(indication));
  const c = context.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space>
          <span>{t('intel.indication')}</span>
          <IndicationSelect value={indication} onChange={setIndication} />
        </Space>
      </Card>
      <Card title={t('intel.context.byYear')}>
        {context.isFetching ? (
          <Spin />
        ) : c && c.byYear.length > 0 ? (
          <CartesianChart
            height={300}
            legend
            integer
            categories={c.byYear.map((y) => String(y.year))}
            series={[
              { kind: 'bar', name: t('intel.papers'), values: c.byYear.map((y) => y.papers) },
              { kind: 'line', name: t('intel.cited'), axis: 1, values: c.byYear.map((y) => y.citations) },
            ]}
          />
        ) : (
          <EmptyState description={t('intel.empty')} />
        )}
      </Card>
      <Row gutter={16}>
        <Col span={12}>
          <Card title={t('intel.context.journals')}>
            <ItemList
              size="small"
              loading={context.isFetching}
              items={c?.journals ?? []}
              renderItem={(j) => (
                <>
                  <DataText>{j.journal}</DataText> {j.core ? <Tag color="gold">{t('intel.context.core')}</Tag> : null} —{' '}
                  {t('intel.context.journalPapers', { n: abbreviate(j.papers) })}
                </>
              )}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('intel.context.authors')}>
            <ItemList
              size="small"
              loading={context.isFetching}
              items={c?.authors ?? []}
              rowKey={(a) => a.doctor.id}
              renderItem={(a) => (
                <>
                  <Link to={full360Path(a.doctor.id, a.doctor.name)} {...DATA}>
                    {a.doctor.name}
                  </Link>{' '}
                  (<DataText>{a.doctor.hospitalName}</DataText>) —{' '}
                  {t('intel.context.authorPapers', { papers: formatCount(a.papers), citations: abbreviate(a.citations) })}
                </>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
