import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_DOCTOR_RANGE, doctorListQuery, PAGE_SIZES } from './api/customers-api';
import { emptyDoctorFilters } from './filters';

/**
 * The doctor list's first call as its first render makes it on a fresh visit (no filters kept,
 * the first page of the first size), asked for ahead with the page's code (docs/decisions/0055).
 */
export const prefetchDoctorList = (client: QueryClient) => client.prefetchQuery(doctorListQuery(emptyDoctorFilters(DEFAULT_DOCTOR_RANGE), null, PAGE_SIZES[0]));
