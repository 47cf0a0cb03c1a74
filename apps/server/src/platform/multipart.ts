import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { AppError, badRequest, wholePart } from './errors.js';
import { cleanFileName, SNIFF_BYTES } from './file-types.js';

/**
 * What every upload route does with a multipart body (SECURITY.md, Files): @fastify/multipart's
 * own errors answered as the caller should see them, form fields read before the file, and a
 * file counted (and judged by its first bytes) while it streams.
 */

export interface MultipartAnswers {
  /** The upload's own 413 (the file is over its limit). */
  tooLarge: () => AppError;
  /** The upload's own answer to a second file; 400 request.invalid when not given. */
  tooManyFiles?: () => AppError;
}

/**
 * The parser's (busboy's) errors for a body that is not a well-formed multipart form: no boundary
 * in the content type, or the body ending before its closing boundary (cut off, or bytes that are
 * no form at all). They carry no code, only these messages.
 */
const MALFORMED_FORM = /^(Multipart: Boundary not found|Boundary required)$|unexpected end of multipart data$/i;

/**
 * @fastify/multipart's own errors as the caller should see them, and a body that is no multipart
 * form as 400 naming the request body (as a malformed JSON body is); an AppError and anything
 * else pass unchanged.
 */
export function multipartError(error: unknown, answers: MultipartAnswers): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return answers.tooManyFiles ? answers.tooManyFiles() : badRequest('request.invalid');
    case 'FST_REQ_FILE_TOO_LARGE':
      return answers.tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'request.unsupportedType');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest('request.invalid');
    default:
      return error instanceof Error && MALFORMED_FORM.test(error.message) ? new AppError(400, 'field.invalid', { field: wholePart('body') }, 'body') : error;
  }
}

/**
 * Keeps a form field in `fields`: once only, not truncated. The `_t` the web stamps on every POST
 * (spec 001 section 9.1) means nothing to an upload and is skipped. A field after the file is
 * refused with `late` (default 400 file.fieldsFirst), since the fields decide the file's limit
 * and permission before a byte of it is stored.
 */
export function takeField(
  fields: Record<string, string>,
  part: MultipartValue,
  fileSeen: boolean,
  late: (name: string) => AppError = (name) => badRequest('file.fieldsFirst', name),
): void {
  if (fileSeen) throw late(part.fieldname);
  if (part.fieldname === '_t') return;
  if (part.valueTruncated || Object.hasOwn(fields, part.fieldname)) throw badRequest('field.invalid', part.fieldname, { field: part.fieldname });
  fields[part.fieldname] = String(part.value);
}

export interface GuardRules {
  /** The most bytes the file may have. */
  max: number;
  tooLarge: () => AppError;
  /** Judges the file's first SNIFF_BYTES bytes (all of them when the file is shorter), once; throws to refuse it. */
  sniff?: (head: Buffer) => void;
}

/**
 * The bytes of a file part as they stream, counted: one byte over `max` (or a part the parser cut)
 * throws `tooLarge`, an empty file 400 file.required, a refused head whatever `sniff` throws.
 * A store writing from it aborts the write on the first throw.
 */
export async function* guardedBytes(stream: MultipartFile['file'], rules: GuardRules): AsyncGenerator<Buffer> {
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  let checked = !rules.sniff;
  const check = () => {
    rules.sniff?.(Buffer.concat(head));
    checked = true;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rules.max) throw rules.tooLarge();
    if (!checked) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) check();
    }
    yield chunk;
  }
  if (stream.truncated) throw rules.tooLarge();
  if (size === 0) throw badRequest('file.required', 'file');
  if (!checked) check();
}

/** A whole file part read into memory within `max` bytes (over it, or cut by the parser: `tooLarge`); may be empty. */
export async function readPart(file: MultipartFile, max: number, tooLarge: () => AppError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  if (file.file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** The one file part of a multipart request, read into memory within `max` bytes. */
export async function readOneFile(
  request: FastifyRequest,
  max: number,
  tooLarge: () => AppError,
  accept: (name: string) => void,
): Promise<{ name: string; bytes: Buffer }> {
  let found: { name: string; bytes: Buffer } | undefined;
  try {
    const parts = request.parts({ limits: { files: 1, fileSize: max + 1, fields: 4, parts: 6, fieldSize: 256 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const file = part as MultipartFile;
      const name = cleanFileName(file.filename ?? '');
      try {
        accept(name);
      } catch (error) {
        file.file.resume();
        throw error;
      }
      found = { name, bytes: await readPart(file, max, tooLarge) };
    }
  } catch (error) {
    throw multipartError(error, { tooLarge, tooManyFiles: () => badRequest('request.invalid', 'file') });
  }
  if (!found || found.bytes.length === 0) throw badRequest('file.required', 'file');
  return found;
}
