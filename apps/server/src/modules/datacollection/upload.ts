import type { FastifyRequest } from 'fastify';
import { DATA_COLLECTION_LIMITS, dataCollectionForm, type DataCollectionForm } from '@field-portal/shared';
import { AppError, badRequest } from '../../platform/errors.js';
import { receiveUpload, type ReceivedFile } from '../../platform/files/index.js';
import type { FileStore } from '../../platform/storage.js';

export interface ReceivedForm {
  form: DataCollectionForm;
  file?: ReceivedFile;
}

const FIELDS = 9;

/**
 * The data-collection form from a multipart body, by the one upload path: its fields first, then
 * at most one file, counted in bytes while it streams (10M + 1 byte answers 413 with the spec's
 * message). The fields are checked before a byte of the file is stored; a refused request leaves
 * nothing behind. The file is recorded with the request (createRequest).
 */
export async function receiveForm(request: FastifyRequest, files: FileStore): Promise<ReceivedForm> {
  const tooLarge = () => new AppError(413, 'dataCollection.fileTooLarge', { field: 'file' }, 'file');
  const { fields, file } = await receiveUpload(request, files, {
    area: 'datacollection',
    fields: dataCollectionForm,
    parserMaxBytes: DATA_COLLECTION_LIMITS.fileMaxBytes,
    tooLarge,
    lateField: (name) => badRequest('field.invalid', name, { field: name }),
    tooManyFiles: () => badRequest('dataCollection.oneFile', 'file'),
    fileOptional: true,
    file: () => ({ maxBytes: DATA_COLLECTION_LIMITS.fileMaxBytes, tooLarge, defaultName: 'attachment' }),
    limits: { files: 2, fields: FIELDS + 1, parts: FIELDS + 3, fieldSize: 4096, fieldNameSize: 32 },
  });
  return { form: fields, file };
}
