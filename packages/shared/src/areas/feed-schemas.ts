import { z } from 'zod';
import { FEED_LIMITS } from './feed.js';
import { cardId } from './cards-schemas.js';
import { intText, pageCursor } from '../schemas/fields.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

/** GET cards: `cursor` is the `nextCursor` of the previous page (absent for the first page). */
export const feedQuery = z.strictObject({
  cursor: pageCursor,
  limit: intText.pipe(z.number().int().min(1).max(FEED_LIMITS.pageMax)).default(FEED_LIMITS.pageDefault),
});
export type FeedQuery = z.input<typeof feedQuery>;

/** POST openCard. */
export const openCardRequest = z.strictObject({ cardId });
