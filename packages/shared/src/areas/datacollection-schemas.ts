import { z } from 'zod';
import { dbId, dbIdParam, dbText, pageNumber } from '../schemas/fields.js';
import { MAINLAND_MOBILE } from '../constants.js';
import { DATA_COLLECTION_LIMITS, DATA_COLLECTION_STATUSES } from './datacollection.js';

/**
 * Request schemas of this area, apart from its paths and messages so the web entry, which needs
 * those, does not carry these (docs/decisions/0016, 0026).
 */
const text = (max: number) => dbText(max).optional().default('');

/** The form's text fields (multipart fields are strings; realTime is 'true' or 'false'). */
export const dataCollectionForm = z.strictObject({
  sourcePlatform: dbText(DATA_COLLECTION_LIMITS.textMax).optional().default(''),
  content: dbText(DATA_COLLECTION_LIMITS.textMax).optional().default(''),
  remarks: dbText(DATA_COLLECTION_LIMITS.textMax).optional().default(''),
  realTime: z
    .enum(['true', 'false'], { message: 'field.invalid' })
    .optional()
    .default('false')
    .transform((v) => v === 'true'),
  contactName: z
    .string({ message: 'dataCollection.contactNameRequired' })
    .trim()
    .min(1, { message: 'dataCollection.contactNameRequired' })
    .max(DATA_COLLECTION_LIMITS.nameMax)
    .pipe(dbText(DATA_COLLECTION_LIMITS.nameMax)),
  contactPhone: z.string({ message: 'dataCollection.phoneInvalid' }).trim().regex(MAINLAND_MOBILE, { message: 'dataCollection.phoneInvalid' }),
  wechat: text(DATA_COLLECTION_LIMITS.accountMax),
  qq: text(DATA_COLLECTION_LIMITS.accountMax),
});
export type DataCollectionForm = z.output<typeof dataCollectionForm>;

export const dataCollectionListQuery = z.strictObject({
  status: z.enum(DATA_COLLECTION_STATUSES, { message: 'field.invalid' }).optional(),
  pageNum: pageNumber(1),
  limitNum: z.coerce.number().int().min(1).max(DATA_COLLECTION_LIMITS.pageSizeMax).default(DATA_COLLECTION_LIMITS.pageSizeDefault),
});

export const dataCollectionStatusRequest = z.strictObject({
  id: dbId,
  status: z.enum(DATA_COLLECTION_STATUSES, { message: 'field.invalid' }),
  reply: dbText(DATA_COLLECTION_LIMITS.replyMax).optional(),
});

export const dataCollectionFileQuery = z.strictObject({ id: dbIdParam });
