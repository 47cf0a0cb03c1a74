import { HTTP, SYSTEM_PATHS, coreMessage as message, type Lang, type TokenResponse } from '@field-portal/shared';
import { clearTokens, readAccessToken, readRefreshToken, saveTokens } from '../session/tokens';
import { HttpError, type FailureKind } from './errors';
import { withQuery } from './query';
import { isSuccess, noticeFor, stamp } from './rules';
import { browserTransport, TransportError, type ResponseType, type Transport, type UploadProgress } from './transport';

/** What a call may say besides its URL and body. */
export interface RequestConfig {
  method?: string;
  url?: string;
  /** The query, added to any the URL has (query.ts says how it is written). */
  params?: unknown;
  /** The body: a plain object or array goes as JSON, URLSearchParams as a form, FormData and Blob as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds; the request timeout of spec 001 section 9 when absent. */
  timeout?: number;
  signal?: AbortSignal;
  /** `blob` for files; JSON (or the text) otherwise. */
  responseType?: ResponseType;
  /** Sent over XMLHttpRequest, the only way a browser reports an upload's progress. */
  onUploadProgress?: (event: UploadProgress) => void;
  /** No toast on failure: the caller shows the error itself. */
  suppressError?: boolean;
  /** Sign-in calls (login, token, logout): their 401 is an answer, not an expired session. */
  authEndpoint?: boolean;
  /** A file download: the long timeout of spec 001 section 9. */
  download?: boolean;
  /** Set on the single retry after a token refresh. */
  retried?: boolean;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** A file's Content-Disposition (blob calls only). */
  disposition?: string;
}

export interface Http {
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
}

export type NoticeLevel = 'error' | 'warning';

export interface HttpClientDeps {
  storage: Storage;
  now: () => number;
  lang: () => Lang;
  notify: (level: NoticeLevel, text: string) => void;
  /** The session has ended (refresh failed): clear the tabs and go to the login page. */
  onSessionExpired: () => void;
  /** How requests are sent; default fetch, XMLHttpRequest for uploads with progress. */
  transport?: Transport;
  clientId?: string;
  /**
   * Runs the refresh under a lock shared by the portal's browser tabs, so two tabs never spend
   * the same refresh token (the server revokes the session on reuse). Default: Web Locks.
   */
  withRefreshLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface HttpClient {
  instance: Http;
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

function isTokenResponse(value: unknown): value is TokenResponse {
  const v = value as Partial<TokenResponse> | null;
  return (
    typeof v?.access_token === 'string' && typeof v.refresh_token === 'string' && typeof v.expires_in === 'number' && typeof v.refresh_expires_in === 'number'
  );
}

/**
 * The portal's HTTP client (spec 001 sections 8 and 9.1): common headers, the `_t` stamp,
 * the success rule, one error-display policy, and a 401 handler that refreshes the token once
 * while concurrent callers wait, then retries them all.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const transport = deps.transport ?? browserTransport;
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

  function fail(kind: FailureKind, status: number | undefined, body: unknown, config: RequestConfig): never {
    const error = new HttpError(kind, status, body);
    if (!config.suppressError) {
      const notice = noticeFor(kind, status, body, deps.lang());
      if (notice) {
        deps.notify(notice.level, notice.text);
        error.notified = true;
      }
    }
    throw error;
  }

  async function retryAfterRefresh<T>(config: RequestConfig, sent: string | undefined): Promise<HttpResponse<T>> {
    if (config.retried) {
      // Refused even with a fresh token: the session is no longer valid.
      endSession();
      throw new HttpError('sessionExpired', 401, undefined);
    }
    const current = accessToken();
    // Another caller refreshed while this request was in flight: just retry with the new token.
    if (!current || current === sent) await refreshForRetry();
    return request<T>({ ...config, retried: true });
  }

  /** The body as sent, and the content type it needs (none for FormData: the browser writes its boundary). */
  function encodeBody(data: unknown, headers: Record<string, string>): XMLHttpRequestBodyInit | undefined {
    if (data === undefined || data === null) return undefined;
    if (data instanceof URLSearchParams) {
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded;charset=utf-8';
      return data.toString();
    }
    if (typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer) return data;
    headers['Content-Type'] ??= 'application/json';
    return JSON.stringify(data);
  }

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const method = (config.method ?? 'get').toUpperCase();
    const headers: Record<string, string> = { ...config.headers, loginSys: HTTP.loginSys, system: HTTP.system, language: deps.lang() };
    if (!config.authEndpoint && !accessToken() && refreshToken()) {
      // The access token has expired: renew it first rather than collect a 401.
      await refreshTokens().catch(() => undefined);
    }
    const token = accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    else delete headers.Authorization;
    const stamped = stamp(method, config.params, config.data, deps.now());
    const body = encodeBody(stamped.data, headers);

    let reply;
    try {
      reply = await transport({
        method,
        url: withQuery(config.url ?? '', stamped.params),
        headers,
        body,
        timeoutMs: config.download ? HTTP.downloadTimeoutMs : (config.timeout ?? HTTP.requestTimeoutMs),
        signal: config.signal,
        responseType: config.responseType ?? 'json',
        onUploadProgress: config.onUploadProgress,
      });
    } catch (error) {
      const reason = error instanceof TransportError ? error.reason : 'network';
      return fail(reason, undefined, undefined, config);
    }
    // Every status comes here, and the spec's rules decide.
    const { status, data, disposition } = reply;
    if (status === HTTP.silentStatus) fail('silent', status, data, config);
    if (status === 401 && !config.authEndpoint) return retryAfterRefresh<T>(config, token);
    if (isSuccess(status, data)) return disposition === undefined ? { data: data as T, status } : { data: data as T, status, disposition };
    return fail('http', status, data, config);
  }

  const instance: Http = {
    request,
    get: (url, config) => request({ ...config, method: 'get', url }),
    delete: (url, config) => request({ ...config, method: 'delete', url }),
    post: (url, data, config) => request({ ...config, method: 'post', url, data }),
    put: (url, data, config) => request({ ...config, method: 'put', url, data }),
    patch: (url, data, config) => request({ ...config, method: 'patch', url, data }),
  };

  return { instance, refreshTokens };
}
