import type { LoginTypeItem } from '@field-portal/shared';
import { loginPathFor } from '@/lib/paths';

export type StartUpOutcome =
  | { kind: 'session' }
  | { kind: 'login'; to: string }
  /** An identity server is configured: sign in there (spec 001 section 2.1, step 3). */
  | { kind: 'identityServer'; server: LoginTypeItem }
  /** 'failed to obtain tenant info' (spec 001 section 2.1, reason com_fail). */
  | { kind: 'tenantFailed' };

export interface StartUpDeps {
  hasAccessToken(): boolean;
  hasRefreshToken(): boolean;
  /** Renews the access token with the refresh token. */
  refresh(): Promise<unknown>;
  loginType(): Promise<LoginTypeItem[]>;
  tenantInfo(): Promise<unknown>;
}

/**
 * Start-up guard of spec 001 section 2.1 for a path that needs a sign-in: a live token (or one
 * renewed with the refresh token) opens the session; otherwise the login type decides between the
 * identity server and, after the tenant info, the local login page.
 */
export async function startUp(deps: StartUpDeps, path: string): Promise<StartUpOutcome> {
  if (deps.hasAccessToken()) return { kind: 'session' };
  if (deps.hasRefreshToken()) {
    try {
      await deps.refresh();
      return { kind: 'session' };
    } catch {
      // the refresh token was refused: sign in again
    }
  }
  let identityServers: LoginTypeItem[];
  try {
    identityServers = await deps.loginType();
  } catch {
    return { kind: 'tenantFailed' };
  }
  const [server] = identityServers;
  if (server) return { kind: 'identityServer', server };
  try {
    await deps.tenantInfo();
  } catch {
    return { kind: 'tenantFailed' };
  }
  return { kind: 'login', to: loginPathFor(path) };
}
