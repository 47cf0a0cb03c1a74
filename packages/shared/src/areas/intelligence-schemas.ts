import { z } from 'zod';
import { dbId, dbIdParam, dbText, pageCursor } from '../schemas/fields.js';
import { INTELLIGENCE_LIMITS, KOL_DIMENSIONS, KOL_TIERS, RELATION_TYPES, type KolDimension, type KolTier } from './intelligence.js';

/**
 * Request schemas of doctor intelligence, apart from its paths and messages so the web entry,
 * which needs those, does not carry these (docs/decisions/0016, 0026).
 */
/* ---------- requests ---------- */

const indication = z.string({ error: 'intel.indication.required' }).trim().min(1, 'intel.indication.required').max(50).pipe(dbText(50));
const size = z.coerce.number().int().min(1).max(INTELLIGENCE_LIMITS.pageSizeMax).default(INTELLIGENCE_LIMITS.pageSizeDefault);
const provinceCode = z
  .string()
  .regex(/^\d{6}$/, 'field.invalid')
  .optional();

export const doctor360Query = z.strictObject({ doctorId: dbIdParam });
export const papersQuery = z.strictObject({ doctorId: dbIdParam, cursor: pageCursor, size });
export const kolRankingQuery = z.strictObject({
  indication,
  provinceCode,
  tier: z.enum(KOL_TIERS.map((t) => t.code) as [KolTier, ...KolTier[]]).optional(),
  cursor: pageCursor,
  size,
});
export const kolTrendQuery = z.strictObject({ doctorId: dbIdParam });
export const kolExplainQuery = z.strictObject({ indication, doctorId: dbIdParam });
export const kolCompareQuery = z.strictObject({
  indication,
  doctorIds: z
    .string({ error: 'intel.compare.tooFew' })
    .max(200)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'field.invalid')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(dbId).min(INTELLIGENCE_LIMITS.compareMin, 'intel.compare.tooFew').max(INTELLIGENCE_LIMITS.compareMax, 'intel.compare.tooMany')),
});
export const kolProvincesQuery = z.strictObject({ indication });
export const lookAlikeQuery = z.strictObject({ doctorId: dbIdParam, size: z.coerce.number().int().min(1).max(INTELLIGENCE_LIMITS.lookAlikeMax).default(10) });
export const egoQuery = z.strictObject({ indication, doctorId: dbIdParam });
export const relationsQuery = z.strictObject({ indication, doctorId: dbIdParam, type: z.enum(RELATION_TYPES).optional(), cursor: pageCursor, size });
export const areaQuery = z.strictObject({ indication, provinceCode });
export const contextQuery = z.strictObject({ indication });
const weight = z.number({ error: 'intel.weight.invalid' }).min(0, 'intel.weight.invalid').max(INTELLIGENCE_LIMITS.weightMax, 'intel.weight.invalid');
export const saveWeightsRequest = z.strictObject({
  weights: z
    .strictObject(Object.fromEntries(KOL_DIMENSIONS.map((d) => [d, weight])) as Record<KolDimension, typeof weight>)
    .refine((w) => Object.values(w).some((v) => v > 0), { message: 'intel.weight.allZero' }),
});
