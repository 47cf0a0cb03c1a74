import { API, HTTP, type CardFileKind, type UploadedCardFile } from '@field-portal/shared';
import { postCardData } from './envelope';

export interface UploadCardFileInput {
  cardId: number;
  kind: CardFileKind;
  file: Blob & { name: string };
  /** Percent sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST uploadCardFile, multipart: the fields id and kind come before the file, so the server
 * knows the limit and the permission before it stores a byte.
 */
export function uploadCardFile({ cardId, kind, file, onProgress, signal }: UploadCardFileInput): Promise<UploadedCardFile> {
  const form = new FormData();
  form.append('id', String(cardId));
  form.append('kind', kind);
  form.append('file', file, file.name);
  return postCardData<UploadedCardFile>(API.cards.uploadCardFile, form, {
    // An attachment may be 50 MB: uploads get the long timeout of downloads.
    timeout: HTTP.downloadTimeoutMs,
    signal,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}
