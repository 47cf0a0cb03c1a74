import type { Lang } from '@field-portal/shared';
import { lazyChecks } from '@/components/crud';
import type { AdminFormName, SettingsFormName } from './form-checks';

export type { AdminFormName };

/**
 * A dialog's errors by the server's own schema and messages (`formErrors`), with the schemas
 * loaded when a dialog is first saved rather than when it opens: field → message in `lang`,
 * empty when the values pass.
 */
const adminChecks = lazyChecks<AdminFormName>(() => import('./form-checks').then((m) => ({ checkForm: m.checkAdminForm })));
export const adminFormErrors = (name: AdminFormName, values: object, lang: Lang, labels?: Record<string, string>) =>
  adminChecks(name)(values as Record<string, unknown>, lang, labels);

/** A settings or message-group form's check, loaded with the first save (`settingsChecks('enterprise')`). */
export const settingsChecks = lazyChecks<SettingsFormName>(() => import('./form-checks').then((m) => ({ checkForm: m.checkSettingsForm })));
