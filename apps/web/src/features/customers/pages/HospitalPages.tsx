import { HospitalBrowser } from '../components/HospitalBrowser';
import { emptyHospitalFilters, type HospitalFilters } from '../filters';
import { usePageState } from '../page-state';
import { useCustomerRights } from '../rights';
import '../customers.css';
import '@/lib/i18n/areas/customers';
import '@/lib/i18n/messages/customers';

/** /customer/totalHospital: every hospital of the caller's scope. */
export function TotalHospitalPage() {
  const [filters, setFilters] = usePageState<HospitalFilters>('totalHospital', emptyHospitalFilters);
  return <HospitalBrowser router="totalHospital" filters={filters} onFilters={setFilters} editCoverage={false} />;
}

/** /customer/hospitalTeamManager: the team's hospitals by coverage; keepers of customer master data switch it here. */
export function HospitalTeamManagerPage() {
  const [filters, setFilters] = usePageState<HospitalFilters>('hospitalTeamManager', emptyHospitalFilters);
  const rights = useCustomerRights();
  return <HospitalBrowser router="hospitalTeamManager" filters={filters} onFilters={setFilters} editCoverage={rights.reviewer} />;
}
