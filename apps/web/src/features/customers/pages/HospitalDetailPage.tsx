import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { isHttpError } from '@/lib/http';
import { DATA } from '@/lib/data-text';
import { localName } from '@/lib/i18n';
import { useCustomersWords } from '@/features/customers/i18n';
import { formatCount } from '@/lib/format';
import { DEFAULT_DOCTOR_RANGE, hospitalDepartmentsQuery, hospitalQuery } from '../api/customers-api';
import { DoctorBrowser } from '../components/DoctorBrowser';
import { choose, emptyDoctorFilters, type DoctorFilters } from '../filters';
import { usePageState } from '../page-state';
import { cityLevelOptions, gradeOptions, hospitalTypeOptions, labelOf } from '../reference-options';
import '../customers.css';
import { EmptyState } from '@/components/EmptyState';

const { Text, Title } = Typography;

/** The hospital's doctors: the doctor list with this hospital as a fixed filter. */
function HospitalDoctors({ id, name }: { id: number; name: string }) {
  const [filters, setFilters] = usePageState<DoctorFilters>(`hospitalDetail/${id}`, () =>
    choose(emptyDoctorFilters(DEFAULT_DOCTOR_RANGE), 'hospital', [{ value: String(id), label: name }]),
  );
  return <DoctorBrowser router={`hospitalDetail/${id}`} filters={filters} onFilters={setFilters} locked={['hospital']} />;
}

/** /customer/hospitalDetail/{id}/{name}: the hospital, its departments and its doctors. */
export function HospitalDetailPage() {
  const { t, lang, msg } = useCustomersWords();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const hospital = useQuery({ ...hospitalQuery(id), enabled: valid });
  const departments = useQuery({ ...hospitalDepartmentsQuery(id), enabled: valid && hospital.isSuccess });
  if (!valid || (hospital.isError && isHttpError(hospital.error) && hospital.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('customers.hospital.notFound')}
        subTitle={t('customers.doctor.notFoundHint')}
        extra={<Link to="/customer/totalHospital">{t('customers.hospital.backToList')}</Link>}
      />
    );
  }
  if (hospital.isError) return <Alert type="error" showIcon title={t('customers.loadFailed')} />;
  if (!hospital.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const h = hospital.data;
  return (
    <div className="fp-cust-stack">
      <Card className="fp-cust-screen">
        <Space size={8} wrap className="fp-cust-hospital-head">
          <Title level={4} style={{ margin: 0 }} {...DATA}>
            {h.name}
          </Title>
          {h.level ? <Tag color="blue">{labelOf(gradeOptions(lang), h.level)}</Tag> : null}
          {h.type ? <Tag>{labelOf(hospitalTypeOptions(lang), h.type)}</Tag> : null}
          <Tag color={h.covered ? 'green' : 'default'}>{t(h.covered ? 'customers.hospital.covered' : 'customers.hospital.notCovered')}</Tag>
        </Space>
        <Descriptions
          className="fp-cust-facts"
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'region',
              label: t('customers.col.region'),
              children: <span {...DATA}>{[h.province, h.city, h.county].filter(Boolean).join(' / ') || '—'}</span>,
            },
            { key: 'tier', label: t('customers.filter.cityLevel'), children: labelOf(cityLevelOptions(lang), h.cityLevel) || '—' },
            { key: 'doctors', label: t('customers.col.doctors'), children: formatCount(h.doctorCount) },
            { key: 'address', label: t('customers.hospital.address'), children: <span {...DATA}>{h.address || '—'}</span> },
          ]}
        />
        <Title level={5}>{t('customers.hospital.departments')}</Title>
        {departments.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (departments.data ?? []).length === 0 ? (
          <EmptyState description={msg('empty.noData')} />
        ) : (
          <div className="fp-cust-departments">
            {(departments.data ?? []).map((d) => (
              <div key={d.code} className="fp-cust-department">
                <Text strong>{localName(d, lang)}</Text>
                <span className="fp-cust-tags">
                  {d.children.map((c) => (
                    <Tag key={c.code}>{localName(c, lang)}</Tag>
                  ))}
                </span>
              </div>
            ))}
          </div>
        )}
      </Card>
      <HospitalDoctors id={h.id} name={h.name} />
    </div>
  );
}
