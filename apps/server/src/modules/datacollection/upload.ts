import type { FastifyRequest } from 'fastify';
import { DATA_COLLECTION_LIMITS, dataCollectionForm, type DataCollectionForm } from '@field-portal/shared';
import { AppError, badRequest, issueError } from '../../platform/errors.js';
import { cleanFileName } from '../../platform/file-types.js';
import { guardedBytes, multipartError, takeField } from '../../platform/multipart.js';
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
        takeField(raw, part, file !== undefined, (name) => badRequest('field.invalid', name, { field: name }));
        continue;
      }
      if (file) {
        part.file.resume();
        throw badRequest('dataCollection.oneFile', 'file');
      }
      form = check();
      const name = cleanFileName(part.filename ?? '') || 'attachment';
      const key = newStorageKey();
      const { size } = await files.put(key, guardedBytes(part.file, { max: DATA_COLLECTION_LIMITS.fileMaxBytes, tooLarge }));
      file = { key, name, size };
    }
  } catch (error) {
    if (file) await files.remove(file.key);
    throw multipartError(error, { tooLarge, tooManyFiles: () => badRequest('dataCollection.oneFile', 'file') });
  }
  return { form: form ?? check(), file };
}
