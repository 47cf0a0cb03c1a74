import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '@field-portal/shared';
import type { z } from 'zod';
import { AppError, badRequest, issueError } from './errors.js';
import { cleanFileName, detectFileType, extensionOf, SNIFF_BYTES } from './file-types.js';
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

function multipartError(error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'request.unsupportedType');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest('request.invalid');
    default:
      return error;
  }
}

/**
 * One JPG or PNG from a multipart form: fields first, then exactly one file, judged by its bytes
 * (HTML renamed .png gets 415; the name's extension must agree) and its size while it streams
 * (the limit + 1 byte gets 413). A refused upload leaves nothing in the store (SECURITY.md, Files).
 */
export async function receiveImage<F extends z.ZodType>(request: FastifyRequest, files: FileStore, rules: ImageUploadRules<F>): Promise<StoredImage<z.output<F>>> {
  const tooLarge = () => new AppError(413, rules.tooLarge, { field: 'file' }, 'file');
  const wrongType = () => new AppError(415, rules.wrongType, { field: 'file' }, 'file');
  const raw: Record<string, string> = {};
  let stored: StoredImage<z.output<F>> | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: rules.maxBytes + 1, files: 1, fields: 4, parts: 5, fieldSize: 256, fieldNameSize: 32 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (stored) throw badRequest('file.fieldsFirst', part.fieldname);
        // The web stamps every POST with _t (spec 001 section 9.1); it means nothing here.
        if (part.fieldname === '_t') continue;
        if (part.valueTruncated || Object.hasOwn(raw, part.fieldname)) throw badRequest('field.invalid', part.fieldname, { field: part.fieldname });
        raw[part.fieldname] = String(part.value);
        continue;
      }
      const parsed = rules.fields.safeParse(raw);
      if (!parsed.success) throw issueError(parsed.error.issues[0]!);
      await rules.authorize(parsed.data);
      const extension = extensionOf(cleanFileName(part.filename ?? ''));
      const stream = part.file;
      const key = newStorageKey();
      let mime = '';
      async function* guarded(source: AsyncIterable<Buffer>) {
        let size = 0;
        let head = Buffer.alloc(0);
        let checked = false;
        const check = () => {
          const detected = detectFileType(head, extension);
          if (detected?.family !== 'jpeg' && detected?.family !== 'png') throw wrongType();
          if (!IMAGE_EXTENSIONS[detected.family]!.includes(extension)) throw new AppError(415, 'file.extensionMismatch', { field: 'file' }, 'file');
          mime = detected.mime;
          checked = true;
        };
        for await (const chunk of source) {
          size += chunk.length;
          if (size > rules.maxBytes) throw tooLarge();
          if (!checked) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= SNIFF_BYTES) check();
          }
          yield chunk;
        }
        if (stream.truncated) throw tooLarge();
        if (size === 0) throw badRequest('file.required', 'file');
        if (!checked) check();
      }
      const { size } = await files.put(key, guarded(stream));
      stored = { key, mime, size, fields: parsed.data };
    }
  } catch (error) {
    if (stored) await files.remove(stored.key);
    throw multipartError(error, tooLarge);
  }
  if (!stored) throw badRequest('file.required', 'file');
  return stored;
}
