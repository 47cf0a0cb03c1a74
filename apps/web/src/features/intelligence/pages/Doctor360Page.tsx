import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert, Card, Col, Descriptions, Result, Row, Skeleton, Statistic, Tag } from 'antd';
import { ACADEMIC_KINDS, doctorDepartmentName, doctorTitleName, type AcademicItem, type Doctor360 } from '@field-portal/shared';
import { isHttpError } from '@/lib/http';
import { DATA } from '@/lib/data-text';
import type { IntelligenceLabelKey } from '@/features/intelligence/i18n';
import { useDoctorWords } from '../doctor-words';
import { abbreviate, formatCount, formatTime } from '@/lib/format';
import { full360Path, full360Query } from '../api/intelligence-api';
import { KolImpact } from '../components/KolImpact';
import { EmptyState } from '@/components/EmptyState';
import { ItemList } from '@/components/ItemList';

const TYPE_LABEL = { coauthor: 'intel.type.coauthor', cospeaker: 'intel.type.cospeaker', coattend: 'intel.type.coattend' } as const;

/** /doctor/doctorFullViewDetail/{id}/{nameDoctor} and /doctor/doctorDetail/{id}/{nameDoctor}: the doctor 360 view (spec 001 section 3). */
export function Doctor360Page() {
  const { t, msg, lang } = useDoctorWords();
  const params = useParams();
  const id = Number(params.id);
  const view = useQuery({ ...full360Query(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const denied = !Number.isSafeInteger(id) || id <= 0 || (view.isError && isHttpError(view.error) && (view.error.status === 403 || view.error.status === 404));
  if (denied) return <Result status="403" title={msg('customers.doctor.noPanoramic')} extra={<Link to="/doctor/doctorList">{t('intel.doctor')}</Link>} />;
  if (view.isError) return <Alert type="error" showIcon title={t('intel.loadFailed')} />;
  if (!view.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const v: Doctor360 = view.data;
  const d = v.doctor;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="doctor-360">
      <Card
        title={
          <>
            <span {...DATA}>{d.name}</span> · {t('intel.basic')}
          </>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('intel.hospital')}>
            <span {...DATA}>{d.hospitalName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('intel.department')}>{doctorDepartmentName(d, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('customers.col.title')}>{doctorTitleName(d.titleCode, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('intel.province')}>
            <span {...DATA}>{[d.province, d.city].filter(Boolean).join(' · ')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('intel.indication')}>
            <span {...DATA}>{d.indications.join('、') || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.col.onlinePatients')}>{formatCount(d.onlinePatients)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('intel.academic')}>
        <Row gutter={16}>
          <Col span={4}>
            {/* All the doctor's papers, of every indication: a KOL explanation counts only its indication's. */}
            <Statistic title={t('intel.papers.all')} value={v.academic.papers} />
          </Col>
          <Col span={4}>
            <Statistic title={t('intel.cited')} value={abbreviate(v.academic.citations)} />
          </Col>
          <Col span={4}>
            <Statistic title={t('intel.hIndex')} value={v.academic.hIndex} />
          </Col>
          <Col span={4}>
            <Statistic title={t('intel.coreShare')} value={`${Math.round(v.academic.coreShare * 100)}%`} />
          </Col>
          <Col span={4}>
            <Statistic title={t('intel.speaker')} value={v.academic.meetings.speaker} />
          </Col>
          <Col span={4}>
            <Statistic title={t('intel.attended')} value={v.academic.meetings.attended} />
          </Col>
        </Row>
        <div style={{ marginTop: 12, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {ACADEMIC_KINDS.map((k) => (
            <Tag key={k}>
              {t(`kind.${k}` as IntelligenceLabelKey)} {v.academic.counts[k]}
            </Tag>
          ))}
        </div>
        <ItemList<AcademicItem>
          size="small"
          style={{ marginTop: 8 }}
          items={v.academic.items.slice(0, 12)}
          empty={<EmptyState description={t('intel.items.empty')} />}
          renderItem={(item) => (
            <>
              <Tag color="blue">{t(`kind.${item.kind}` as IntelligenceLabelKey)}</Tag>{' '}
              <span {...DATA}>
                {item.name} · {item.role}
              </span>{' '}
              · {item.year}
            </>
          )}
        />
      </Card>
      <Card title={t('intel.impact')} extra={v.impact.computedAt ? t('intel.computedAt', { at: formatTime(v.impact.computedAt) }) : null}>
        <Row gutter={16}>
          <Col span={6}>
            <Statistic title={t('intel.pagerank')} value={v.impact.pagerankPercentile ?? '—'} />
          </Col>
          <Col span={6}>
            <Statistic title={t('intel.community')} value={v.impact.community ?? '—'} />
          </Col>
          <Col span={6}>
            <Statistic title={t('intel.relations')} value={v.impact.relations} />
          </Col>
        </Row>
        <KolImpact key={d.id} doctorId={d.id} doctorName={d.name} doctorIndications={d.indications} kol={v.impact.kol} />
        <ItemList
          size="small"
          header={t('intel.network.evidence')}
          items={v.impact.topRelations}
          empty={<EmptyState description={t('intel.network.empty')} />}
          renderItem={(r) => (
            <>
              <Tag>{t(TYPE_LABEL[r.type])}</Tag>
              <Link to={full360Path(r.doctor.id, r.doctor.name)} {...DATA}>
                {r.doctor.name}
              </Link>
              &nbsp;(<span {...DATA}>{r.doctor.hospitalName}</span>) — {r.evidence}
            </>
          )}
        />
      </Card>
      <Card title={t('intel.activity')}>
        <ItemList
          size="small"
          items={v.activity}
          empty={<EmptyState description={t('intel.empty')} />}
          renderItem={(a) => (
            <>
              {formatTime(a.at, 'day')} · {t(`activity.business.kind.${a.kind}`)} · <span {...DATA}>{a.title}</span> · <span {...DATA}>{a.user}</span>
            </>
          )}
        />
      </Card>
      <Card title={t('intel.attitude')}>{v.attitude.length === 0 ? <EmptyState description={t('intel.attitude.empty')} /> : null}</Card>
    </div>
  );
}
