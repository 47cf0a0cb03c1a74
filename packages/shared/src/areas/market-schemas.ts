import { z } from 'zod';
import { dbIdParam, dbText, pageCursor } from '../schemas/fields.js';
import { MARKET_LIMITS, OPINION_SENTIMENTS } from './market.js';

/**
 * Request schemas of market intelligence, apart from its paths and messages so the web entry,
 * which needs those, does not carry these (docs/decisions/0016, 0026).
 */
const name = dbText(MARKET_LIMITS.nameMax);
const optionalName = name.optional().default('');
/** The months a figure looks back over. */
const period = z.coerce.number().int().min(1).max(MARKET_LIMITS.monthsMax);
const months = period.optional().default(MARKET_LIMITS.monthsDefault);

export const opinionTrendQuery = z.strictObject({ medicine: optionalName, indication: optionalName, months });
export const opinionItemsQuery = z.strictObject({
  medicine: optionalName,
  indication: optionalName,
  eventId: dbIdParam.optional(),
  sentiment: z.enum(OPINION_SENTIMENTS).optional(),
  platform: optionalName,
  doctorId: dbIdParam.optional(),
  /** The period, as the trend's; without it every item (an event's list). */
  months: period.optional(),
  /** The previous page's `nextCursor` (newest published first). */
  cursor: pageCursor,
});
export const eventDetailQuery = z.strictObject({ id: dbIdParam });
export const drugIndicationQuery = z.strictObject({ medicine: optionalName, indication: optionalName });
export const competitorQuery = z.strictObject({ medicine: optionalName, competitor: optionalName, months });
export const marketIndicationQuery = z.strictObject({ indication: optionalName, months });
export const productQuery = z.strictObject({ product: optionalName });
