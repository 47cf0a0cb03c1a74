import { BATCH_PUSH_PATHS, HTTP, type BatchPushCard, type BatchPushRequest, type BatchPushResult, type ReceiverListUpload } from '@field-portal/shared';
import { getCardData, postCardData } from '@/features/cards';

/** GET the cards a batch may push (created or published), newest first, by title. */
export function pushableCards(search: string): Promise<BatchPushCard[]> {
  return getCardData<BatchPushCard[]>(BATCH_PUSH_PATHS.cards, { params: search.trim() ? { search: search.trim() } : {} });
}

/** POST one recipient list (multipart, one file), read as the push dialog reads it. */
export function uploadBatchList(file: Blob & { name: string }): Promise<ReceiverListUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postCardData<ReceiverListUpload>(BATCH_PUSH_PATHS.uploadReceiverList, form, { timeout: HTTP.downloadTimeoutMs, suppressError: true });
}

/** POST the batch: every row queued, or none (the page shows the message that names the row). */
export function sendBatch(body: BatchPushRequest): Promise<BatchPushResult> {
  return postCardData<BatchPushResult>(BATCH_PUSH_PATHS.push, body, { timeout: HTTP.downloadTimeoutMs, suppressError: true });
}
