import type { SystemEnvelope } from '@field-portal/shared';
import { currentLang } from '../i18n';
import { showToast } from '../toast';
import { createHttpClient, type NoticeLevel, type RequestConfig } from './client';

export { HttpError, isHttpError, isNotFound } from './errors';
export { noticeFor } from './rules';
export { describeFailure } from './describe';
export type { Http, HttpResponse, RequestConfig } from './client';

type Notifier = (level: NoticeLevel, text: string) => void;

/**
 * Until the console registers its antd App-context toasts, plain ones serve (the phone page keeps
 * them: it loads no antd, docs/decisions/0016).
 */
let notifier: Notifier = (level, text) => showToast(level, text);
let sessionExpiredHandler: () => void = () => undefined;

/** Routes the client's toasts to `next`; returns the function that puts back the previous ones (the screens with antd's App context have left). */
export function setHttpNotifier(next: Notifier): () => void {
  const previous = notifier;
  notifier = next;
  return () => {
    if (notifier === next) notifier = previous;
  };
}

export function setSessionExpiredHandler(next: () => void): void {
  sessionExpiredHandler = next;
}

const client = createHttpClient({
  storage: localStorage,
  now: () => Date.now(),
  lang: currentLang,
  notify: (level, text) => notifier(level, text),
  onSessionExpired: () => sessionExpiredHandler(),
});

export const http = client.instance;
export const refreshTokens = client.refreshTokens;

/** GET of a system-envelope call, returning its `result`. */
export async function getResult<T>(url: string, config?: RequestConfig): Promise<T> {
  const response = await http.get<SystemEnvelope<T>>(url, config);
  return response.data.result;
}

export async function postResult<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const response = await http.post<SystemEnvelope<T>>(url, body, config);
  return response.data.result;
}

export async function putResult<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  const response = await http.put<SystemEnvelope<T>>(url, body, config);
  return response.data.result;
}
