import { Link } from 'react-router';
import { Card, Table, Tag } from 'antd';
import { useCustomersWords } from '@/features/customers/i18n';
import { doctorDepartmentName, type AffiliationRow, type DoctorInfo } from '@field-portal/shared';
import { labelOf, positionOptions } from '../reference-options';
import { hospitalPath } from '../routes';
import { dataCells } from '@/lib/data-text';
import '../customers.css';
import { EmptyState } from '@/components/EmptyState';

function Affiliations({ rows }: { rows: AffiliationRow[] }) {
  const { t, lang, msg } = useCustomersWords();
  const positions = positionOptions(lang);
  return (
    <Table<AffiliationRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: <EmptyState description={msg('empty.noData')} /> }}
      columns={[
        {
          title: t('customers.col.hospital'),
          dataIndex: 'hospitalName',
          ...dataCells,
          render: (name: string, row) => <Link to={hospitalPath(row.hospitalId, name)}>{name}</Link>,
        },
        { title: t('customers.col.department'), render: (_, row) => doctorDepartmentName(row, lang) },
        { title: t('customers.col.position'), dataIndex: 'positionCode', render: (code: string | null) => labelOf(positions, code) || '—' },
        {
          title: t('customers.aff.kind'),
          dataIndex: 'isPrimary',
          render: (primary: boolean) => (primary ? <Tag color="blue">{t('customers.aff.primary')}</Tag> : <Tag>{t('customers.aff.secondary')}</Tag>),
        },
        { title: t('customers.aff.since'), render: (_, row) => [row.startDate, row.endDate].filter(Boolean).join(' – ') || '—' },
      ]}
    />
  );
}

/** The full view's sections (spec 001 section 3): positions, academic information, impact. */
export function DoctorFullView({ doctor }: { doctor: DoctorInfo }) {
  const { t } = useCustomersWords();
  return (
    <div className="fp-cust-stack">
      <Card size="small" title={t('customers.full.job')}>
        <Affiliations rows={doctor.affiliations} />
      </Card>
      <Card size="small" title={t('customers.full.academic')}>
        <EmptyState description={t('customers.full.academicEmpty')} />
      </Card>
      <Card size="small" title={t('customers.full.impact')}>
        <EmptyState description={t('customers.full.impactEmpty')} />
      </Card>
    </div>
  );
}
