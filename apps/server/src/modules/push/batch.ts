import { sql } from 'drizzle-orm';
import {
  BATCH_PUSH_LIMITS,
  checkPush,
  EXCLUDED_CARD_SOURCES,
  EXCLUDED_CARD_TEMPLATES,
  type BatchPushCard,
  type BatchPushResult,
  type batchPushCardsQuery,
  type batchPushRequest,
  type MessageKey,
  type PushReceiver,
} from '@field-portal/shared';
import type { z } from 'zod';
import { selectRows, type Db } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { pushCards, type PushDeps } from './service.js';
import { likePattern } from '../../db/like.js';
import { isEmployee } from '../admin/index.js';
import { cardsSource } from '../cards/index.js';

type BatchInput = z.output<typeof batchPushRequest>;

/** A row's problem: 400 unless said otherwise, the row counted from 1 as the table shows it. */
const rowError = (key: MessageKey, index: number, field: string, params: Record<string, string | number> = {}, status = 400) =>
  new AppError(status, key, { row: index + 1, ...params, field: `rows.${index}.${field}` }, `rows.${index}.${field}`);

/** What the push rules of one row answer, as the batch's message for that row. */
const ROW_KEYS: Partial<Record<MessageKey, { key: MessageKey; field: string }>> = {
  'push.unreadTime': { key: 'batchPush.rowUnreadTime', field: 'notReadTime' },
  'push.maxPushTimes': { key: 'batchPush.rowMaxPushTimes', field: 'pushNum' },
  'push.checkList': { key: 'batchPush.rowNoReceivers', field: 'lists' },
};

interface PlannedRow {
  index: number;
  cardId: number;
  receivers: PushReceiver[];
  request: Parameters<typeof pushCards>[2];
}

/** Each list's people, first entry per wwid kept, and the wwids it repeats (reported, as the push dialog does). */
function readLists(input: BatchInput): { receivers: PushReceiver[]; duplicates: string[] }[] {
  return input.lists.map((list) => {
    const seen = new Map<string, PushReceiver>();
    const duplicates = new Set<string>();
    for (const r of list.receiver) {
      if (seen.has(r.receiverId)) duplicates.add(r.receiverId);
      else seen.set(r.receiverId, { receiverId: r.receiverId, receiverName: r.receiverName });
    }
    return { receivers: [...seen.values()], duplicates: [...duplicates] };
  });
}

/**
 * Every rule that needs no database, in the table's order, so the first bad row is the one named:
 * the batch-wide time, then each row's card, lists and must-read options (the push dialog's rules,
 * run through checkPush for each row).
 */
export function planBatch(input: BatchInput, now: number): { rows: PlannedRow[]; lists: ReturnType<typeof readLists> } {
  if (input.lists.length === 0) throw badRequest('batchPush.noLists', 'lists');
  if (input.rows.length === 0) throw badRequest('batchPush.noRows', 'rows');
  const names = new Set<string>();
  for (const list of input.lists) {
    if (names.has(list.name)) throw badRequest('batchPush.listNameRepeated', 'lists', { list: list.name });
    names.add(list.name);
  }
  const lists = readLists(input);
  const firstRowOf = new Map<number, number>();
  const rows: PlannedRow[] = [];
  for (const [index, row] of input.rows.entries()) {
    if (row.cardId === undefined) throw rowError('batchPush.rowNoCard', index, 'cardId');
    const cardId = row.cardId;
    const first = firstRowOf.get(cardId);
    if (first !== undefined) throw rowError('batchPush.rowCardRepeated', index, 'cardId', { id: cardId, first: first + 1 });
    firstRowOf.set(cardId, index);
    if (row.lists.length === 0) throw rowError('batchPush.rowNoList', index, 'lists');
    const missing = row.lists.find((at) => at >= input.lists.length);
    if (missing !== undefined) throw rowError('batchPush.rowListMissing', index, 'lists', { list: missing + 1 });
    // Someone on two of the row's lists gets the card once.
    const union = new Map<string, PushReceiver>();
    for (const at of new Set(row.lists)) for (const r of lists[at]!.receivers) if (!union.has(r.receiverId)) union.set(r.receiverId, r);
    const receivers = [...union.values()];
    const request: PlannedRow['request'] = {
      pushDate: input.pushDate,
      pushInfo: [{ id: cardId, mustRead: row.mustRead, keepOnTop: row.keepOnTop, notReadTime: row.notReadTime, pushNum: row.pushNum }],
      receiver: receivers,
      remark: { scope: 1 },
    };
    const checked = checkPush(request, now);
    if ('key' in checked) {
      const mapped = ROW_KEYS[checked.key];
      if (mapped) throw rowError(mapped.key, index, mapped.field);
      // The time is the batch's own field (select time, not before yesterday).
      throw badRequest(checked.key, checked.field);
    }
    rows.push({ index, cardId, receivers, request });
  }
  return { rows, lists };
}

/** The first wwid of each list that the directory does not know, in list order; undefined when all are known. */
async function firstUnknown(db: Db, input: BatchInput, lists: ReturnType<typeof readLists>): Promise<{ list: string; wwid: string } | undefined> {
  const all = [...new Set(lists.flatMap((l) => l.receivers.map((r) => r.receiverId)))];
  if (all.length === 0) return undefined;
  const unknown = new Set(
    (
      await selectRows<{ wwid: string }>(
        db,
        sql`
        select x.wwid from jsonb_array_elements_text(${JSON.stringify(all)}::jsonb) as x(wwid)
         where not ${isEmployee(sql`x.wwid`)}`,
      )
    ).map((r) => r.wwid),
  );
  if (unknown.size === 0) return undefined;
  for (const [at, list] of lists.entries()) {
    const wwid = list.receivers.find((r) => unknown.has(r.receiverId))?.receiverId;
    if (wwid !== undefined) return { list: input.lists[at]!.name, wwid };
  }
  return undefined;
}

/**
 * The batch: every rule first, then one transaction in which each row is an ordinary push of
 * the push service (its own push id, queue entry and recipients), so the queue, published list,
 * read state and report show it like any other. A row the service refuses rolls the whole batch
 * back, with a message that names the row (docs/decisions/0030).
 */
export async function batchPush(deps: PushDeps, user: CurrentUser, input: BatchInput): Promise<BatchPushResult> {
  const { rows, lists } = planBatch(input, deps.now());
  const unknown = await firstUnknown(deps.db, input, lists);
  if (unknown) throw badRequest('batchPush.listUnknownReceiver', 'lists', unknown);
  // Cards locked in id order, as the push service does, so two batches cannot deadlock.
  const ordered = [...rows].sort((a, b) => a.cardId - b.cardId);
  const pushes = await deps.db.transaction(async (tx) => {
    const inner: PushDeps = { ...deps, db: tx };
    const done: BatchPushResult['pushes'] = [];
    for (const row of ordered) {
      try {
        const result = await pushCards(inner, user, row.request);
        done.push({ row: row.index + 1, cardId: row.cardId, pushId: result.pushId, queueId: result.queue[0]!.queueId, receivers: row.receivers.length });
      } catch (error) {
        if (error instanceof AppError && error.key === 'push.cardNotPushable')
          throw rowError('batchPush.rowCardNotPushable', row.index, 'cardId', { id: row.cardId }, error.statusCode);
        throw error;
      }
    }
    return done;
  });
  return {
    pushes: pushes.sort((a, b) => a.row - b.row),
    lists: input.lists.map((list, at) => ({ name: list.name, receivers: lists[at]!.receivers.length, duplicates: lists[at]!.duplicates })),
  };
}

/** The picker: cards that can be pushed (created or published, never system-generated), newest first, by title. */
export async function pushableCards(db: Db, input: z.output<typeof batchPushCardsQuery>): Promise<BatchPushCard[]> {
  const search = input.search.trim();
  const like = likePattern(search);
  const rows = await selectRows<{ id: number | string; title: string; status: 'created' | 'publish'; create_by: string; create_time: string | Date }>(
    db,
    sql`
    select c.id, coalesce(c.title, '') as title, c.status, c.create_by, c.create_time from ${cardsSource('c')}
     where c.status in ('created', 'publish')
       and c.template not in (select jsonb_array_elements_text(${JSON.stringify(EXCLUDED_CARD_TEMPLATES)}::jsonb))
       and c.source not in (select jsonb_array_elements_text(${JSON.stringify(EXCLUDED_CARD_SOURCES)}::jsonb))
       ${search ? sql`and c.title ilike ${like}` : sql``}
     order by c.create_time desc, c.id desc limit ${Math.min(input.limitNum, BATCH_PUSH_LIMITS.pickerMax)}`,
  );
  return rows.map((r) => ({ id: Number(r.id), title: r.title, status: r.status, createBy: r.create_by, createTime: new Date(r.create_time).toISOString() }));
}
