import { CARD_FILE_MAX_BYTES, CARD_IMAGE_EXTENSIONS, CARD_LIMITS, type MessageKey } from '@field-portal/shared';

/** What the browser tells about a chosen file. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export type ImageKind = 'avatar' | 'image';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * Checked before an avatar or content image is sent (spec 000 section 5): JPG or PNG, at most
 * 2 MB (avatar) or 5 MB (image). The server checks the bytes again.
 */
export function imageUploadProblem(file: ChosenFile, kind: ImageKind): MessageKey | undefined {
  const typeOk = (file.type === '' || IMAGE_TYPES.includes(file.type)) && (CARD_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk) return kind === 'avatar' ? 'card.avatarType' : 'card.imageType';
  if (file.size > CARD_FILE_MAX_BYTES[kind]) return kind === 'avatar' ? 'card.avatarTooLarge' : 'card.imageTooLarge';
  return undefined;
}

/** Checked before the attachment is sent: one file only, at most 50 MB (spec 000 section 5). */
export function attachmentUploadProblem(file: ChosenFile, filesAlready: number): MessageKey | undefined {
  if (filesAlready >= CARD_LIMITS.attachmentMaxFiles) return 'card.fileLimit';
  if (file.size > CARD_LIMITS.attachmentMaxBytes) return 'card.attachmentTooLarge';
  return undefined;
}
