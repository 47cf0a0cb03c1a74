import {
  enterpriseInput,
  langRequest,
  menuRequest,
  messageGroupInput,
  orgRequest,
  permissionRequest,
  roleRequest,
  userCreateRequest,
  userUpdateRequest,
  type Lang,
} from '@field-portal/shared';
import { formChecker } from '@/components/crud/form-rules';
import { formErrors } from './form-rules';

/*
 * The server's request schemas of the admin dialogs, by form. A module of its own, loaded by
 * `checks-on-save.ts` with the first save, so a dialog opens without zod.
 */
export const ADMIN_FORMS = {
  lang: langRequest,
  menu: menuRequest,
  org: orgRequest,
  permission: permissionRequest,
  role: roleRequest,
  userCreate: userCreateRequest,
  userUpdate: userUpdateRequest,
} as const;

export type AdminFormName = keyof typeof ADMIN_FORMS;

export function checkAdminForm(name: AdminFormName, values: object, lang: Lang, labels?: Record<string, string>): Record<string, string> {
  return formErrors(ADMIN_FORMS[name], values, lang, labels);
}

/** Enterprise settings and message groups: `/API-APPS` forms, checked as the list kit checks (nested paths). */
const SETTINGS_FORMS = { enterprise: enterpriseInput, messageGroup: messageGroupInput } as const;

export type SettingsFormName = keyof typeof SETTINGS_FORMS;

export const checkSettingsForm = formChecker(SETTINGS_FORMS);
