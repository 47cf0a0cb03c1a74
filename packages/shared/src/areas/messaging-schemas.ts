import { z } from 'zod';
import { dbText, intText, pageNumber } from '../schemas/fields.js';
import { MESSAGING_LIMITS } from './messaging.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const page = pageNumber(0);
const size = intText.pipe(z.number().int().min(1).max(MESSAGING_LIMITS.pageSizeMax)).default(MESSAGING_LIMITS.pageSizeDefault);
const username = dbText(64).min(1);
const id = intText.pipe(
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
);

export const unreadCountQuery = z.strictObject({ username });
export const conversationListQuery = z.strictObject({ page, size, username });
export const todayMessagesQuery = z.strictObject({
  page,
  size,
  /** Start of today, epoch milliseconds or ISO 8601; messages created since then. */
  startTime: z.union([z.number().int().min(0), dbText(40).min(1)]),
  username,
});
export const chatPageQuery = z.strictObject({ page, size });
export const chatMessagesQuery = z.strictObject({ conversationId: id, page, size });
export const chatIdParams = z.strictObject({ id });
export const chatOpenRequest = z.strictObject({ username });
export const chatSendRequest = z.strictObject({
  text: z
    .string({ message: 'messaging.textRequired' })
    .trim()
    .min(1, { message: 'messaging.textRequired' })
    .max(MESSAGING_LIMITS.textMax, { message: 'messaging.textTooLong' }),
});
export const chatReadRequest = z.strictObject({ conversationId: id });
/** The username header of the chat calls. */
export const usernameHeaders = z.object({
  username: z.string({ message: 'messaging.usernameHeaderRequired' }).trim().min(1, { message: 'messaging.usernameHeaderRequired' }).max(64),
});
