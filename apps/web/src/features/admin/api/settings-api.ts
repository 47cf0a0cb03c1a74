import { API, type EnterpriseRecord, type OptionRecord } from '@field-portal/shared';
import { getResult, putResult } from '@/lib/http';

/** Calls of enterprise settings and of the message groups' member picker (served under `/API-APPS`). */
export const settingsApi = {
  enterprise: () => getResult<EnterpriseRecord>(API.apps.enterprise.get),
  saveEnterprise: (body: object) => putResult<EnterpriseRecord>(API.apps.enterprise.update, body, { suppressError: true }),
  userOptions: (search: string) => getResult<OptionRecord[]>(API.apps.messageGroupUsers, { params: { search } }),
};
