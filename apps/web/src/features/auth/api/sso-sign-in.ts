import { API, type SsoSignInRequest, type TokenResponse } from '@field-portal/shared';
import { postResult } from '@/lib/http';

/** POST /API-SYSTEM/oidc/login: the portal's tokens for the identity provider's answer; the callback page shows a failure itself. */
export function ssoSignIn(body: SsoSignInRequest): Promise<TokenResponse> {
  return postResult<TokenResponse>(API.sso.signIn, body, { authEndpoint: true, suppressError: true });
}
