import { z } from 'zod';
import { dbId, pageCursor } from '../schemas/fields.js';
import { SUGGESTION_CATEGORIES, SUGGESTION_ACTIONS, SUGGESTION_LIMITS } from './intelligence-suggestions.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

/* ---------- requests ---------- */

const category = z.enum(SUGGESTION_CATEGORIES, { error: 'intel.suggestion.category' });
export const suggestionListQuery = z.strictObject({
  category,
  /** The previous page's `nextCursor` (the paging kit's format). */
  cursor: pageCursor,
  size: z.coerce.number().int().min(1).max(SUGGESTION_LIMITS.pageSizeMax).default(SUGGESTION_LIMITS.pageSizeDefault),
});
export const suggestionFeedbackRequest = z.strictObject({ id: dbId, action: z.enum(SUGGESTION_ACTIONS, { error: 'field.invalid' }) });
export const suggestionRefreshRequest = z.strictObject({}).optional();
