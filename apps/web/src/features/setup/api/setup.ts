import { API, type SetupRequest, type SetupStatus, type TokenResponse } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** GET /API-SYSTEM/setup/status: whether the portal still needs its first administrator and whether this link is live. */
export function setupStatus(token: string): Promise<SetupStatus> {
  return getResult<SetupStatus>(API.setup.status, { params: token ? { token } : {}, suppressError: true });
}

/** POST /API-SYSTEM/setup; the page shows a refusal next to the field it names. */
export function completeSetup(body: SetupRequest): Promise<TokenResponse> {
  return postResult<TokenResponse>(API.setup.setup, body, { authEndpoint: true, suppressError: true });
}
