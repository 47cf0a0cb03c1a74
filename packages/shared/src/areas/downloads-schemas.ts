import { z } from 'zod';
import { dbId, dbIdParam, pageNumber } from '../schemas/fields.js';
import { DOWNLOAD_LIMITS } from './downloads.js';

/**
 * Request schemas of this area, apart from its paths and messages so the web entry, which needs
 * those, does not carry these (docs/decisions/0016, 0026).
 */
const templateName = z
  .string()
  .trim()
  .min(1)
  .max(DOWNLOAD_LIMITS.templateNameMax)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: 'download.templateUnknown' });

export const asyncDownloadQuery = z.strictObject({ templateName });

export const findByCreateByQuery = z.strictObject({
  pageNum: pageNumber(1),
  limitNum: z.coerce.number().int().min(1).max(DOWNLOAD_LIMITS.pageSizeMax).default(DOWNLOAD_LIMITS.pageSizeDefault),
});

export const updateDownloadStatusRequest = z.strictObject({
  id: dbId,
  status: z.enum(['downloaded', 'cancel'], { message: 'download.statusInvalid' }),
});

export const downloadFileQuery = z.strictObject({ id: dbIdParam });
