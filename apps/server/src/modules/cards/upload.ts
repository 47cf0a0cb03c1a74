import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
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
import { cleanFileName, detectFileType, extensionAgrees, extensionOf, type DetectedType } from '../../platform/file-types.js';
import { guardedBytes, multipartError, takeField } from '../../platform/multipart.js';
import { newStorageKey } from '../../platform/storage.js';
import * as repo from './repo.js';
import { authorizeUpload, type CardDeps } from './service.js';

const TOO_LARGE: Record<CardFileKind, MessageKey> = {
  avatar: 'card.avatarTooLarge',
  image: 'card.imageTooLarge',
  attachment: 'card.attachmentTooLarge',
};
const WRONG_TYPE: Partial<Record<CardFileKind, MessageKey>> = { avatar: 'card.avatarType', image: 'card.imageType' };

const PARSER_BUFFER_BYTES = 1024 * 1024;

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

interface StoredUpload {
  id: string;
  key: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Streams one file part into the store. The size limit of its kind and the type of its
 * bytes are checked while the bytes pass; either failing aborts the write, and the store
 * keeps nothing.
 */
async function storePart(deps: CardDeps, part: MultipartFile, kind: CardFileKind): Promise<StoredUpload> {
  const name = cleanFileName(part.filename ?? '', CARD_LIMITS.fileNameMax);
  const extension = extensionOf(name);
  const max = CARD_FILE_MAX_BYTES[kind];
  const id = crypto.randomUUID();
  const key = newStorageKey(id);
  let detected: DetectedType | undefined;
  const sniff = (head: Buffer) => {
    detected = detectFileType(head, extension);
    checkUploadType(kind, detected, extension);
  };
  const { size } = await deps.files.put(key, guardedBytes(part.file, { max, tooLarge: () => tooLarge(kind), sniff }));
  return { id, key, name, mime: detected?.mime ?? 'application/octet-stream', size };
}

function fieldsError(fields: Record<string, string>, error: z.ZodError): AppError {
  // The fields come before the file, so that its limit and the permission are known before a byte is stored.
  if (!Object.hasOwn(fields, 'id')) return badRequest('file.fieldsFirst', 'id');
  return issueError(error.issues[0]!);
}

/**
 * uploadCardFile: form fields `id` (the card) and `kind` (avatar | image | attachment,
 * default attachment), then exactly one file. Answers the url the card content refers to.
 */
export async function receiveCardFile(request: FastifyRequest, deps: CardDeps, user: CurrentUser): Promise<UploadedCardFile> {
  const fields: Record<string, string> = {};
  let target: { cardId: number; kind: CardFileKind } | undefined;
  let stored: StoredUpload | undefined;
  try {
    const parts = request.parts({
      // Room for a few socket reads in the parser and the file stream, so the socket keeps flowing while the disk writes.
      highWaterMark: PARSER_BUFFER_BYTES,
      fileHwm: PARSER_BUFFER_BYTES,
      // The largest limit of any kind plus one byte, so the kind's own check sees the byte too many.
      limits: { fileSize: CARD_LIMITS.attachmentMaxBytes + 1, files: 1, fields: 4, parts: 6, fieldSize: 256, fieldNameSize: 64 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        takeField(fields, part, stored !== undefined);
        continue;
      }
      const parsed = uploadCardFileFields.safeParse(fields);
      if (!parsed.success) throw fieldsError(fields, parsed.error);
      target = { cardId: parsed.data.id, kind: parsed.data.kind };
      await authorizeUpload(deps, user, target.cardId);
      stored = await storePart(deps, part, target.kind);
    }
  } catch (error) {
    if (stored) await deps.files.remove(stored.key);
    throw multipartError(error, { tooLarge: () => tooLarge('attachment'), tooManyFiles: () => badRequest('card.fileLimit', 'file') });
  }
  if (!stored || !target) throw badRequest('file.required', 'file');
  try {
    await repo.insertFile(deps.db, {
      id: stored.id,
      owner: user.username,
      cardId: target.cardId,
      kind: target.kind,
      name: stored.name,
      mime: stored.mime,
      size: stored.size,
      storageKey: stored.key,
      createdAt: new Date(deps.now()),
    });
  } catch (error) {
    await deps.files.remove(stored.key);
    throw error;
  }
  return { url: cardFileUrl(stored.id), name: stored.name, no: user.username };
}
