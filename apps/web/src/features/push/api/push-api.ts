import { queryOptions } from '@tanstack/react-query';
import {
  API,
  HTTP,
  PUSH_LIMITS,
  type CardListPage,
  type CardListQuery,
  type CardPushInfo,
  type CardQueuePage,
  type CardRemark,
  type DirectoryPage,
  type PushCardRequest,
  type PushReportPage,
  type ReceiverListUpload,
  type SystemEnvelope,
} from '@field-portal/shared';
import { http } from '@/lib/http';
import { getCardData, postCardData } from '@/features/cards';

/** Drops empty filter values, so the query string carries only what the operator chose. */
export function compactParams<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Partial<T>;
}

/** GET list (spec 000 section 7): data {total, result}. */
export function listCards(query: CardListQuery): Promise<CardListPage> {
  return getCardData<CardListPage>(API.push.list, { params: compactParams(query) });
}

/** GET queueList: data {status, data {total, result}}, always newest created first. */
export async function listQueued(query: CardListQuery): Promise<CardQueuePage['data']> {
  const answer = await getCardData<CardQueuePage>(API.push.queueList, { params: compactParams({ ...query, status: 'queue', orderBy: 'create_time DESC' }) });
  return answer.data;
}

/** Every list screen's queries start with this key; a change to any card refreshes them all. */
export const CARD_LISTS_KEY = ['push', 'lists'] as const;

export const cardListQuery = (screen: string, query: CardListQuery) =>
  queryOptions({
    queryKey: [...CARD_LISTS_KEY, screen, query],
    queryFn: () => (screen === 'InQueue' ? listQueued(query) : listCards(query)),
    placeholderData: (previous) => previous,
    // a queued card changes state when the scheduler fires it: look again while one is shown
    refetchInterval: (q) => (q.state.data?.result.some((card) => card.status === 'queue') ? QUEUED_REFRESH_MS : false),
  });

/** How often a list showing a queued card asks again (the scheduler fires about once a second). */
export const QUEUED_REFRESH_MS = 3000;

/** GET deleteCard?id: the caller's own draft or created card. */
export async function deleteCard(id: number): Promise<void> {
  await getCardData<unknown>(API.push.deleteCard, { params: { id } });
}

export interface PushResult {
  pushId: number;
  queue: { cardId: number; queueId: number }[];
}

/** POST pushCard; `onProgress` follows the upload of a large recipient list. */
export function pushCard(body: PushCardRequest, onProgress?: (percent: number) => void): Promise<PushResult> {
  return postCardData<PushResult>(API.push.pushCard, body, {
    timeout: HTTP.downloadTimeoutMs,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/** POST cardCancelPush {pushId, queueId}: only while queued. */
export async function cancelPush(pushId: number, queueId: number): Promise<void> {
  await postCardData<unknown>(API.push.cardCancelPush, { pushId, queueId });
}

/** POST pushTopStatus: pin with a period, or unpin. */
export function setPin(body: { queueId: number; status: boolean; topStartTime?: string; topEndTime?: string }): Promise<CardRemark> {
  return postCardData<CardRemark>(API.push.pushTopStatus, { ...body, permanent: false });
}

/** GET cardPushInfo: the read-state rows of the card's latest push, one page. */
export function cardPushInfo(cardId: number, pageNum: number, limitNum: number): Promise<CardPushInfo> {
  return getCardData<CardPushInfo>(API.push.cardPushInfo, { params: { cardId, pageNum, limitNum } });
}

/** GET the staff directory (spec 000 section 7: page 0, limit 10000, search, amsNumber). */
export async function searchDirectory(search: string, amsNumber = ''): Promise<DirectoryPage> {
  const response = await http.get<SystemEnvelope<DirectoryPage>>(API.directory.search, {
    params: { page: 0, limit: PUSH_LIMITS.searchLimitMax, search, amsNumber },
  });
  return response.data.result;
}

/** How many people the directory holds: whom a push to all staff reaches (the search's total, one row fetched). */
export async function directorySize(): Promise<number> {
  const response = await http.get<SystemEnvelope<DirectoryPage>>(API.directory.search, { params: { page: 0, limit: 1, search: '', amsNumber: '' } });
  return response.data.result.total;
}

/** POST uploadReceiverList (multipart, one file) with upload progress. */
export function uploadReceiverList(file: Blob & { name: string }, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<ReceiverListUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postCardData<ReceiverListUpload>(API.push.uploadReceiverList, form, {
    timeout: HTTP.downloadTimeoutMs,
    signal,
    suppressError: true,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

export interface ReportFilters {
  startTime?: string;
  endTime?: string;
  bu?: string;
  cardId?: string;
}

/** GET pushReport: the twelve columns, one row per delivery. */
export function pushReport(filters: ReportFilters, pageNum: number, limitNum: number): Promise<PushReportPage> {
  return getCardData<PushReportPage>(API.push.pushReport, { params: compactParams({ ...filters, pageNum, limitNum }) });
}

/**
 * Downloads a file the portal serves behind the bearer token (template, exports): fetched as a
 * blob with the long download timeout, then handed to the browser under `name`.
 */
export async function downloadFile(url: string, name: string, params?: object): Promise<void> {
  const response = await http.get<Blob>(url, { params: params ? compactParams(params) : undefined, responseType: 'blob', download: true });
  const objectUrl = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
