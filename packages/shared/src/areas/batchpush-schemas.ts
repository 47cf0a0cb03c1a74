import { z } from 'zod';
import { cardId } from './cards-schemas.js';
import { dbText } from '../schemas/fields.js';
import { BATCH_PUSH_LIMITS } from './batchpush.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);
const positiveIntish = z.union([z.number(), dbText(12)]);

export const batchPushReceiver = z.strictObject({
  receiverId: dbText(64).pipe(z.string().min(1)),
  receiverName: dbText(128).default(''),
});

export const batchPushList = z.strictObject({
  /** What the operator calls the list (its file name by default); messages name it. */
  name: dbText(BATCH_PUSH_LIMITS.listNameMax).pipe(z.string().min(1)),
  receiver: z.array(batchPushReceiver).max(BATCH_PUSH_LIMITS.receiversMax),
});

export const batchPushRow = z.strictObject({
  /** The card's id, as the push dialog sends it; a row without one is named in the message. */
  cardId: cardId.optional(),
  /** Indexes into `lists`: the card goes to everyone on these lists (once each). */
  lists: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(BATCH_PUSH_LIMITS.listsMax - 1),
    )
    .max(BATCH_PUSH_LIMITS.listsMax),
  mustRead: flag.optional(),
  keepOnTop: flag.optional(),
  notReadTime: positiveIntish.optional(),
  pushNum: positiveIntish.optional(),
});

/** POST push: '0' or 0 sends at once, otherwise a date-time, as the push dialog sends it. */
export const batchPushRequest = z
  .strictObject({
    pushDate: z.union([z.number(), dbText(40)]).optional(),
    lists: z.array(batchPushList).max(BATCH_PUSH_LIMITS.listsMax),
    rows: z.array(batchPushRow).max(BATCH_PUSH_LIMITS.rowsMax),
  })
  .refine((body) => body.lists.reduce((n, list) => n + list.receiver.length, 0) <= BATCH_PUSH_LIMITS.receiversMax, {
    message: 'batchPush.tooManyReceivers',
    path: ['lists'],
  });
export type BatchPushRequest = z.input<typeof batchPushRequest>;

export const batchPushCardsQuery = z.strictObject({
  search: dbText(100).default(''),
  limitNum: z.coerce.number().int().min(1).max(BATCH_PUSH_LIMITS.pickerMax).default(BATCH_PUSH_LIMITS.pickerMax),
});
