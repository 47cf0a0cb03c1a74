import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVITY_LIMITS,
  isEffectiveVisit,
  VISIT_CHANNELS,
  VISIT_STATUS,
  VISIT_TYPE,
  visitStatusCode,
  visitTypeCode,
  type ActivityPage,
  type addVisitActivityRequest,
  type addVisitRecordListRequest,
  type addVisitRecordRequest,
  type RecordTypeCount,
  type TaskItem,
  type VisitChannel,
  type VisitItem,
  type visitListQuery,
  type teamVisitCountQuery,
  type teamVisitListQuery,
  type TeamVisitPage,
  type ActivityCount,
  type VisitProduct,
} from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { doctorInScope, doctorScopeCondition, doctorsInScope } from './doctors.js';
import { afterKey, asTotal, countUpTo, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import { teamIdsSql } from '../admin/index.js';
import { rowPeople } from './people.js';
import { checkRange, completeTaskByVisit, createTask, endOfDay, requireOwnTask, requireSelfOrTeam, type ActivityDeps } from './tasks.js';

export interface VisitRow {
  id: number;
  user_id: number;
  doctor_id: number;
  visit_at: Date | string;
  channel: VisitChannel;
  status: number;
  type: number;
  group_id: string | null;
  purpose: string;
  feedback: string;
  next_step: string;
  duration_seconds: number | null;
  effective: boolean;
  task_id: number | null;
  call_id: string | null;
  submitted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const VISIT_COLUMNS = sql`v.id, v.user_id, v.doctor_id, v.visit_at, v.channel, v.status, v.type, v.group_id, v.purpose, v.feedback, v.next_step,
  v.duration_seconds, v.effective, v.task_id, v.call_id, v.submitted_at, v.created_at, v.updated_at`;
const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** Products and key messages of the visits, by visit id. */
async function productsOf(db: Tx, ids: number[]): Promise<Map<number, VisitProduct[]>> {
  const out = new Map<number, VisitProduct[]>();
  if (ids.length === 0) return out;
  const rows = await selectRows<{ visit_id: number; product: string; messages: string[] | null }>(
    db,
    sql`select p.visit_id, p.product, array_remove(array_agg(k.message order by k.sort, k.id), null) as messages
          from visit_products p left join visit_key_messages k on k.visit_product_id = p.id
         where p.visit_id = any(${sql.param(ids)}::int[])
         group by p.id order by p.visit_id, p.sort, p.id`,
  );
  for (const r of rows) {
    const list = out.get(r.visit_id) ?? [];
    list.push({ product: r.product, keyMessages: r.messages ?? [] });
    out.set(r.visit_id, list);
  }
  return out;
}

/** Visit rows as the API answers them to `reader` (the doctor named in the reader's scope). */
export async function visitItems(db: Tx, reader: CurrentUser, rows: VisitRow[]): Promise<VisitItem[]> {
  const ids = rows.map((r) => r.id);
  const [products, people] = await Promise.all([productsOf(db, ids), rowPeople(db, reader, rows)]);
  return rows.map((r) => ({
    id: r.id,
    ...people(r),
    visitTime: iso(r.visit_at),
    channel: r.channel,
    status: Number(r.status),
    type: Number(r.type),
    groupId: r.group_id,
    purpose: r.purpose,
    feedback: r.feedback,
    nextStep: r.next_step,
    durationSeconds: r.duration_seconds,
    effective: r.effective,
    products: products.get(r.id) ?? [],
    taskId: r.task_id,
    callId: r.call_id,
    submittedAt: isoOrNull(r.submitted_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

type VisitFields = Omit<z.output<typeof addVisitRecordRequest>, 'id' | 'doctorId'>;

function checkVisitTime(deps: ActivityDeps, visitTime: number) {
  if (visitTime > endOfDay(deps.now())) throw badRequest('activity.visitFuture', 'visitTime');
}

/** Inserts the product and key-message child rows of many visits with two statements. */
async function insertProducts(tx: Tx, visitIds: number[], products: VisitProduct[]) {
  if (products.length === 0 || visitIds.length === 0) return;
  const values = visitIds.flatMap((visitId) => products.map((p, sort) => sql`(${visitId}, ${p.product}, ${sort})`));
  const inserted = await selectRows<{ id: number; visit_id: number; sort: number }>(
    tx,
    sql`insert into visit_products (visit_id, product, sort) values ${sql.join(values, sql`, `)} returning id, visit_id, sort`,
  );
  const messages = inserted.flatMap((row) => products[row.sort]!.keyMessages.map((message, sort) => sql`(${row.id}, ${message}, ${sort})`));
  if (messages.length > 0) await tx.execute(sql`insert into visit_key_messages (visit_product_id, message, sort) values ${sql.join(messages, sql`, `)}`);
}

function effectiveOf(
  fields: { status: number; channel: VisitChannel; durationSeconds: number | null; products: VisitProduct[] },
  type: number = VISIT_TYPE.manual,
) {
  return isEffectiveVisit({ ...fields, type });
}

/**
 * Inserts visits of one representative to several doctors (one row per doctor; a group visit
 * shares a group id) with their child rows; completes the planned-visit task on submit.
 */
async function insertVisits(
  tx: Tx,
  deps: ActivityDeps,
  user: CurrentUser,
  doctorIds: number[],
  fields: VisitFields,
  groupId: string | null,
): Promise<VisitRow[]> {
  const now = new Date(deps.now()).toISOString();
  const submitted = fields.status === VISIT_STATUS.submitted;
  const effective = effectiveOf(fields);
  const values = doctorIds.map(
    (doctorId) =>
      sql`(${user.id}, ${doctorId}, ${new Date(fields.visitTime).toISOString()}, ${fields.channel}, ${fields.status}, ${VISIT_TYPE.manual}, ${groupId}::uuid,
           ${fields.purpose}, ${fields.feedback}, ${fields.nextStep}, ${fields.durationSeconds}, ${effective}, ${fields.taskId}, ${submitted ? now : null}, ${now}, ${now})`,
  );
  const rows = await selectRows<VisitRow>(
    tx,
    sql`insert into visit_records as v (user_id, doctor_id, visit_at, channel, status, type, group_id, purpose, feedback, next_step, duration_seconds, effective, task_id, submitted_at, created_at, updated_at)
        values ${sql.join(values, sql`, `)} returning ${VISIT_COLUMNS}`,
  );
  await insertProducts(
    tx,
    rows.map((r) => r.id),
    fields.products,
  );
  if (submitted && fields.taskId) await completeTaskByVisit(tx, user.id, fields.taskId, rows[0]!.id, deps.now());
  return rows;
}

/** The rules before a manual record is written: time not after today, the doctors in scope, the task the caller's. */
async function checkVisitInput(tx: Tx, deps: ActivityDeps, user: CurrentUser, fields: VisitFields) {
  checkVisitTime(deps, fields.visitTime);
  if (fields.taskId) await requireOwnTask(tx, user, fields.taskId);
}

/** addVisitRecord: a new record, or a save (or submit) of the caller's unsubmitted manual record. */
export async function saveVisit(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof addVisitRecordRequest>): Promise<VisitItem> {
  const { id, doctorId, ...fields } = body;
  const row = await deps.db.transaction(async (tx) => {
    await checkVisitInput(tx, deps, user, fields);
    await doctorInScope(tx, user, doctorId);
    if (id === undefined) return (await insertVisits(tx, deps, user, [doctorId], fields, null))[0]!;
    const [current] = await selectRows<VisitRow>(tx, sql`select ${VISIT_COLUMNS} from visit_records v where v.id = ${id} for update`);
    if (!current) throw notFound();
    // Another user's record is not told apart from a missing one (its id cannot be confirmed).
    if (current.user_id !== user.id) throw notFound();
    if (Number(current.type) === VISIT_TYPE.system) throw new AppError(409, 'activity.visitSystem', { field: 'id' }, 'id');
    if (Number(current.status) === VISIT_STATUS.submitted) throw new AppError(409, 'activity.visitSubmitted', { field: 'id' }, 'id');
    const now = new Date(deps.now()).toISOString();
    const submitted = fields.status === VISIT_STATUS.submitted;
    const [updated] = await selectRows<VisitRow>(
      tx,
      sql`update visit_records v set doctor_id = ${doctorId}, visit_at = ${new Date(fields.visitTime).toISOString()}, channel = ${fields.channel}, status = ${fields.status},
            purpose = ${fields.purpose}, feedback = ${fields.feedback}, next_step = ${fields.nextStep}, duration_seconds = ${fields.durationSeconds},
            effective = ${effectiveOf(fields)}, task_id = ${fields.taskId}, submitted_at = ${submitted ? now : null}, updated_at = ${now}
          where v.id = ${id} returning ${VISIT_COLUMNS}`,
    );
    await tx.execute(sql`delete from visit_products where visit_id = ${id}`);
    await insertProducts(tx, [id], fields.products);
    if (submitted && fields.taskId) await completeTaskByVisit(tx, user.id, fields.taskId, id, deps.now());
    return updated!;
  });
  return (await visitItems(deps.db, user, [row]))[0]!;
}

/** addVisitRecordList: a group visit, one row per doctor, in one transaction. */
export async function saveVisitList(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof addVisitRecordListRequest>): Promise<VisitItem[]> {
  const { doctorIds, ...fields } = body;
  const rows = await deps.db.transaction(async (tx) => {
    await checkVisitInput(tx, deps, user, fields);
    await doctorsInScope(tx, user, doctorIds);
    return insertVisits(tx, deps, user, doctorIds, fields, doctorIds.length > 1 ? randomUUID() : null);
  });
  return visitItems(deps.db, user, rows);
}

/** addVisitActivity: plans visits, one visit task per doctor for the caller, in one transaction. */
export async function planVisits(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof addVisitActivityRequest>): Promise<TaskItem[]> {
  return deps.db.transaction(async (tx) => {
    const doctors = await doctorsInScope(tx, user, body.doctorIds);
    const out: TaskItem[] = [];
    for (const doctorId of body.doctorIds) {
      const name = doctors.get(doctorId)?.name ?? '';
      const title = body.title || `${name}`;
      out.push(
        await createTask(
          deps,
          user,
          { title, body: body.body, classification: 'visit', principalId: user.id, dueTime: body.planTime, priority: 1, doctorId, meetingId: null },
          { channel: body.channel },
          tx,
        ),
      );
    }
    return out;
  });
}

/**
 * Who may read a visit: its representative, their manager, and anyone whose scope holds the
 * doctor when the visit is submitted. Others get 404.
 */
export async function findVisit(deps: ActivityDeps, user: CurrentUser, id: number): Promise<VisitItem> {
  const [row] = await selectRows<VisitRow>(deps.db, sql`select ${VISIT_COLUMNS} from visit_records v where v.id = ${id}`);
  if (!row) throw notFound();
  if (row.user_id !== user.id) {
    const scope = await doctorScopeCondition(deps.db, user, sql`v.doctor_id`);
    const [ok] = await selectRows<{ ok: boolean }>(
      deps.db,
      sql`select (${row.user_id} in ${teamIdsSql(user.id)}) or exists(select 1 from visit_records v where v.id = ${id} and v.status = 1 and ${scope}) as ok`,
    );
    if (!ok?.ok) throw notFound();
  }
  return (await visitItems(deps.db, user, [row]))[0]!;
}

/** Filters of the visit lists; labels of status and type are converted to their codes (spec 001 section 3). */
function visitFilters(q: z.output<typeof teamVisitCountQuery>): SQL[] {
  const out: SQL[] = [];
  if (q.status !== undefined && q.status !== '') {
    const code = visitStatusCode(q.status);
    if (code === undefined) throw badRequest('field.invalid', 'status', { field: 'status' });
    out.push(sql`v.status = ${code}`);
  }
  if (q.type !== undefined && q.type !== '') {
    const code = visitTypeCode(q.type);
    if (code === undefined) throw badRequest('field.invalid', 'type', { field: 'type' });
    out.push(sql`v.type = ${code}`);
  }
  if (q.channel) out.push(sql`v.channel = ${q.channel}`);
  if (q.doctorId) out.push(sql`v.doctor_id = ${q.doctorId}`);
  if (q.start !== undefined) out.push(sql`v.visit_at >= ${new Date(q.start).toISOString()}`);
  if (q.end !== undefined) out.push(sql`v.visit_at < ${new Date(q.end).toISOString()}`);
  return out;
}

/**
 * A page of visits newest first. With `members` (a subquery of user ids), the page is read as each
 * member's newest visits (one walk of the (user_id, visit_at, id) index per member) merged: a
 * team's visits have no index of their own, and sorting all of them costs seconds at scale.
 */
async function visitPage<C extends { total: number | null; totalCapped: boolean }>(
  deps: ActivityDeps,
  user: CurrentUser,
  where: SQL,
  q: z.output<typeof visitListQuery>,
  count: (fromWhere: SQL) => Promise<C>,
  members?: SQL,
): Promise<Omit<ActivityPage<VisitItem>, 'total' | 'totalCapped'> & C> {
  const cursor = decodeCursor(q.cursor, ['ms', 'int']);
  const newest = (condition: SQL) =>
    sql`select ${VISIT_COLUMNS} from visit_records v where ${condition} and ${afterKey([sql`v.visit_at`, sql`v.id`], cursor && [timeKey(cursor[0]), cursor[1]])}
        order by v.visit_at desc, v.id desc limit ${q.size + 1}`;
  const rows = await selectRows<VisitRow>(
    deps.db,
    members
      ? sql`select v.* from (select id from ${members} t) m cross join lateral (${newest(sql`v.user_id = m.id and ${where}`)}) v
            order by v.visit_at desc, v.id desc limit ${q.size + 1}`
      : newest(where),
  );
  const [counted, items] = await Promise.all([count(visitsFrom(where, members)), visitItems(deps.db, user, rows.slice(0, q.size))]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const page = keysetPage(rows, q.size, (r) => [new Date(r.visit_at).getTime(), Number(r.id)]);
  return { list: page.rows.map((r) => byId.get(r.id)!), ...counted, nextCursor: page.nextCursor };
}

/** The visits counted up to the activity cap. */
const cappedCount = async (deps: ActivityDeps, fromWhere: SQL) => asTotal(await countUpTo(deps.db, fromWhere, ACTIVITY_LIMITS.countCap));

/** `from … where …` of the visits a page or a count reads. */
function visitsFrom(where: SQL, members?: SQL): SQL {
  return sql`from visit_records v where ${members ? sql`v.user_id in ${members} and ${where}` : where}`;
}

/** findVisitRecord: the caller's own records, newest first. */
export async function myVisits(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof visitListQuery>): Promise<ActivityPage<VisitItem>> {
  if (q.userId !== undefined && q.userId !== user.id) throw new AppError(403, 'activity.notTeamMember', { field: 'userId' }, 'userId');
  return visitPage(deps, user, sql.join([sql`v.user_id = ${user.id}`, ...visitFilters(q)], sql` and `), q, (fromWhere) => cappedCount(deps, fromWhere));
}

/** teamInteractioRecord: the submitted and saved records of the caller's team, within the caller's doctor scope. */
export async function teamVisits(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof teamVisitListQuery>): Promise<TeamVisitPage> {
  const { where, members } = await teamVisitsWhere(deps, user, q);
  const count = async (fromWhere: SQL): Promise<{ total: number | null; totalCapped: boolean }> =>
    q.total === 'false' ? { total: null, totalCapped: false } : cappedCount(deps, fromWhere);
  return visitPage(deps, user, where, q, count, members);
}

/** teamInteractioRecordCount: the same records counted up to the cap, asked apart from the pages. */
export async function teamVisitCount(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof teamVisitCountQuery>): Promise<ActivityCount> {
  const { where, members } = await teamVisitsWhere(deps, user, q);
  return cappedCount(deps, visitsFrom(where, members));
}

/** The team records' condition: one member (checked to be in the team) or every member, within the caller's doctor scope. */
async function teamVisitsWhere(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof teamVisitCountQuery>): Promise<{ where: SQL; members?: SQL }> {
  if (q.userId !== undefined) await requireSelfOrTeam(deps.db, user, q.userId);
  const scope = await doctorScopeCondition(deps.db, user, sql`v.doctor_id`);
  if (q.userId !== undefined) return { where: sql.join([sql`v.user_id = ${q.userId}`, scope, ...visitFilters(q)], sql` and `) };
  return { where: sql.join([scope, ...visitFilters(q)], sql` and `), members: teamIdsSql(user.id) };
}

/** groupByRecordType: the caller's visits in the range by channel (every channel listed). */
export async function groupByRecordType(deps: ActivityDeps, user: CurrentUser, start: number, end: number): Promise<RecordTypeCount[]> {
  checkRange(start, end, ACTIVITY_LIMITS.groupByDaysMax);
  const rows = await selectRows<{ channel: VisitChannel; total: number; submitted: number; effective: number }>(
    deps.db,
    sql`select channel, count(*)::int as total, count(*) filter (where status = 1)::int as submitted, count(*) filter (where effective)::int as effective
          from visit_records where user_id = ${user.id} and visit_at >= ${new Date(start).toISOString()} and visit_at < ${new Date(end).toISOString()}
         group by channel`,
  );
  const by = new Map(rows.map((r) => [r.channel, r]));
  return VISIT_CHANNELS.map((channel) => ({
    channel,
    total: by.get(channel)?.total ?? 0,
    submitted: by.get(channel)?.submitted ?? 0,
    effective: by.get(channel)?.effective ?? 0,
  }));
}
