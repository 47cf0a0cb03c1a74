import { sql, type SQL } from 'drizzle-orm';
import {
  checkPush,
  EXCLUDED_CARD_SOURCES,
  EXCLUDED_CARD_TEMPLATES,
  parsePortalDateTime,
  startOfYesterday,
  type cardListQuery,
  type cancelPushRequest,
  type CardListPage,
  type CardPushInfo,
  type CardRemark,
  type pushCardRequest,
  type pushTopStatusRequest,
  type QueuedCardRecord,
  type ReadStateRow,
} from '@field-portal/shared';
import type { z } from 'zod';
import { selectRows, type Tx } from '../../db/client.js';
import { pushes } from '../../db/schema/index.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/storage.js';
import { employeeNoOfUser, isEmployee, joinEmployee } from '../admin/index.js';
import { cardsSource, deleteCardRows, findCard, findCards, markCardQueued, restoreCardAfterCancel, setCardRemark, toCardRecord } from '../cards/index.js';
import { inArray } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';

export interface PushDeps {
  /** The database, or the transaction of a caller that pushes several cards as one (the batch). */
  db: Tx;
  files: FileStore;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The list total counts at most this many cards (the pager then shows 1,000 pages of 10). */
export const LIST_COUNT_CAP = 10_000;
const DAY = 86_400_000;

/**
 * The ORDER BY of each allowed sort; the request value is only ever a key of this table. The
 * indexes are `DESC NULLS LAST` (drizzle's `.desc()`), so the orders spell out the NULLS that
 * let PostgreSQL walk them (forwards or backwards) instead of sorting every matching card.
 */
const ORDERS: Record<string, SQL> = {
  'create_time DESC': sql`c.create_time desc nulls last, c.id desc nulls last`,
  'create_time ASC': sql`c.create_time asc nulls first, c.id asc nulls first`,
  'last_push_time DESC': sql`c.last_push_time desc nulls last, c.id desc nulls last`,
  'last_push_time ASC': sql`c.last_push_time asc nulls first, c.id asc nulls first`,
};

const jsonList = (values: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

type ListInput = z.output<typeof cardListQuery>;

/**
 * The card lists (spec 000 sections 2, 4 and 7). Status '' is every card but drafts; notPushed
 * is a created card (or a stored notPushed one); top is a published card pinned now.
 * The published, in-queue and top lists always leave system-generated cards out.
 */
export async function listCards(deps: PushDeps, input: ListInput, options: { forceOrder?: string } = {}): Promise<CardListPage> {
  const now = iso(deps.now());
  const where: SQL[] = [];
  switch (input.status) {
    case '':
      where.push(sql`c.status <> 'draft'`);
      break;
    case 'notPushed':
      where.push(sql`c.status in ('created', 'notPushed')`);
      break;
    case 'top':
      where.push(sql`c.status = 'publish' and exists (select 1 from pushes p where p.id = c.queue_id and p.top
        and p.top_start_time <= ${now}::timestamptz and p.top_end_time > ${now}::timestamptz)`);
      break;
    default:
      where.push(sql`c.status = ${input.status}`);
  }
  const search = input.searchParameter?.trim();
  if (search) where.push(sql`c.title ilike ${`%${escapeLike(search)}%`}`);
  if (input.createBy) where.push(sql`c.create_by = ${input.createBy}`);
  if (input.startTime) {
    const start = parsePortalDateTime(input.startTime);
    if (start === undefined) throw badRequest('field.invalid', 'startTime');
    where.push(sql`c.create_time >= ${iso(start)}::timestamptz`);
  }
  if (input.endTime) {
    const end = parsePortalDateTime(input.endTime);
    if (end === undefined) throw badRequest('field.invalid', 'endTime');
    // A bare date means the whole day.
    const exclusive = /^\d{4}-\d{2}-\d{2}$/.test(input.endTime.trim()) ? end + DAY : end + 1;
    where.push(sql`c.create_time < ${iso(exclusive)}::timestamptz`);
  }
  const split = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const excludeSystem = ['publish', 'queue', 'top'].includes(input.status) || input.notTemplate !== undefined || input.notSource !== undefined;
  if (excludeSystem) {
    where.push(sql`c.template not in ${jsonList([...EXCLUDED_CARD_TEMPLATES, ...split(input.notTemplate)])}`);
    where.push(sql`c.source not in ${jsonList([...EXCLUDED_CARD_SOURCES, ...split(input.notSource)])}`);
  }
  const defaultOrder = input.status === 'publish' || input.status === 'top' ? 'last_push_time DESC' : 'create_time DESC';
  const order = ORDERS[options.forceOrder ?? input.orderBy ?? defaultOrder]!;
  const condition = sql.join(where, sql` and `);
  const offset = (input.pageNum - 1) * input.limitNum;
  // Counting stops at LIST_COUNT_CAP matches: an exact count of a million rows costs more than the page (docs/decisions/0004).
  const [countRow] = await selectRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from (select 1 from ${cardsSource('c')} where ${condition} limit ${LIST_COUNT_CAP}) capped`,
  );
  const rows = await selectRows<{ id: number | string }>(
    deps.db,
    sql`select c.id from ${cardsSource('c')} where ${condition} order by ${order} limit ${input.limitNum} offset ${offset}`,
  );
  const ids = rows.map((r) => Number(r.id));
  // At most CARD_LIST_MAX_LIMIT ids: plain parameters, so the planner sees a handful of primary-key lookups.
  const full = await findCards(deps.db, ids);
  const byId = new Map(full.map((row) => [row.id, row]));
  return { total: countRow?.n ?? 0, result: ids.map((id) => toCardRecord(byId.get(id)!)) };
}

/** The queue list: queued cards newest created first, each with the time its push is due. */
export async function listQueuedCards(deps: PushDeps, input: z.output<typeof cardListQuery>): Promise<{ total: number; result: QueuedCardRecord[] }> {
  const page = await listCards(deps, { ...input, status: 'queue' }, { forceOrder: 'create_time DESC' });
  const queueIds = page.result.map((c) => c.queueId).filter((id): id is number => id !== null);
  const due = queueIds.length === 0 ? [] : await deps.db.select({ id: pushes.id, pushDate: pushes.pushDate }).from(pushes).where(inArray(pushes.id, queueIds));
  const dueById = new Map(due.map((row) => [row.id, row.pushDate.toISOString()]));
  return { total: page.total, result: page.result.map((card) => ({ ...card, pushTime: card.queueId === null ? null : (dueById.get(card.queueId) ?? null) })) };
}

/** The remark a card shows for its pin. */
function pinRemark(top: boolean, start: number | null, end: number | null): CardRemark {
  return top && start !== null && end !== null
    ? { top: true, topStartTime: iso(start), topEndTime: iso(end), permanent: false }
    : { top: false, permanent: false };
}

export interface PushResult {
  pushId: number;
  queue: { cardId: number; queueId: number }[];
}

/**
 * pushCard: every rule of spec 000 section 5, then one transaction: the recipients, one
 * queue entry per card, the cards to queue. The scheduler delivers when the time comes.
 */
export async function pushCards(deps: PushDeps, user: CurrentUser, input: z.output<typeof pushCardRequest>): Promise<PushResult> {
  const now = deps.now();
  const checked = checkPush(input, now);
  if ('key' in checked) throw badRequest(checked.key, checked.field);
  const pushAt = iso(checked.pushAt ?? now);
  return deps.db.transaction(async (tx) => {
    // Lock the cards in id order, so two pushes of the same cards cannot deadlock.
    const ids = [...checked.cards.map((c) => c.id)].sort((a, b) => a - b);
    for (const id of ids) {
      const card = await findCard(tx, id, { forUpdate: true });
      if (!card) throw new AppError(404, 'push.cardNotPushable', { id, field: 'pushInfo' }, 'pushInfo');
      if (card.status !== 'created' && card.status !== 'publish') throw new AppError(409, 'push.cardNotPushable', { id, field: 'pushInfo' }, 'pushInfo');
    }
    if (checked.receivers.length > 0) {
      const list = JSON.stringify(checked.receivers.map((r) => ({ wwid: r.receiverId, name: r.receiverName })));
      const [unknown] = await selectRows<{ wwid: string }>(
        tx,
        sql`
        select x.wwid from jsonb_to_recordset(${list}::jsonb) as x(wwid text, name text)
         where not ${isEmployee(sql`x.wwid`)} limit 1`,
      );
      if (unknown) throw new AppError(400, 'push.unknownReceiver', { wwid: unknown.wwid, field: 'receiver' }, 'receiver');
    }
    const [idRow] = await selectRows<{ id: number | string }>(tx, sql`select nextval('push_id_seq') as id`);
    const pushId = Number(idRow!.id);
    if (checked.receivers.length > 0) {
      const list = JSON.stringify(checked.receivers.map((r) => ({ wwid: r.receiverId, name: r.receiverName })));
      await tx.execute(sql`
        insert into push_recipients (push_id, wwid, name)
        select ${pushId}, x.wwid, coalesce(e.name, x.name, '') from jsonb_to_recordset(${list}::jsonb) as x(wwid text, name text)
          ${joinEmployee('e', sql`x.wwid`)}
        on conflict do nothing`);
    }
    const pin = checked.pin;
    const topStart = pin.top ? iso(pin.start) : null;
    const topEnd = pin.top ? iso(pin.end) : null;
    const remark = { ...checked.remark, scope: checked.scope };
    const queue: PushResult['queue'] = [];
    for (const card of checked.cards) {
      const [row] = await selectRows<{ id: number | string }>(
        tx,
        sql`
        insert into pushes (push_id, card_id, push_date, scope, remark, must_read, keep_on_top, not_read_time, push_num, created_by, created_at,
                            top, top_start_time, top_end_time, permanent)
        values (${pushId}, ${card.id}, ${pushAt}::timestamptz, ${checked.scope}, ${JSON.stringify(remark)}::jsonb, ${card.mustRead}, ${card.keepOnTop},
                ${card.notReadTime}, ${card.pushNum}, ${user.username}, ${iso(now)}::timestamptz,
                ${pin.top}, ${topStart}::timestamptz, ${topEnd}::timestamptz, false)
        returning id`,
      );
      const queueId = Number(row!.id);
      queue.push({ cardId: card.id, queueId });
      await markCardQueued(tx, card.id, {
        pushId,
        queueId,
        remark: pinRemark(pin.top, pin.top ? pin.start : null, pin.top ? pin.end : null),
        at: new Date(now),
      });
    }
    return { pushId, queue };
  });
}

interface PushRow {
  id: number | string;
  push_id: number | string;
  card_id: number | string;
  status: string;
}

async function lockPush(tx: Tx, queueId: number): Promise<PushRow | undefined> {
  const [row] = await selectRows<PushRow>(tx, sql`select id, push_id, card_id, status from pushes where id = ${queueId} for update`);
  return row;
}

/** cardCancelPush: only while queued; the card goes back to where it was (created, or publish if pushed before). */
export async function cancelPush(deps: PushDeps, input: z.output<typeof cancelPushRequest>): Promise<void> {
  const at = iso(deps.now());
  await deps.db.transaction(async (tx) => {
    const push = await lockPush(tx, input.queueId);
    if (!push || Number(push.push_id) !== input.pushId) throw notFound();
    if (push.status !== 'queued') throw conflict('push.notQueued');
    await tx.execute(sql`update pushes set status = 'cancelled', cancelled_at = ${at}::timestamptz where id = ${input.queueId}`);
    // The card points back at its last fired entry, if it has one.
    const [last] = await selectRows<{
      id: number | string;
      push_id: number | string;
      top: boolean;
      top_start_time: string | null;
      top_end_time: string | null;
    }>(
      tx,
      sql`
      select p.id, p.push_id, p.top, p.top_start_time::text as top_start_time, p.top_end_time::text as top_end_time from pushes p
       where p.card_id = ${Number(push.card_id)} and p.status = 'fired' order by p.id desc limit 1`,
    );
    const lastFired = last && {
      id: Number(last.id),
      pushId: Number(last.push_id),
      top: last.top,
      topStartTime: last.top_start_time,
      topEndTime: last.top_end_time,
    };
    await restoreCardAfterCancel(tx, Number(push.card_id), input.queueId, lastFired, at);
  });
}

/** pushTopStatus: pin (with a period) or unpin a published card's current push. */
export async function setPin(deps: PushDeps, input: z.output<typeof pushTopStatusRequest>): Promise<CardRemark> {
  const now = deps.now();
  let start: number | null = null;
  let end: number | null = null;
  if (input.status) {
    start = parsePortalDateTime(input.topStartTime) ?? null;
    end = parsePortalDateTime(input.topEndTime) ?? null;
    if (start === null || end === null) throw badRequest('push.selectPinPeriod', 'topStartTime');
    if (start < startOfYesterday(now) || end <= start) throw badRequest('push.pinPeriodInvalid', 'topEndTime');
  }
  return deps.db.transaction(async (tx) => {
    const push = await lockPush(tx, input.queueId);
    if (!push) throw notFound();
    const card = await findCard(tx, Number(push.card_id), { forUpdate: true });
    if (!card || push.status !== 'fired' || card.status !== 'publish' || card.queueId !== Number(push.id)) throw conflict('push.notPublished');
    await tx.execute(sql`
      update pushes set top = ${input.status}, top_start_time = ${start === null ? null : iso(start)}::timestamptz,
             top_end_time = ${end === null ? null : iso(end)}::timestamptz, permanent = false
       where id = ${input.queueId}`);
    const remark = pinRemark(input.status, start, end);
    await setCardRemark(tx, card.id, remark, new Date(now));
    return remark;
  });
}

/**
 * deleteCard: the creator only, and only a draft or created card (never publish or queue).
 * The card's rows go in one transaction; the stored bytes after it commits.
 */
export async function deleteCard(deps: PushDeps, user: CurrentUser, id: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const card = await findCard(tx, id, { forUpdate: true });
    if (!card) throw notFound();
    if (card.createBy !== user.username) throw forbidden();
    if (card.status === 'publish' || card.status === 'queue') throw conflict('card.deleteRefused');
    // Deliveries have no foreign key (docs/decisions/0004); the card's queue entries go by cascade.
    await tx.execute(sql`delete from deliveries where queue_id in (select id from pushes where card_id = ${id})`);
    return deleteCardRows(tx, id);
  });
  for (const key of keys) await deps.files.remove(key);
}

/** The queue entry whose read state a card shows: its latest fired push, with its delivery count. */
async function latestFiredEntry(db: Tx, cardId: number): Promise<{ id: number; delivered: number } | undefined> {
  const [row] = await selectRows<{ id: number | string; delivered_count: number }>(
    db,
    sql`select id, delivered_count from pushes where card_id = ${cardId} and status = 'fired' order by id desc limit 1`,
  );
  return row ? { id: Number(row.id), delivered: row.delivered_count } : undefined;
}

async function latestFired(db: Tx, cardId: number): Promise<number | undefined> {
  return (await latestFiredEntry(db, cardId))?.id;
}

interface DeliveryRow {
  wwid: string;
  name: string;
  first_open_time: string | Date | null;
}

const toReadState = (row: DeliveryRow): ReadStateRow => ({
  receiverId: row.wwid,
  receiverName: row.name,
  event: row.first_open_time ? 1 : 0,
  firstOpenTime: row.first_open_time ? new Date(row.first_open_time).toISOString() : null,
});

/** cardPushInfo: the read state of the card's latest push, by receiver id (primary key order). */
export async function cardPushInfo(deps: PushDeps, input: { cardId: number; pageNum: number; limitNum: number }): Promise<CardPushInfo> {
  const entry = await latestFiredEntry(deps.db, input.cardId);
  if (entry === undefined) return { status: 200, data: [], total: 0 };
  const queueId = entry.id;
  const rows = await selectRows<DeliveryRow>(
    deps.db,
    sql`
    select wwid, name, first_open_time from deliveries where queue_id = ${queueId}
     order by wwid limit ${input.limitNum} offset ${(input.pageNum - 1) * input.limitNum}`,
  );
  // Deliveries are only ever added when the entry fires, so its count is the total.
  return { status: 200, data: rows.map(toReadState), total: entry.delivered };
}

/** Every read-state row of the card's latest push, in keyset batches (for the export). */
export async function* readStateBatches(deps: PushDeps, cardId: number, batch = 5000): AsyncGenerator<ReadStateRow[]> {
  const queueId = await latestFired(deps.db, cardId);
  if (queueId === undefined) return;
  let after = '';
  for (;;) {
    const rows = await selectRows<DeliveryRow>(
      deps.db,
      sql`
      select wwid, name, first_open_time from deliveries where queue_id = ${queueId} and wwid > ${after} order by wwid limit ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toReadState);
    after = rows[rows.length - 1]!.wwid;
  }
}

/** readCard: the signed-in employee opened a card; the first open is kept. */
export async function markRead(deps: PushDeps, user: CurrentUser, cardId: number): Promise<{ updated: number }> {
  const rows = await selectRows<{ n: number }>(
    deps.db,
    sql`
    with u as (
      update deliveries d set first_open_time = ${iso(deps.now())}::timestamptz, next_send_at = null
       where d.wwid = ${employeeNoOfUser(user.id)} and d.first_open_time is null
         and d.queue_id in (select p.id from pushes p where p.card_id = ${cardId})
      returning 1)
    select count(*)::int as n from u`,
  );
  return { updated: rows[0]?.n ?? 0 };
}
