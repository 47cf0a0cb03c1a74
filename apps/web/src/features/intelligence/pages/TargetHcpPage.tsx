import { dataOptions } from '@/components/DataText';
import { DATA, dataCells } from '@/lib/data-text';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Select, Space, Table, Typography } from 'antd';
import type { LookAlike } from '@field-portal/shared';
import { useIntelligenceWords, type IntelligenceLabelKey } from '@/features/intelligence/i18n';
import { full360Path, lookAlikeQuery, rankingQuery } from '../api/intelligence-api';
import { DEFAULT_INDICATION, IndicationSelect } from '../components/IndicationSelect';

const { Text } = Typography;

const dimLabel = (d: string) => `dim.${d}` as IntelligenceLabelKey;
/** The target is chosen among the indication's leading doctors (the ranking's first page). */
const TARGETS = 20;

/**
 * /doctor/TargetHCPMapping: the HCP look-alike of spec 001 (section 2.4): choose a target doctor and
 * see the doctors most like them, dimension by dimension — where KOL mapping ranks and explains
 * the KOLs themselves (docs/decisions/0043).
 */
export function TargetHcpPage() {
  const { t } = useIntelligenceWords();
  const [indication, setIndication] = useState(DEFAULT_INDICATION);
  const [chosen, setChosen] = useState<number | null>(null);
  const ranking = useQuery(rankingQuery(indication, undefined, undefined, TARGETS));
  const target = chosen ?? ranking.data?.list[0]?.doctor.id ?? null;
  const similar = useQuery({ ...lookAlikeQuery(target ?? 0), enabled: target !== null });
  const targetRow = ranking.data?.list.find((r) => r.doctor.id === target);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space wrap>
          <span>{t('intel.indication')}</span>
          <IndicationSelect
            value={indication}
            onChange={(value) => {
              setIndication(value);
              setChosen(null);
            }}
          />
          <span id="target-hcp-label">{t('intel.target')}</span>
          <Select
            aria-labelledby="target-hcp-label"
            data-testid="target-hcp"
            style={{ width: 320 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={ranking.isLoading}
            value={target ?? undefined}
            onChange={(value: number) => setChosen(value)}
            options={(ranking.data?.list ?? []).map((r) => ({ value: r.doctor.id, label: `${r.doctor.name} · ${r.doctor.hospitalName}` }))}
            {...dataOptions}
          />
          <Text type="secondary">{t('intel.target.hint')}</Text>
        </Space>
      </Card>
      <Card
        title={
          targetRow ? (
            <Space>
              {t('intel.lookAlike')} ·
              <Link to={full360Path(targetRow.doctor.id, targetRow.doctor.name)} {...DATA}>
                {targetRow.doctor.name}
              </Link>
            </Space>
          ) : (
            t('intel.lookAlike')
          )
        }
        loading={similar.isLoading}
        data-testid="look-alike"
      >
        <Table<LookAlike>
          size="small"
          rowKey={(r) => r.doctor.id}
          pagination={false}
          dataSource={similar.data?.list ?? []}
          columns={[
            { title: t('intel.doctor'), ...dataCells, render: (_, r) => <Link to={full360Path(r.doctor.id, r.doctor.name)}>{r.doctor.name}</Link> },
            { title: t('intel.hospital'), ...dataCells, render: (_, r) => r.doctor.hospitalName },
            // Three decimals for every row, so 0.700 reads beside 0.698 as the same kind of number.
            { title: t('intel.similarity'), dataIndex: 'similarity', render: (v: number) => v.toFixed(3) },
            {
              title: t('intel.lookAlike.dimensions'),
              render: (_, r) =>
                r.features
                  .filter((f) => f.value > 0)
                  .sort((a, b) => b.value - a.value)
                  .slice(0, 4)
                  .map((f) => `${t(dimLabel(f.name))} ${Math.round(f.value)}/${Math.round(f.target)}`)
                  .join(' · '),
            },
          ]}
        />
      </Card>
    </div>
  );
}
