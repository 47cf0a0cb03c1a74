import { HospitalBrowser } from '../components/HospitalBrowser';
import { emptyHospitalFilters, type HospitalFilters } from '../filters';
import { usePageState } from '../page-state';
import { useCustomerRights } from '../rights';
import '../customers.css';

/** /customer/totalHospital: every hospital of the caller's scope. */
export function TotalHospitalPage() {
  const [filters, setFilters] = usePageState<HospitalFilters>('totalHospital', emptyHospitalFilters);
  return <HospitalBrowser router="totalHospital" filters={filters} onFilters={setFilters} editCoverage={false} />;
}

/**
 * /customer/hospitalTeamManager: the hospitals the team covers (it opens on them; the chip widens it
 * to the rest of the scope); keepers of customer master data switch coverage here. 全部医院 is
 * every hospital of the scope, read only (docs/decisions/0043).
 */
export function HospitalTeamManagerPage() {
  const [filters, setFilters] = usePageState<HospitalFilters>('hospitalTeamManager', () => ({ ...emptyHospitalFilters(), coverage: 'covered' }));
  const rights = useCustomerRights();
  return <HospitalBrowser router="hospitalTeamManager" filters={filters} onFilters={setFilters} editCoverage={rights.reviewer} />;
}
