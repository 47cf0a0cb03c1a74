/** The public face of doctors and hospitals: all another area may import of it (docs/decisions/0048). */
export { customersWords, type CustomersLabelKey, type CustomersMessageKey } from './i18n';
export { DEFAULT_DOCTOR_RANGE, doctorListQuery, PAGE_SIZES } from './api/customers-api';
export { DoctorFilterForm } from './components/DoctorFilterForm';
export { emptyDoctorFilters, filtersKey, type DoctorFilters } from './filters';
export { useKeyset } from './keyset';
export { usePageState } from './page-state';
