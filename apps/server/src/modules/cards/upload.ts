import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  cardFileUrl,
  uploadCardFileFields,
  CARD_FILE_MAX_BYTES,
  CARD_IMAGE_EXTENSIONS,
  CARD_LIMITS,
  type CardFileKind,
  type MessageKey,
  type UploadedCardFile,
} from '@field-portal/shared';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, issueError } from '../../platform/errors.js';
import { extensionAgrees, type DetectedType } from '../../platform/file-types.js';
import { keepUpload, receiveUpload } from '../../platform/files/index.js';
import * as repo from './repo.js';
import { authorizeUpload, type CardDeps } from './service.js';

const TOO_LARGE: Record<CardFileKind, MessageKey> = {
  avatar: 'card.avatarTooLarge',
  image: 'card.imageTooLarge',
  attachment: 'card.attachmentTooLarge',
};
const WRONG_TYPE: Partial<Record<CardFileKind, MessageKey>> = { avatar: 'card.avatarType', image: 'card.imageType' };

const tooLarge = (kind: CardFileKind) => new AppError(413, TOO_LARGE[kind], { field: 'file' }, 'file');
const wrongType = (key: MessageKey) => new AppError(415, key, { field: 'file' }, 'file');

/**
 * The type rules of spec 000 section 5, judged by the bytes: avatars and content images
 * are JPEG or PNG and named so; any file's extension must agree with its bytes.
 */
export function checkUploadType(kind: CardFileKind, detected: DetectedType | undefined, extension: string): void {
  const imageKey = WRONG_TYPE[kind];
  if (imageKey) {
    if (detected?.family !== 'jpeg' && detected?.family !== 'png') throw wrongType(imageKey);
    if (!(CARD_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) throw wrongType('file.extensionMismatch');
  }
  if (!extensionAgrees(detected, extension)) throw wrongType('file.extensionMismatch');
}

const PARSER_BUFFER_BYTES = 1024 * 1024;

function fieldsError(fields: Record<string, string>, error: z.ZodError): AppError {
  // The fields come before the file, so that its limit and the permission are known before a byte is stored.
  if (!Object.hasOwn(fields, 'id')) return badRequest('file.fieldsFirst', 'id');
  return issueError(error.issues[0]!);
}

/**
 * uploadCardFile: form fields `id` (the card) and `kind` (avatar | image | attachment,
 * default attachment), then exactly one file, taken by the one upload path with the kind's
 * limit and type rules. Answers the url the card content refers to.
 */
export async function receiveCardFile(request: FastifyRequest, deps: CardDeps, user: CurrentUser): Promise<UploadedCardFile> {
  const { fields, file } = await receiveUpload(request, deps.files, {
    area: 'cards',
    fields: uploadCardFileFields,
    fieldsError,
    // The largest limit of any kind, so the kind's own check sees the byte too many.
    parserMaxBytes: CARD_LIMITS.attachmentMaxBytes,
    tooLarge: () => tooLarge('attachment'),
    tooManyFiles: () => badRequest('card.fileLimit', 'file'),
    authorize: ({ id }) => authorizeUpload(deps, user, id),
    file: ({ kind }) => ({
      maxBytes: CARD_FILE_MAX_BYTES[kind],
      tooLarge: () => tooLarge(kind),
      checkType: (detected, extension) => checkUploadType(kind, detected, extension),
      nameMax: CARD_LIMITS.fileNameMax,
    }),
    bufferBytes: PARSER_BUFFER_BYTES,
  });
  const stored = file!;
  await keepUpload(deps.db, deps.files, stored, user, new Date(deps.now()), (tx) =>
    repo.linkFile(tx, { fileId: stored.id, cardId: fields.id, kind: fields.kind }),
  );
  return { url: cardFileUrl(stored.id), name: stored.name, no: user.username };
}
