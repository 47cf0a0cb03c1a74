import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Tag } from 'antd';
import { OPINION_SENTIMENTS, departmentOrWritten, type DoctorAttitude, type Lang, type NamedCount } from '@field-portal/shared';
import { dataCells } from '@/lib/data-text';
import { formatCount, formatTime } from '@/lib/format';
import { useMarketWords } from '@/features/market/i18n';
import { doctorGroupsQuery, indicationDrugQuery, patientGroupsQuery } from '../api';
import { Loading } from '../components/Loading';
import { MarketChart, SENTIMENT_COLORS } from '../components/MarketChart';
import { useDrugIndication } from './DrugIndicationPicker';
import '../market.css';
import { RowsTable } from '@/components/paging';
import { EmptyState } from '@/components/EmptyState';

/** A count's name in the screen's language: a taxonomy's label in English where it has one; data as written. */
const nameIn = (lang: Lang) => (r: NamedCount) => (lang === 'en' && r.nameEn ? r.nameEn : r.name);

const bars = (title: string, rows: NamedCount[], lang: Lang, { span = 12, horizontal = true, data = false } = {}) => (
  <Col span={span} key={title}>
    <Card size="small" title={title}>
      <MarketChart
        kind="bar"
        horizontal={horizontal}
        dataNames={data}
        categories={rows.map(nameIn(lang))}
        series={[{ name: title, values: rows.map((r) => r.value) }]}
      />
    </Card>
  </Col>
);

/** patientAna: aggregate patient groups of a drug and indication. */
export function PatientAnaPage() {
  const { lang, t, msg } = useMarketWords();
  const { bar, chosen, loading: picking } = useDrugIndication();
  const data = useQuery({ ...patientGroupsQuery(chosen?.medicine ?? '', chosen?.indication ?? ''), enabled: chosen !== null });
  const d = data.data;
  return (
    <div className="market-page">
      {bar}
      <Alert type="info" showIcon message={t('market.aggregateNote')} style={{ marginBottom: 16 }} />
      {!chosen ? (
        picking ? (
          <Loading loading />
        ) : (
          <EmptyState description={msg('market.drugIndicationRequired')} />
        )
      ) : (
        <Loading loading={data.isFetching}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <Card size="small">
                <Statistic title={t('market.patients')} value={d?.total ?? 0} formatter={(v) => formatCount(Number(v))} data-testid="patients-total" />
              </Card>
            </Col>
            {bars(t('market.byAge'), d?.byAge ?? [], lang, { horizontal: false })}
            {bars(t('market.byProvinceTop'), d?.byProvince ?? [], lang, { data: true })}
            <Col span={12}>
              <Card size="small" title={t('market.byGender')}>
                <MarketChart kind="pie" categories={[]} series={(d?.byGender ?? []).map((g) => ({ name: nameIn(lang)(g), values: [g.value] }))} />
              </Card>
            </Col>
            {bars(t('market.byStage'), d?.byStage ?? [], lang, { horizontal: false })}
          </Row>
        </Loading>
      )}
    </div>
  );
}

/** doctorGroupAnalysis: doctors consulting online on a drug and indication, by department, title and hospital. */
export function DoctorGroupPage() {
  const { lang, t, msg } = useMarketWords();
  const { bar, chosen, loading: picking } = useDrugIndication();
  const data = useQuery({ ...doctorGroupsQuery(chosen?.medicine ?? '', chosen?.indication ?? ''), enabled: chosen !== null });
  const d = data.data;
  return (
    <div className="market-page">
      {bar}
      {!chosen ? (
        picking ? (
          <Loading loading />
        ) : (
          <EmptyState description={msg('market.drugIndicationRequired')} />
        )
      ) : (
        <Loading loading={data.isFetching}>
          <Row gutter={[16, 16]}>
            <Col span={8}>
              <Card size="small">
                <Statistic title={t('market.doctors')} value={d?.doctors ?? 0} formatter={(v) => formatCount(Number(v))} data-testid="group-doctors" />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small">
                <Statistic title={t('market.consultations')} value={d?.consultations ?? 0} formatter={(v) => formatCount(Number(v))} />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small" title={t('market.groupAttitude')}>
                {OPINION_SENTIMENTS.map((s) => (
                  <Tag key={s} color={SENTIMENT_COLORS[s]}>
                    {t(`market.${s}`)} {formatCount(d?.attitude[s] ?? 0)}
                  </Tag>
                ))}
              </Card>
            </Col>
            {bars(t('market.byDepartment'), d?.byDepartment ?? [], lang)}
            {bars(t('market.byTitle'), d?.byTitle ?? [], lang)}
            {bars(t('market.byHospital'), d?.byHospital ?? [], lang, { span: 24, data: true })}
          </Row>
        </Loading>
      )}
    </div>
  );
}

/** indicationDrug: per doctor in scope, the attitude of their opinion items on a drug and indication. */
export function IndicationDrugPage() {
  const { lang, t } = useMarketWords();
  const { bar, chosen } = useDrugIndication();
  const data = useQuery({ ...indicationDrugQuery(chosen?.medicine ?? '', chosen?.indication ?? ''), enabled: chosen !== null });
  return (
    <div className="market-page">
      {bar}
      <RowsTable<DoctorAttitude>
        rowKey="doctorId"
        size="small"
        data-testid="attitude-table"
        loading={data.isFetching}
        dataSource={data.data ?? []}
        pageSize={20}
        columns={[
          { title: t('market.doctor'), dataIndex: 'doctorName', width: 100, ...dataCells },
          { title: t('market.hospital'), dataIndex: 'hospitalName', ...dataCells },
          {
            title: t('market.department'),
            width: 140,
            render: (_: unknown, r: DoctorAttitude) => departmentOrWritten(r.departmentCode, r.departmentName, lang),
          },
          ...OPINION_SENTIMENTS.map((s) => ({ title: t(`market.${s}`), dataIndex: s, width: 80 })),
          {
            title: t('market.attitude'),
            width: 100,
            sorter: (a: DoctorAttitude, b: DoctorAttitude) => a.attitude - b.attitude,
            render: (_: unknown, r: DoctorAttitude) => <Tag color={r.attitude > 0 ? 'green' : r.attitude < 0 ? 'red' : 'default'}>{r.attitude.toFixed(2)}</Tag>,
          },
          { title: t('market.lastAt'), width: 120, render: (_: unknown, r: DoctorAttitude) => formatTime(r.lastAt, 'day') },
        ]}
      />
    </div>
  );
}
