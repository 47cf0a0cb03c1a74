import { API, type PasswordChangeRequest } from '@field-portal/shared';
import { putResult } from '@/lib/http';

/** PUT /API-SYSTEM/user/password; the form shows the server's answer next to the field it names. */
export function changePassword(body: PasswordChangeRequest): Promise<unknown> {
  return putResult<unknown>(API.system.password, body, { suppressError: true });
}
