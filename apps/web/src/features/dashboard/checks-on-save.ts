import { lazyChecks } from '@/components/crud';
import type { DashboardFormName } from './form-checks';

/** A form's check by the server's schema and its own rules, loaded with the first save (`dashboardChecks('homeChart')`). */
export const dashboardChecks = lazyChecks<DashboardFormName>(() => import('./form-checks'));
