import { useCallback, useMemo, useRef } from 'react';
import type { CardFileKind, UploadedCardFile } from '@field-portal/shared';
import { deleteCardFile } from '../api/delete-card-file';
import { uploadCardFile } from '../api/upload-card-file';

export interface CardFiles {
  upload(kind: CardFileKind, file: File, onProgress: (percent: number) => void): Promise<UploadedCardFile>;
  /**
   * The form no longer uses a file. An upload of this form is deleted; so is an attachment of
   * the draft being edited (unticking attachment clears the list, spec 000 section 4). Files of
   * other cards (a copy refers to them) stay.
   */
  discard(url: string, what: 'image' | 'attachment'): void;
  /** The uploads now belong to a saved card: never delete them from this form. */
  settle(): void;
  uploaded(): string[];
}

interface Options {
  username: string;
  editingDraft: boolean;
  ensureCardId: () => Promise<number>;
  initiallyUploaded: readonly string[];
  onChange: () => void;
}

export function useCardFiles({ username, editingDraft, ensureCardId, initiallyUploaded, onChange }: Options): CardFiles {
  const uploaded = useRef(new Set(initiallyUploaded));

  const upload = useCallback(
    async (kind: CardFileKind, file: File, onProgress: (percent: number) => void) => {
      const cardId = await ensureCardId();
      const result = await uploadCardFile({ cardId, kind, file, onProgress });
      uploaded.current.add(result.url);
      onChange();
      return result;
    },
    [ensureCardId, onChange],
  );

  const discard = useCallback(
    (url: string, what: 'image' | 'attachment') => {
      const ours = uploaded.current.has(url);
      if (!ours && !(what === 'attachment' && editingDraft)) return;
      uploaded.current.delete(url);
      onChange();
      // A draft's attachment may be a created card's file that the draft copied: the server keeps those (409).
      // The client has told the user of a failure of our own upload; the list drops the file either way.
      void deleteCardFile({ no: username, url }, { quiet: !ours }).catch(() => undefined);
    },
    [editingDraft, onChange, username],
  );

  return useMemo(
    () => ({
      upload,
      discard,
      settle: () => {
        uploaded.current.clear();
        onChange();
      },
      uploaded: () => [...uploaded.current],
    }),
    [upload, discard, onChange],
  );
}
