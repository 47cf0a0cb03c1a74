import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { HTTP, SYSTEM_PATHS, coreMessage as message, type Lang, type TokenResponse } from '@field-portal/shared';
import { clearTokens, readAccessToken, readRefreshToken, saveTokens } from '../session/tokens';
import { HttpError, type FailureKind } from './errors';
import { isSuccess, noticeFor, stamp } from './rules';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No toast on failure: the caller shows the error itself. */
    suppressError?: boolean;
    /** Sign-in calls (login, token, logout): their 401 is an answer, not an expired session. */
    authEndpoint?: boolean;
    /** A file download: the long timeout of spec 001 section 9. */
    download?: boolean;
    /** Set on the single retry after a token refresh. */
    retried?: boolean;
  }
}

export type NoticeLevel = 'error' | 'warning';

export interface HttpClientDeps {
  storage: Storage;
  now: () => number;
  lang: () => Lang;
  notify: (level: NoticeLevel, text: string) => void;
  /** The session has ended (refresh failed): clear the tabs and go to the login page. */
  onSessionExpired: () => void;
  adapter?: AxiosAdapter;
  clientId?: string;
  /**
   * Runs the refresh under a lock shared by the portal's browser tabs, so two tabs never spend
   * the same refresh token (the server revokes the session on reuse). Default: Web Locks.
   */
  withRefreshLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface HttpClient {
  instance: AxiosInstance;
  /** Rotates the token pair; concurrent callers share one call. Rejects (and clears the tokens) on failure. */
  refreshTokens(): Promise<string>;
}

export const WEB_CLIENT_ID = 'field-portal-web';
const REFRESH_LOCK = 'field-portal-token-refresh';

async function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return await locks.request(REFRESH_LOCK, task);
}

function bearerOf(config: InternalAxiosRequestConfig): string | undefined {
  const value = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof value === 'string' ? value.replace(/^Bearer\s+/i, '') : undefined;
}

function isTokenResponse(value: unknown): value is TokenResponse {
  const v = value as Partial<TokenResponse> | null;
  return (
    typeof v?.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof v.expires_in === 'number' &&
    typeof v.refresh_expires_in === 'number'
  );
}

/**
 * The portal's HTTP client (spec 001 sections 8 and 9.1): common headers, the `_t` stamp,
 * the success rule, one error-display policy, and a 401 handler that refreshes the token once
 * while concurrent callers wait, then retries them all.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const instance = axios.create({
    timeout: HTTP.requestTimeoutMs,
    // Every status reaches the response handler below, which applies the spec's rules.
    validateStatus: () => true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
  const clientId = deps.clientId ?? WEB_CLIENT_ID;
  let refreshing: Promise<string> | null = null;
  let refreshingForRetry: Promise<string> | null = null;

  const accessToken = () => readAccessToken(deps.storage, deps.now());
  const refreshToken = () => readRefreshToken(deps.storage, deps.now());

  const withRefreshLock = deps.withRefreshLock ?? webLock;

  async function rotate(): Promise<string> {
    const seen = refreshToken();
    return withRefreshLock(async () => {
      const token = refreshToken();
      const current = accessToken();
      // Another tab rotated the pair while this one waited for the lock: use its result.
      if (seen && token && token !== seen && current) return current;
      return rotateWith(token);
    });
  }

  async function rotateWith(token: string | undefined): Promise<string> {
    try {
      if (!token) throw new HttpError('sessionExpired', undefined, undefined);
      const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
      const response = await instance.post<unknown>(SYSTEM_PATHS.token, form, { authEndpoint: true, suppressError: true });
      if (!isTokenResponse(response.data)) throw new HttpError('http', response.status, response.data);
      saveTokens(deps.storage, response.data, deps.now());
      return response.data.access_token;
    } catch (error) {
      // A refused refresh token is gone for good (reuse would revoke the session anyway).
      clearTokens(deps.storage);
      throw error;
    }
  }

  function refreshTokens(): Promise<string> {
    refreshing ??= rotate().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession() {
    clearTokens(deps.storage);
    deps.notify('error', message('session.loginInvalid', deps.lang()));
    deps.onSessionExpired();
  }

  /** The refresh behind 401 retries: when it fails, the session ends once for all waiters. */
  function refreshForRetry(): Promise<string> {
    refreshingForRetry ??= refreshTokens()
      .catch(() => {
        endSession();
        throw new HttpError('sessionExpired', 401, undefined);
      })
      .finally(() => {
        refreshingForRetry = null;
      });
    return refreshingForRetry;
  }

  function fail(kind: FailureKind, status: number | undefined, body: unknown, config: InternalAxiosRequestConfig | undefined): never {
    const error = new HttpError(kind, status, body);
    if (!config?.suppressError) {
      const notice = noticeFor(kind, status, body, deps.lang());
      if (notice) deps.notify(notice.level, notice.text);
    }
    throw error;
  }

  async function retryAfterRefresh(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    if (config.retried) {
      // Refused even with a fresh token: the session is no longer valid.
      endSession();
      throw new HttpError('sessionExpired', 401, undefined);
    }
    const sent = bearerOf(config);
    const current = accessToken();
    // Another caller refreshed while this request was in flight: just retry with the new token.
    if (!current || current === sent) await refreshForRetry();
    config.retried = true;
    return instance.request(config);
  }

  instance.interceptors.request.use(async (config) => {
    config.headers.set('loginSys', HTTP.loginSys);
    config.headers.set('system', HTTP.system);
    config.headers.set('language', deps.lang());
    if (config.download) config.timeout = HTTP.downloadTimeoutMs;
    if (!config.authEndpoint && !accessToken() && refreshToken()) {
      // The access token has expired: renew it first rather than collect a 401.
      await refreshTokens().catch(() => undefined);
    }
    const token = accessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    const stamped = stamp(config.method, config.params, config.data, deps.now());
    config.params = stamped.params;
    config.data = stamped.data;
    return config;
  });

  instance.interceptors.response.use(
    async (response) => {
      const { config, status, data } = response;
      if (status === HTTP.silentStatus) fail('silent', status, data, config);
      if (status === 401 && !config.authEndpoint) return retryAfterRefresh(config);
      if (isSuccess(status, data)) return response;
      return fail('http', status, data, config);
    },
    (error: unknown) => {
      if (error instanceof HttpError) throw error;
      if (axios.isCancel(error)) throw new HttpError('cancelled', undefined, undefined);
      const config = axios.isAxiosError(error) ? error.config : undefined;
      const code = axios.isAxiosError(error) ? error.code : undefined;
      const kind: FailureKind = code === 'ECONNABORTED' || code === 'ETIMEDOUT' ? 'timeout' : 'network';
      return fail(kind, undefined, undefined, config);
    },
  );

  return { instance, refreshTokens };
}
