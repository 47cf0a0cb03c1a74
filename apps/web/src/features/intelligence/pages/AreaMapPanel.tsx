import { DataText } from '@/components/DataText';
import { DATA } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Alert, Card, Select, Space, Spin, Typography } from 'antd';
import { INTELLIGENCE_LIMITS } from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { formatCount } from '@/lib/format';
import { areaQuery, full360Path, provincesQuery } from '../api/intelligence-api';
import { AreaMap } from '../components/AreaMap';
import { DEFAULT_INDICATION, IndicationSelect } from '../components/IndicationSelect';
import { EmptyState } from '@/components/EmptyState';

/**
 * The whole-area map of the academic network: every scored doctor of the indication in the caller's
 * scope (or in one province of it) with their relations, positions and communities from the server's
 * job, drawn by sigma.js. Clicking a doctor opens their 360 view.
 */
export function AreaMapPanel() {
  const { t } = useIntelligenceWords();
  const navigate = useNavigate();
  const [indication, setIndication] = useState(DEFAULT_INDICATION);
  const [provinceCode, setProvinceCode] = useState<string | undefined>(undefined);
  const provinces = useQuery(provincesQuery(indication));
  const area = useQuery(areaQuery(indication, provinceCode));
  const data = area.data;
  const central = data?.nodes[0];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space wrap>
          <span>{t('intel.indication')}</span>
          <IndicationSelect
            value={indication}
            onChange={(v) => {
              setIndication(v);
              setProvinceCode(undefined);
            }}
          />
          <span>{t('intel.area.province')}</span>
          <Select
            data-testid="area-province"
            aria-label={t('intel.area.province')}
            style={{ width: 220 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('intel.area.allProvinces')}
            loading={provinces.isLoading}
            value={provinceCode}
            onChange={(v: string | undefined) => setProvinceCode(v)}
            options={(provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: `${p.province} (${formatCount(p.doctors)})` }))}
          />
        </Space>
      </Card>
      <Card
        title={t('intel.network.tab.area')}
        extra={
          data ? (
            <span data-testid="area-summary">
              {t('intel.area.summary', {
                nodes: formatCount(data.nodes.length),
                edges: formatCount(data.edges.length),
                communities: formatCount(data.communities),
              })}
            </span>
          ) : null
        }
      >
        {area.isFetching ? (
          <div style={{ height: 600, display: 'grid', placeItems: 'center' }}>
            <Spin />
          </div>
        ) : area.isError ? (
          <EmptyState description={t('intel.loadFailed')} />
        ) : data && data.nodes.length > 0 ? (
          <>
            {data.truncated ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('intel.area.truncated', { max: formatCount(INTELLIGENCE_LIMITS.areaNodesMax) })}
              />
            ) : null}
            <AreaMap area={data} onNodeClick={(id, name) => navigate(full360Path(id, name))} />
            {central ? (
              <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
                {t('intel.area.central')}:{' '}
                <Link to={full360Path(central.id, central.name)} {...DATA}>
                  {central.name}
                </Link>{' '}
                · <DataText>{central.hospitalName}</DataText>
              </Typography.Paragraph>
            ) : null}
          </>
        ) : (
          <EmptyState description={t('intel.area.empty')} />
        )}
      </Card>
    </div>
  );
}
