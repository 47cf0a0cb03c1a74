import type { FastifyRequest } from 'fastify';
import { DATA_COLLECTION_LIMITS, dataCollectionForm, type DataCollectionForm } from '@field-portal/shared';
import { AppError, badRequest, issueError } from '../../platform/errors.js';
import { cleanFileName } from '../../platform/file-types.js';
import { newStorageKey, type FileStore } from '../../platform/storage.js';

export interface ReceivedForm {
  form: DataCollectionForm;
  file?: { key: string; name: string; size: number };
}

const FIELDS = 9;

/**
 * The data-collection form from a multipart body: its fields first, then at most one file,
 * counted in bytes while it streams (10M + 1 byte answers 413 with the spec's message). The fields
 * are checked before a byte of the file is stored; a refused request leaves nothing behind.
 */
export async function receiveForm(request: FastifyRequest, files: FileStore): Promise<ReceivedForm> {
  const tooLarge = () => new AppError(413, 'dataCollection.fileTooLarge', { field: 'file' }, 'file');
  const raw: Record<string, string> = {};
  let form: DataCollectionForm | undefined;
  let file: ReceivedForm['file'];
  const check = () => {
    const parsed = dataCollectionForm.safeParse(raw);
    if (!parsed.success) throw issueError(parsed.error.issues[0]!);
    return parsed.data;
  };
  try {
    const parts = request.parts({
      limits: { fileSize: DATA_COLLECTION_LIMITS.fileMaxBytes + 1, files: 2, fields: FIELDS + 1, parts: FIELDS + 3, fieldSize: 4096, fieldNameSize: 32 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (file) throw badRequest('field.invalid', part.fieldname, { field: part.fieldname });
        // The web stamps every POST with _t (spec 001 section 9.1).
        if (part.fieldname === '_t') continue;
        if (part.valueTruncated || Object.hasOwn(raw, part.fieldname)) throw badRequest('field.invalid', part.fieldname, { field: part.fieldname });
        raw[part.fieldname] = String(part.value);
        continue;
      }
      if (file) {
        part.file.resume();
        throw badRequest('dataCollection.oneFile', 'file');
      }
      form = check();
      const stream = part.file;
      const name = cleanFileName(part.filename ?? '') || 'attachment';
      async function* counted(source: AsyncIterable<Buffer>) {
        let size = 0;
        for await (const chunk of source) {
          size += chunk.length;
          if (size > DATA_COLLECTION_LIMITS.fileMaxBytes) throw tooLarge();
          yield chunk;
        }
        if (stream.truncated) throw tooLarge();
        if (size === 0) throw badRequest('file.required', 'file');
      }
      const key = newStorageKey();
      const { size } = await files.put(key, counted(stream));
      file = { key, name, size };
    }
  } catch (error) {
    if (file) await files.remove(file.key);
    if (error instanceof AppError) throw error;
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw tooLarge();
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw new AppError(415, 'request.unsupportedType');
      case 'FST_FILES_LIMIT':
        throw badRequest('dataCollection.oneFile', 'file');
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PROTO_VIOLATION':
        throw badRequest('request.invalid');
      default:
        throw error;
    }
  }
  return { form: form ?? check(), file };
}
