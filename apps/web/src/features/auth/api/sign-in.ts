import { HTTP, SYSTEM_PATHS, type LoginRequest, type TokenResponse } from '@field-portal/shared';
import { postResult } from '@/lib/http';

/** POST /API-SYSTEM/login; the login page shows the failure itself. */
export function signIn(credentials: Pick<LoginRequest, 'username' | 'password'>): Promise<TokenResponse> {
  return postResult<TokenResponse>(
    SYSTEM_PATHS.login,
    { username: credentials.username, password: credentials.password, loginSys: HTTP.loginSys },
    { authEndpoint: true, suppressError: true },
  );
}
