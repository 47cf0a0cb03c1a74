import { lazyChecks } from '@/components/crud';
import type { AppCentreFormName } from './form-checks';

/** A form's check by the server's schema, loaded with the first save (`appCentreChecks('app')`). */
export const appCentreChecks = lazyChecks<AppCentreFormName>(() => import('./form-checks'));
