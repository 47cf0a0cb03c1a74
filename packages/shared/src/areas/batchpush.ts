import { z } from 'zod';
import type { MessageText } from '../messages.js';
import { PUSH_LIMITS } from '../push.js';
import { cardId } from '../cards.js';
import { dbText } from '../schemas/fields.js';

/**
 * Batch push (/batchPush/batchPushIndex, spec 001 section 2.4; docs/decisions/0030): several
 * cards, each pushed to one or more uploaded recipient lists, queued in one request and one
 * transaction through the push service. Each row becomes one ordinary push.
 */

const XJP = '/API-XJP/IdataCardInfo/batchPush';

export const BATCH_PUSH_PATHS = {
  /** GET ?search=&limitNum=: the cards that can be pushed (created or published), newest first. */
  cards: `${XJP}/cards`,
  /** POST multipart/form-data: one recipient list, read as the push dialog reads it. */
  uploadReceiverList: `${XJP}/uploadReceiverList`,
  /** POST the batch (batchPushRequest). */
  push: `${XJP}/push`,
} as const;

/** The menu grant every batch-push call needs (seed/menus.ts: other → batchPushIndex). */
export const BATCH_PUSH_AUTHORITY = 'other:batchPushIndex';

export const BATCH_PUSH_LIMITS = {
  /** Rows (cards) in one batch: as many cards as one push may carry. */
  rowsMax: PUSH_LIMITS.cardsPerPush,
  /** Recipient lists in one batch (ours: the spec is silent). */
  listsMax: 20,
  listNameMax: 100,
  /** Every list together holds at most as many people as one push may reach. */
  receiversMax: PUSH_LIMITS.receiversMax,
  /** The card picker answers at most this many cards per search. */
  pickerMax: 50,
} as const;

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
  /** The card's id, as the push dialog sends it. */
  cardId,
  /** Indexes into `lists`: the card goes to everyone on these lists (once each). */
  lists: z.array(z.number().int().min(0).max(BATCH_PUSH_LIMITS.listsMax - 1)).max(BATCH_PUSH_LIMITS.listsMax),
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

/** A card the picker offers. */
export interface BatchPushCard {
  id: number;
  title: string;
  status: 'created' | 'publish';
  createBy: string;
  createTime: string;
}

/** What a batch answers: one ordinary push per row, and what each list came to. */
export interface BatchPushResult {
  pushes: { row: number; cardId: number; pushId: number; queueId: number; receivers: number }[];
  lists: { name: string; receivers: number; duplicates: string[] }[];
}

/** Messages name the row (1-based, as the table shows it) or the list, and the field. */
export const BATCH_PUSH_MESSAGES = {
  'batchPush.noRows': { zh: '请至少添加一行(卡片和名单)', en: 'Add at least one row (a card and its lists)' },
  'batchPush.noLists': { zh: '请至少上传一个名单', en: 'Upload at least one recipient list' },
  'batchPush.tooManyReceivers': { zh: `所有名单合计最多 ${PUSH_LIMITS.receiversMax} 人`, en: `All lists together can hold at most ${PUSH_LIMITS.receiversMax} people` },
  'batchPush.rowCardRepeated': { zh: '第 {row} 行 卡片:卡片 {id} 已在第 {first} 行', en: 'Row {row}, card: card {id} is already in row {first}' },
  'batchPush.rowCardNotPushable': { zh: '第 {row} 行 卡片:卡片 {id} 不能推送,只能推送已创建或已发布的卡片', en: 'Row {row}, card: card {id} cannot be pushed; only created or published cards can be pushed' },
  'batchPush.rowNoList': { zh: '第 {row} 行 名单:请选择至少一个名单', en: 'Row {row}, lists: choose at least one list' },
  'batchPush.rowListMissing': { zh: '第 {row} 行 名单:第 {list} 个名单不存在', en: 'Row {row}, lists: list {list} does not exist' },
  'batchPush.rowNoReceivers': { zh: '第 {row} 行 名单:所选名单中没有人员', en: 'Row {row}, lists: the chosen lists have nobody on them' },
  'batchPush.rowUnreadTime': { zh: '第 {row} 行 未读时间:请正确填写未读时间', en: 'Row {row}, unread time: fill in unread time correctly' },
  'batchPush.rowMaxPushTimes': { zh: '第 {row} 行 最大推送次数:请正确填写最大推送次数', en: 'Row {row}, max push times: fill in max push times correctly' },
  'batchPush.listNameRepeated': { zh: '名单“{list}”重复', en: 'The list "{list}" appears twice' },
  'batchPush.listUnknownReceiver': { zh: '名单“{list}”:员工 {wwid} 不在通讯录中', en: 'List "{list}": employee {wwid} is not in the directory' },
  'batchPush.ok': { zh: '已加入推送队列:{n} 张卡片', en: 'Queued: {n} cards' },
} as const satisfies Record<string, MessageText>;
