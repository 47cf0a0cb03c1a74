import { message as staticMessage } from 'antd';
import { HTTP, type SystemEnvelope } from '@field-portal/shared';
import type { AxiosRequestConfig } from 'axios';
import { currentLang } from '../i18n';
import { createHttpClient, type NoticeLevel } from './client';

export { HttpError, isHttpError } from './errors';
export { noticeFor } from './rules';
export { describeFailure } from './describe';

type Notifier = (level: NoticeLevel, text: string) => void;

// The static toasts (before the App context is up) last the spec's 5000 ms as well.
staticMessage.config({ duration: HTTP.toastMs / 1000 });

/** Until the app registers its antd App-context toasts, the static ones serve. */
let notifier: Notifier = (level, text) => {
  void staticMessage.open({ type: level, content: text, duration: HTTP.toastMs / 1000, key: text });
};
let sessionExpiredHandler: () => void = () => undefined;

export function setHttpNotifier(next: Notifier): void {
  notifier = next;
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
export async function getResult<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<SystemEnvelope<T>>(url, config);
  return response.data.result;
}

export async function postResult<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<SystemEnvelope<T>>(url, body, config);
  return response.data.result;
}

export async function putResult<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.put<SystemEnvelope<T>>(url, body, config);
  return response.data.result;
}
