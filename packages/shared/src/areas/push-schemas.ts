import { z } from 'zod';
import { cardId } from './cards-schemas.js';
import type { MessageKey } from '../messages.js';
import { scanJsonText } from '../input-limits.js';
import { CARD_LIST_ORDERS, CARD_LIST_MAX_LIMIT, PUSH_LIMITS, parsePortalDateTime, startOfYesterday } from './push.js';
import { intText, pageNumber } from '../schemas/fields.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const dateTimeText = z.string().max(40);

/** GET list / queueList (spec 000 section 7). */
export const cardListQuery = z.strictObject({
  limitNum: intText.pipe(z.number().int().min(1).max(CARD_LIST_MAX_LIMIT)).default(10),
  pageNum: pageNumber(1),
  searchParameter: z.string().max(100).optional(),
  status: z.enum(['', 'draft', 'created', 'publish', 'notPushed', 'queue', 'top']).default(''),
  createBy: z.string().max(64).optional(),
  startTime: dateTimeText.optional(),
  endTime: dateTimeText.optional(),
  orderBy: z.enum(CARD_LIST_ORDERS).optional(),
  notTemplate: z.string().max(200).optional(),
  notSource: z.string().max(500).optional(),
  mustRead: booleanish.optional(),
});
export type CardListQuery = z.input<typeof cardListQuery>;

/** pushDate: '0' or 0 sends immediately; otherwise a date-time. */
const pushDate = z.union([z.number(), z.string().max(40)]);
const positiveIntish = z.union([z.number(), z.string().max(12)]);

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]);

export const pushInfoEntry = z.strictObject({
  id: cardId,
  mustRead: flag.optional(),
  /** Must-read only: the card stays on top of the recipient's feed while unread (spec 000 section 2). */
  keepOnTop: flag.optional(),
  notReadTime: positiveIntish.optional(),
  pushNum: positiveIntish.optional(),
});

export const pushReceiver = z.strictObject({
  receiverId: z.string().min(1).max(64),
  receiverName: z.string().max(128).default(''),
});
export type PushReceiver = z.infer<typeof pushReceiver>;

/** The remark of a push: scope and pin (spec 000 sections 2 and 3). */
export const pushRemark = z.object({
  scope: z.union([z.literal(0), z.literal(1), z.literal(2), z.enum(['0', '1', '2']).transform(Number)]).default(0),
  top: z.boolean().default(false),
  topStartTime: z.string().max(40).optional(),
  topEndTime: z.string().max(40).optional(),
  permanent: z.literal(false).default(false),
});
export type PushRemark = z.infer<typeof pushRemark>;

/** POST pushCard (spec 000 sections 3 and 7). The remark may come as JSON text or an object. */
export const pushCardRequest = z.strictObject({
  pushDate: pushDate.optional(),
  pushInfo: z.array(pushInfoEntry).max(PUSH_LIMITS.cardsPerPush).default([]),
  receiver: z.array(pushReceiver).max(PUSH_LIMITS.receiversMax).default([]),
  remark: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
});
export type PushCardRequest = z.input<typeof pushCardRequest>;

const isImmediate = (value: string | number | undefined) => value === 0 || value === '0';

function positiveInt(value: string | number | undefined, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= max ? n : undefined;
}

/** A push as the server stores it, once every rule has passed. */
export interface CheckedPush {
  /** Epoch ms; null means "send immediately". */
  pushAt: number | null;
  cards: { id: number; mustRead: boolean; keepOnTop: boolean; notReadTime: number; pushNum: number }[];
  scope: 0 | 1 | 2;
  receivers: PushReceiver[];
  pin: { top: false } | { top: true; start: number; end: number };
  remark: PushRemark;
}

/** Why a push request is refused: the message and the field it names. */
export interface PushProblem {
  key: MessageKey;
  field: string;
}

/** The remark as an object, from JSON text or an object; undefined when it is neither. */
export function readPushRemark(value: unknown): PushRemark | PushProblem {
  let raw: unknown = value ?? {};
  if (typeof raw === 'string') {
    if (raw.trim() === '') raw = {};
    // Measured before it is parsed, as a JSON body is (docs/decisions/0037).
    else if (scanJsonText(raw) === 'depth') return { key: 'field.tooDeep', field: 'remark' };
    else {
      try {
        raw = JSON.parse(raw);
      } catch {
        return { key: 'push.remarkInvalid', field: 'remark' };
      }
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { key: 'push.remarkInvalid', field: 'remark' };
  const parsed = pushRemark.safeParse(raw);
  if (!parsed.success) {
    const path = parsed.error.issues[0]!.path.map(String).join('.');
    return { key: path === 'scope' ? 'push.scopeInvalid' : path === 'permanent' ? 'push.permanentUnsupported' : 'push.remarkInvalid', field: `remark.${path}` };
  }
  return parsed.data;
}

/** Every push rule of spec 000 section 5, in the dialog's order; the first one broken, or the checked push. */
export function checkPush(input: z.output<typeof pushCardRequest>, now: number): PushProblem | CheckedPush {
  if (input.pushInfo.length === 0) return { key: 'push.selectCard', field: 'pushInfo' };
  const seen = new Set<number>();
  for (const entry of input.pushInfo) {
    if (seen.has(entry.id)) return { key: 'push.selectCard', field: 'pushInfo' };
    seen.add(entry.id);
  }
  if (input.pushDate === undefined || input.pushDate === '') return { key: 'push.selectTime', field: 'pushDate' };
  let pushAt: number | null = null;
  if (!isImmediate(input.pushDate)) {
    const at = parsePortalDateTime(input.pushDate);
    if (at === undefined) return { key: 'push.selectTime', field: 'pushDate' };
    if (at < startOfYesterday(now)) return { key: 'push.timeTooEarly', field: 'pushDate' };
    pushAt = at;
  }
  const cards: CheckedPush['cards'] = [];
  for (const [i, entry] of input.pushInfo.entries()) {
    const mustRead = entry.mustRead === true || entry.mustRead === 1;
    let notReadTime: number = PUSH_LIMITS.defaultNotReadTime;
    let pushNum: number = PUSH_LIMITS.defaultPushNum;
    if (mustRead) {
      const hours = positiveInt(entry.notReadTime, PUSH_LIMITS.notReadTimeMax);
      if (hours === undefined) return { key: 'push.unreadTime', field: `pushInfo.${i}.notReadTime` };
      const times = positiveInt(entry.pushNum, PUSH_LIMITS.pushNumMax);
      if (times === undefined) return { key: 'push.maxPushTimes', field: `pushInfo.${i}.pushNum` };
      notReadTime = hours;
      pushNum = times;
    }
    // Keep-on-top is one of the must-read options: without must-read it means nothing.
    const keepOnTop = mustRead && (entry.keepOnTop === true || entry.keepOnTop === 1);
    cards.push({ id: entry.id, mustRead, keepOnTop, notReadTime, pushNum });
  }
  const remark = readPushRemark(input.remark);
  if ('key' in remark) return remark;
  let pin: CheckedPush['pin'] = { top: false };
  if (remark.top) {
    const start = parsePortalDateTime(remark.topStartTime);
    const end = parsePortalDateTime(remark.topEndTime);
    if (start === undefined || end === undefined) return { key: 'push.selectPinPeriod', field: 'remark.topStartTime' };
    if (start < startOfYesterday(now) || end <= start) return { key: 'push.pinPeriodInvalid', field: 'remark.topEndTime' };
    pin = { top: true, start, end };
  }
  const scope = remark.scope as 0 | 1 | 2;
  if (scope === 1 && input.receiver.length === 0) return { key: 'push.checkList', field: 'receiver' };
  if (scope === 2 && input.receiver.length === 0) return { key: 'push.addPersons', field: 'receiver' };
  // All staff ignores any list sent along; a list keeps its first entry per wwid.
  const receivers =
    scope === 0
      ? []
      : [...new Map(input.receiver.map((r) => [r.receiverId.trim(), { receiverId: r.receiverId.trim(), receiverName: r.receiverName }])).values()];
  return { pushAt, cards, scope, receivers, pin, remark };
}

/** POST cardCancelPush. */
export const cancelPushRequest = z.strictObject({ pushId: cardId, queueId: cardId });

/** POST pushTopStatus (spec 000 section 3, top settings). */
export const pushTopStatusRequest = z.strictObject({
  queueId: cardId,
  status: booleanish,
  topStartTime: z.string().max(40).optional(),
  topEndTime: z.string().max(40).optional(),
  permanent: z.literal(false, { error: 'push.permanentUnsupported' satisfies MessageKey }).default(false),
});

export const cardPushInfoQuery = z.strictObject({
  cardId,
  pageNum: pageNumber(1),
  limitNum: intText.pipe(z.number().int().min(1).max(1000)).default(10),
});

/** Employee directory search (spec 000 section 7). */
export const directorySearchQuery = z.strictObject({
  page: pageNumber(0),
  limit: intText.pipe(z.number().int().min(1).max(PUSH_LIMITS.searchLimitMax)).default(PUSH_LIMITS.searchLimitMax),
  search: z.string().max(100).default(''),
  amsNumber: z.string().max(64).default(''),
  realm: z.string().max(64).optional(),
  username: z.string().max(64).optional(),
});

export const directoryByWwidsRequest = z.strictObject({
  wwids: z.array(z.string().min(1).max(64)).max(PUSH_LIMITS.searchLimitMax),
});

/** What uploadReceiverList answers: the recipients found, wwids not in the directory, wwids listed twice. */
export interface ReceiverListUpload {
  receiver: PushReceiver[];
  unknown: string[];
  duplicates: string[];
}

/** GET pushReport: deliveries by push time (date range), card BU and card id (spec 000 section 2). */
export const pushReportQuery = z.strictObject({
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  bu: z.string().max(64).optional(),
  cardId: z.union([z.literal(''), cardId]).optional(),
  pageNum: pageNumber(1),
  limitNum: intText.pipe(z.number().int().min(1).max(CARD_LIST_MAX_LIMIT)).default(10),
});
