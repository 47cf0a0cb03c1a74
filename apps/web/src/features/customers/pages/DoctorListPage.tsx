import { Card } from 'antd';
import { useCustomersWords } from '@/features/customers/i18n';
import { DoctorBrowser } from '../components/DoctorBrowser';
import { Distributions } from '../components/Distributions';
import { emptyDoctorFilters, type DoctorFilters } from '../filters';
import { usePageState } from '../page-state';
import { DEFAULT_DOCTOR_RANGE } from '../api/customers-api';
import '../customers.css';

/** /customer/totaldoctor: every doctor of the caller's scope, filtered. */
export function TotalDoctorPage() {
  const [filters, setFilters] = usePageState<DoctorFilters>('totaldoctor', () => emptyDoctorFilters(DEFAULT_DOCTOR_RANGE));
  return <DoctorBrowser router="totaldoctor" filters={filters} onFilters={setFilters} />;
}

/** /customer/doctorTeamManager: the team's doctors with the top-10 distributions of spec 001 section 9 above the list. */
export function DoctorTeamManagerPage() {
  const { t } = useCustomersWords();
  const [filters, setFilters] = usePageState<DoctorFilters>('doctorTeamManager', () => emptyDoctorFilters(DEFAULT_DOCTOR_RANGE));
  return (
    <div className="fp-cust-stack">
      <Card className="fp-cust-screen" title={t('customers.dist.heading')} extra={<span className="fp-cust-muted">{t('customers.dist.hint')}</span>}>
        <Distributions filters={filters} />
      </Card>
      <DoctorBrowser router="doctorTeamManager" filters={filters} onFilters={setFilters} />
    </div>
  );
}
