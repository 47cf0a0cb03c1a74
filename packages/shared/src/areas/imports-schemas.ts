import { z } from 'zod';
import { dbId, dbIdParam } from '../schemas/fields.js';
import { IMPORT_KINDS, IMPORT_LIMITS, IMPORT_MODES } from './imports.js';

/** Request schemas of the import centre (docs/decisions/0042). */

export const importKind = z.enum(IMPORT_KINDS, { message: 'imports.kind.unknown' });

export const importTemplateQuery = z.strictObject({ kind: importKind });
export const importJobQuery = z.strictObject({ id: dbIdParam });

export const importCommitRequest = z.strictObject({
  id: dbId,
  /** allOrNothing (the default): one refused row and nothing is written; validOnly: the refused rows are left out. */
  mode: z.enum(IMPORT_MODES).default('allOrNothing'),
});

const cell = z.union([z.string().max(IMPORT_LIMITS.cellMax), z.number()]).optional();

/** A record of the batch API: the file's columns by key (IMPORT_COLUMNS), values as text or numbers. */
export const importBatchRequest = z.strictObject({
  records: z
    .array(z.record(z.string().max(40), cell))
    .min(1)
    .max(IMPORT_LIMITS.batchMax, { message: 'imports.batch.tooMany' }),
});

export const importDeactivateRequest = z.strictObject({
  codes: z.array(z.string().trim().min(1).max(IMPORT_LIMITS.cellMax)).min(1).max(IMPORT_LIMITS.batchMax, { message: 'imports.batch.tooMany' }),
});
