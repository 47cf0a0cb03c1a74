import { DATA } from '@/lib/data-text';
import { DataText } from '@/components/DataText';
import { formatCount } from '@/lib/format';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button, Card, InputNumber, Space, Spin, Tag, Typography } from 'antd';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { egoQuery, full360Path, rankingQuery, relationsQuery } from '../api/intelligence-api';
import { EgoGraph } from '../components/EgoGraph';
import { DEFAULT_INDICATION, IndicationSelect } from '../components/IndicationSelect';
import { AreaMapPanel } from './AreaMapPanel';
import { EmptyState } from '@/components/EmptyState';
import { ItemList } from '@/components/ItemList';

const TYPE_LABEL = { coauthor: 'intel.type.coauthor', cospeaker: 'intel.type.cospeaker', coattend: 'intel.type.coattend' } as const;

/**
 * /doctor/doctorRelationCenter: one doctor's relations — their ego network (SVG, server positions)
 * and each tie with its evidence (docs/decisions/0043).
 */
export function RelationCentrePage() {
  return <EgoNetworkPanel />;
}

/**
 * /doctor/doctorAcademicNetwork: the indication's academic network as a whole — every scored
 * doctor in the user's scope on one map (sigma.js), not one doctor's ties (docs/decisions/0043).
 */
export function AcademicNetworkPage() {
  return <AreaMapPanel />;
}

function EgoNetworkPanel() {
  const { t } = useIntelligenceWords();
  const navigate = useNavigate();
  const [indication, setIndication] = useState(DEFAULT_INDICATION);
  const [typed, setTyped] = useState<number | null>(null);
  const [doctorId, setDoctorId] = useState<number | null>(null);
  // Without a chosen doctor the screen opens on the indication's top-ranked one.
  const top = useQuery({ ...rankingQuery(indication, undefined, undefined, 1), enabled: doctorId === null });
  const centre = doctorId ?? top.data?.list[0]?.doctor.id ?? null;
  const ego = useQuery({ ...egoQuery(indication, centre ?? 0), enabled: centre !== null });
  const relations = useQuery({ ...relationsQuery(indication, centre ?? 0), enabled: centre !== null });
  const centreNode = ego.data?.nodes.find((n) => n.id === centre);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Space wrap>
          <span>{t('intel.indication')}</span>
          <IndicationSelect value={indication} onChange={(v) => setIndication(v)} />
          <span>{t('intel.network.doctorId')}</span>
          <InputNumber aria-label={t('intel.network.doctorId')} min={1} max={2147483647} value={typed} onChange={(v) => setTyped(v)} />
          <Button type="primary" disabled={!typed} onClick={() => typed && setDoctorId(typed)}>
            {t('intel.network.open')}
          </Button>
          <Typography.Text type="secondary">{t('intel.network.hint')}</Typography.Text>
        </Space>
      </Card>
      <Card
        title={
          centreNode ? (
            <Link to={full360Path(centreNode.id, centreNode.name)} {...DATA}>
              {centreNode.name} · {centreNode.hospitalName}
            </Link>
          ) : (
            t('intel.doctor')
          )
        }
        extra={ego.data ? t('intel.network.size', { doctors: formatCount(ego.data.nodes.length), ties: formatCount(ego.data.edges.length) }) : null}
      >
        {ego.isFetching || top.isFetching ? (
          <div style={{ height: 560, display: 'grid', placeItems: 'center' }}>
            <Spin />
          </div>
        ) : ego.isError ? (
          <EmptyState description={t('intel.loadFailed')} />
        ) : ego.data && ego.data.nodes.length > 1 ? (
          <EgoGraph
            name={centreNode ? `${t('intel.network.tab.ego')} · ${centreNode.name}` : t('intel.network.tab.ego')}
            columns={[t('intel.hospital'), t('intel.weight')]}
            height={560}
            testId="ego-network"
            nodes={ego.data.nodes}
            edges={ego.data.edges}
            centre={ego.data.centre}
            onNodeClick={(id) => {
              const node = ego.data?.nodes.find((n) => n.id === id);
              if (node) navigate(full360Path(node.id, node.name));
            }}
          />
        ) : (
          <EmptyState description={t('intel.network.empty')} />
        )}
      </Card>
      <Card title={t('intel.network.evidence')} loading={relations.isLoading}>
        <ItemList
          size="small"
          items={relations.data?.list ?? []}
          empty={<EmptyState description={t('intel.network.empty')} />}
          renderItem={(r) => (
            <>
              <Tag>{t(TYPE_LABEL[r.type])}</Tag>
              <Link to={full360Path(r.doctor.id, r.doctor.name)} {...DATA}>
                {r.doctor.name}
              </Link>
              &nbsp;(<DataText>{r.doctor.hospitalName}</DataText>) — {r.evidence}
            </>
          )}
        />
      </Card>
    </div>
  );
}
