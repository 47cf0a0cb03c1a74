import { API, type PasswordLinkRequest, type PasswordLinkStatus, type SetupRequest, type SetupStatus, type TokenResponse } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

/** GET /API-SYSTEM/setup/status: whether the portal still needs its first administrator and whether this link is live. */
export function setupStatus(token: string): Promise<SetupStatus> {
  return getResult<SetupStatus>(API.setup.status, { params: token ? { token } : {}, suppressError: true });
}

/** POST /API-SYSTEM/setup; the page shows a refusal next to the field it names. */
export function completeSetup(body: SetupRequest): Promise<TokenResponse> {
  return postResult<TokenResponse>(API.setup.setup, body, { authEndpoint: true, suppressError: true });
}

/** GET /API-SYSTEM/password-link: whether an invitation's link is live, and whose (docs/decisions/0072). */
export function passwordLinkStatus(token: string): Promise<PasswordLinkStatus> {
  return getResult<PasswordLinkStatus>(API.admin.passwordLink, { params: { token }, suppressError: true });
}

/** POST /API-SYSTEM/password-link: the password set with the link; the page shows a refusal next to the field it names. */
export function setPasswordByLink(body: PasswordLinkRequest): Promise<Record<string, never>> {
  return postResult<Record<string, never>>(API.admin.passwordLink, body, { authEndpoint: true, suppressError: true });
}
