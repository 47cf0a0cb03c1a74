import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '@field-portal/shared';
import type { z } from 'zod';
import { AppError, badRequest, issueError } from './errors.js';
import { cleanFileName, detectFileType, extensionOf } from './file-types.js';
import { guardedBytes, multipartError, takeField } from './multipart.js';
import { newStorageKey, type FileStore } from './storage.js';

const IMAGE_EXTENSIONS: Record<string, string[]> = { jpeg: ['jpg', 'jpeg'], png: ['png'] };

export interface ImageUploadRules<F extends z.ZodType> {
  /** The form fields sent before the file. */
  fields: F;
  maxBytes: number;
  tooLarge: MessageKey;
  wrongType: MessageKey;
  /** Runs once the fields are known, before a byte of the file is stored (permission checks). */
  authorize(fields: z.output<F>): Promise<void>;
}

export interface StoredImage<T> {
  key: string;
  mime: string;
  size: number;
  fields: T;
}

/**
 * One JPG or PNG from a multipart form: fields first, then exactly one file, judged by its bytes
 * (HTML renamed .png gets 415; the name's extension must agree) and its size while it streams
 * (the limit + 1 byte gets 413). A refused upload leaves nothing in the store (SECURITY.md, Files).
 */
export async function receiveImage<F extends z.ZodType>(
  request: FastifyRequest,
  files: FileStore,
  rules: ImageUploadRules<F>,
): Promise<StoredImage<z.output<F>>> {
  const tooLarge = () => new AppError(413, rules.tooLarge, { field: 'file' }, 'file');
  const wrongType = () => new AppError(415, rules.wrongType, { field: 'file' }, 'file');
  const raw: Record<string, string> = {};
  let stored: StoredImage<z.output<F>> | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: rules.maxBytes + 1, files: 1, fields: 4, parts: 5, fieldSize: 256, fieldNameSize: 32 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        takeField(raw, part, stored !== undefined);
        continue;
      }
      const parsed = rules.fields.safeParse(raw);
      if (!parsed.success) throw issueError(parsed.error.issues[0]!);
      await rules.authorize(parsed.data);
      const extension = extensionOf(cleanFileName(part.filename ?? ''));
      const key = newStorageKey();
      let mime = '';
      const sniff = (head: Buffer) => {
        const detected = detectFileType(head, extension);
        if (detected?.family !== 'jpeg' && detected?.family !== 'png') throw wrongType();
        if (!IMAGE_EXTENSIONS[detected.family]!.includes(extension)) throw new AppError(415, 'file.extensionMismatch', { field: 'file' }, 'file');
        mime = detected.mime;
      };
      const { size } = await files.put(key, guardedBytes(part.file, { max: rules.maxBytes, tooLarge, sniff }));
      stored = { key, mime, size, fields: parsed.data };
    }
  } catch (error) {
    if (stored) await files.remove(stored.key);
    throw multipartError(error, { tooLarge });
  }
  if (!stored) throw badRequest('file.required', 'file');
  return stored;
}
