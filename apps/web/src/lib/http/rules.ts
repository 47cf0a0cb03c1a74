import { coreMessage as message, type Lang } from '@field-portal/shared';
import { serverMessageOf, type FailureKind } from './errors';

/**
 * Success rule of spec 001 section 8: status 200, or an envelope with code 200 or
 * status 200, or a body with neither. A reply outside 2xx is never a success.
 */
export function isSuccess(httpStatus: number, body: unknown): boolean {
  if (httpStatus === 200) return true;
  if (httpStatus < 200 || httpStatus >= 300) return false;
  if (typeof body !== 'object' || body === null) return true;
  const { code, status } = body as { code?: unknown; status?: unknown };
  if (code === undefined && status === undefined) return true;
  return code === 200 || status === 200;
}

export interface Notice {
  level: 'error' | 'warning';
  text: string;
}

/**
 * The one error-display policy (spec 001 section 8): the server's msg when present,
 * else the catalogue text for the status; 403 and 404 warn, status 0 warns, the rest are errors.
 */
export function noticeFor(kind: FailureKind, httpStatus: number | undefined, body: unknown, lang: Lang): Notice | null {
  switch (kind) {
    case 'silent':
    case 'cancelled':
    case 'sessionExpired':
      return null;
    case 'timeout':
      return { level: 'error', text: message('http.timeout', lang) };
    case 'network':
      return { level: 'warning', text: message('http.network', lang) };
    case 'http':
      break;
  }
  const own = serverMessageOf(body);
  switch (httpStatus) {
    case 401:
      return { level: 'error', text: own ?? message('http.401', lang) };
    case 403:
      return { level: 'warning', text: own ?? message('http.403', lang) };
    case 404:
      return { level: 'warning', text: own ?? message('http.404', lang) };
    case 500:
      return { level: 'error', text: own ?? message('http.500', lang) };
    default:
      return { level: 'error', text: own ?? message('http.error', lang) };
  }
}

type Method = string | undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Adds `_t` (seconds) to a GET's query and to a POST/PUT/PATCH JSON body (spec 001 section 9.1).
 * Form bodies, files and already serialised bodies are left alone.
 */
export function stamp(method: Method, params: unknown, data: unknown, nowMs: number): { params: unknown; data: unknown } {
  const t = Math.floor(nowMs / 1000);
  const verb = (method ?? 'get').toLowerCase();
  if (verb === 'get') return { params: { ...(isPlainObject(params) ? params : {}), _t: t }, data };
  if ((verb === 'post' || verb === 'put' || verb === 'patch') && isPlainObject(data)) return { params, data: { ...data, _t: t } };
  return { params, data };
}
