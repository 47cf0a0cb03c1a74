import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, issueError } from '../errors.js';
import { cleanFileName, detectFileType, extensionOf, type DetectedType } from '../file-types.js';
import { guardedBytes, multipartError, takeField } from '../multipart.js';
import { newStorageKey, type FileStore } from '../storage.js';
import { recordFile, type FileArea } from './records.js';

/**
 * The one way an upload is taken (docs/decisions/0059, SECURITY.md Files): a multipart body's
 * fields first, checked and authorised before a byte is stored; then its file streamed into the
 * store, counted against the area's limit and judged by its first bytes while it passes; then its
 * row in `files`, written in one transaction with the area's own link to it. A refused upload
 * leaves nothing behind, in the store or in the database.
 */

/** What an area accepts of the file, once its fields are known. */
export interface FileRules {
  /** The most bytes the file may have. */
  maxBytes: number;
  /** The area's 413. */
  tooLarge: () => AppError;
  /** Judges the name's extension before a byte is read; throws to refuse the file. */
  checkExtension?: (extension: string) => void;
  /** Judges the type the bytes show against the name's extension; throws to refuse the file. */
  checkType?: (detected: DetectedType | undefined, extension: string) => void;
  /** Longest kept file name (default 255). */
  nameMax?: number;
  /** The name kept when the uploader's was empty (default ''). */
  defaultName?: string;
}

export interface UploadRules<F extends z.ZodType> {
  area: FileArea;
  /** The form fields sent before the file; without it, fields are ignored. */
  fields?: F;
  /** The largest file any request may send (the parser is told one byte more, so the area's own check sees it). */
  parserMaxBytes: number;
  /** The parser's own 413 (before the fields knew better). */
  tooLarge: () => AppError;
  /** The file's rules, from the fields. */
  file: (fields: z.output<F>) => FileRules;
  /** Runs once the fields are known, before a byte of the file is stored (permission checks). */
  authorize?: (fields: z.output<F>) => Promise<void>;
  /** The answer to fields that do not pass (default: the first issue, naming its field). */
  fieldsError?: (raw: Record<string, string>, error: z.ZodError) => AppError;
  /** The answer to a field after the file (default 400 file.fieldsFirst). */
  lateField?: (name: string) => AppError;
  /** The answer to a second file (default 400 request.invalid). */
  tooManyFiles?: () => AppError;
  /** Whether the form may come without a file. */
  fileOptional?: boolean;
  /** The parser's limits beyond the file's size. */
  limits?: { fields?: number; parts?: number; fieldSize?: number; fieldNameSize?: number; files?: number };
  /** Deeper parser buffers for large files, so the socket keeps flowing while the disk writes. */
  bufferBytes?: number;
}

/** A file in the store, not yet recorded. */
export interface ReceivedFile {
  id: string;
  area: FileArea;
  key: string;
  name: string;
  mime: string;
  size: number;
  /** sha256 of the bytes, hex. */
  digest: string;
}

export interface ReceivedUpload<T> {
  fields: T;
  file?: ReceivedFile;
}

const OCTET_STREAM = 'application/octet-stream';

/** Counts the bytes into a sha256 as they pass on to the store. */
async function* digested(body: AsyncIterable<Buffer>, hash: crypto.Hash): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Parses the multipart body and stores its file (see the rules). The file is in the store but has
 * no row yet: `keepUpload` records it, or `dropUpload` removes it when the area refuses it after all.
 */
export async function receiveUpload<F extends z.ZodType>(
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules<F>,
): Promise<ReceivedUpload<z.output<F>>> {
  const raw: Record<string, string> = {};
  let fields: z.output<F> | undefined;
  let received: ReceivedFile | undefined;
  const check = (): z.output<F> => {
    if (!rules.fields) return {} as z.output<F>;
    const parsed = rules.fields.safeParse(raw);
    if (!parsed.success) throw rules.fieldsError ? rules.fieldsError(raw, parsed.error) : issueError(parsed.error.issues[0]!);
    return parsed.data;
  };
  try {
    const parts = request.parts({
      ...(rules.bufferBytes ? { highWaterMark: rules.bufferBytes, fileHwm: rules.bufferBytes } : {}),
      limits: { files: 1, fields: 4, parts: 6, fieldSize: 256, fieldNameSize: 64, ...rules.limits, fileSize: rules.parserMaxBytes + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (rules.fields) takeField(raw, part, received !== undefined, rules.lateField);
        continue;
      }
      if (received) {
        part.file.resume();
        throw rules.tooManyFiles ? rules.tooManyFiles() : badRequest('request.invalid', 'file');
      }
      fields = check();
      await rules.authorize?.(fields);
      const file = rules.file(fields);
      const name = cleanFileName(part.filename ?? '', file.nameMax) || (file.defaultName ?? '');
      const extension = extensionOf(name);
      try {
        file.checkExtension?.(extension);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const id = crypto.randomUUID();
      const key = newStorageKey(id);
      let detected: DetectedType | undefined;
      const sniff = (head: Buffer) => {
        detected = detectFileType(head, extension);
        file.checkType?.(detected, extension);
      };
      const hash = crypto.createHash('sha256');
      const { size } = await store.put(key, digested(guardedBytes(part.file, { max: file.maxBytes, tooLarge: file.tooLarge, sniff }), hash));
      received = { id, area: rules.area, key, name, mime: detected?.mime ?? OCTET_STREAM, size, digest: hash.digest('hex') };
    }
  } catch (error) {
    if (received) await store.remove(received.key);
    throw multipartError(error, { tooLarge: rules.tooLarge, tooManyFiles: rules.tooManyFiles ?? (() => badRequest('request.invalid', 'file')) });
  }
  if (!received && !rules.fileOptional) throw badRequest('file.required', 'file');
  return { fields: fields ?? check(), file: received };
}

/** Removes the bytes of a received file the area did not keep. */
export async function dropUpload(store: FileStore, file: ReceivedFile | undefined): Promise<void> {
  if (file) await store.remove(file.key);
}

/**
 * Records a received file and runs the area's link to it in one transaction; when either fails,
 * the bytes go too and the error is rethrown. Answers what `link` answers.
 */
export async function keepUpload<T>(
  db: Db,
  store: FileStore,
  file: ReceivedFile,
  uploader: { id: number; username: string },
  at: Date,
  link: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await recordFile(tx, file, uploader, at);
      return link(tx);
    });
  } catch (error) {
    await store.remove(file.key);
    throw error;
  }
}

const IMAGE_EXTENSIONS: Record<string, readonly string[]> = { jpeg: ['jpg', 'jpeg'], png: ['png'] };

/** JPG or PNG by the bytes (else `wrongType`), named as what it is (else 415 file.extensionMismatch). */
export function jpegOrPng(wrongType: () => AppError): FileRules['checkType'] {
  return (detected, extension) => {
    if (detected?.family !== 'jpeg' && detected?.family !== 'png') throw wrongType();
    if (!IMAGE_EXTENSIONS[detected.family]!.includes(extension)) throw new AppError(415, 'file.extensionMismatch', { field: 'file' }, 'file');
  };
}
