import { lazyChecks } from '@/components/crud';
import type { ReferenceFormName } from './form-checks';

/** A form's check by the server's schema and its own rules, loaded with the first save (`referenceChecks('medicine')`). */
export const referenceChecks = lazyChecks<ReferenceFormName>(() => import('./form-checks'));
