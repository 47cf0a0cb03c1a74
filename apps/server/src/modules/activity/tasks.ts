import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVITY_LIMITS,
  TASK_CLASSIFICATIONS,
  TASK_STATUS,
  type ActivityPage,
  type ClassificationCount,
  type createTaskRequest,
  type taskForwardRequest,
  type taskListQuery,
  type TaskItem,
  type TaskLogItem,
  type TaskRecordRow,
  type taskRecordDetailQuery,
  type updateTaskRequest,
  type updateTaskStatusRequest,
  type taskPushLogRequest,
  type TaskClassification,
  isDoctorOutOfScope,
  type NamedDoctorRef,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { DOCTOR_OUT_OF_SCOPE } from '../customers/index.js';
import { doctorInScope, doctorsNamedToReader, requireDoctorInScopeOf } from './doctors.js';
import { afterKey, asTotal, countUpTo, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import { isEnabledUser, teamIds, teamIdsSql, userRefs } from '../admin/index.js';
import { unknownUser } from './people.js';
import { likePattern } from '../../db/like.js';

export interface ActivityDeps {
  db: Db;
  now: () => number;
}

interface TaskRow {
  id: number;
  title: string;
  body: string;
  classification: TaskClassification;
  status: number;
  priority: number;
  due_at: Date | string;
  principal_id: number;
  creator_id: number;
  doctor_id: number | null;
  meeting_id: number | null;
  forwards: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const TASK_COLUMNS = sql`t.id, t.title, t.body, t.classification, t.status, t.priority, t.due_at, t.principal_id, t.creator_id, t.doctor_id, t.meeting_id, t.forwards, t.created_at, t.updated_at`;
const iso = (v: Date | string) => new Date(v).toISOString();

/** The end of the day `ms` falls in (server time): visits may not be later, "today" ends there. */
export function endOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Task rows as the API answers them to `reader`, with principal, creator and doctor (in the reader's scope) named. */
export async function taskItems(db: Tx, reader: CurrentUser, rows: TaskRow[]): Promise<TaskItem[]> {
  const users = await userRefs(
    db,
    rows.flatMap((r) => [r.principal_id, r.creator_id]),
  );
  const doctor = await doctorsNamedToReader(
    db,
    reader,
    rows.flatMap((r) => (r.doctor_id === null ? [] : [r.doctor_id])),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    classification: r.classification,
    status: Number(r.status),
    priority: Number(r.priority),
    dueTime: iso(r.due_at),
    principal: users.get(r.principal_id) ?? unknownUser(r.principal_id),
    creator: users.get(r.creator_id) ?? unknownUser(r.creator_id),
    doctor: r.doctor_id === null ? null : doctor(r.doctor_id),
    meetingId: r.meeting_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    forwards: r.forwards,
  }));
}

async function loadTask(db: Tx, id: number, lock = false): Promise<TaskRow | undefined> {
  const [row] = await selectRows<TaskRow>(db, sql`select ${TASK_COLUMNS} from tasks t where t.id = ${id} ${lock ? sql`for update` : sql``}`);
  return row;
}

/**
 * Who may see a task: its creator, its principal, anyone it was forwarded through, and the
 * principal's manager. Others get 404, as for a task that does not exist.
 */
async function visibleTask(db: Tx, user: CurrentUser, id: number, lock = false): Promise<TaskRow> {
  const row = await loadTask(db, id, lock);
  if (!row) throw notFound();
  if (row.creator_id === user.id || row.principal_id === user.id) return row;
  const [seen] = await selectRows<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from task_logs where task_id = ${id} and (from_user_id = ${user.id} or to_user_id = ${user.id}))
            or ${row.principal_id} in ${teamIdsSql(user.id)} as ok`,
  );
  if (!seen?.ok) throw notFound();
  return row;
}

async function writeLog(db: Tx, taskId: number, actorId: number, action: TaskLogItem['action'], detail: Record<string, unknown>, from?: number, to?: number) {
  await db.execute(sql`insert into task_logs (task_id, actor_id, action, from_user_id, to_user_id, detail)
                       values (${taskId}, ${actorId}, ${action}, ${from ?? null}, ${to ?? null}, ${JSON.stringify(detail)}::jsonb)`);
}

export async function getTask(deps: ActivityDeps, user: CurrentUser, id: number): Promise<TaskItem> {
  const row = await visibleTask(deps.db, user, id);
  return (await taskItems(deps.db, user, [row]))[0]!;
}

/** createTask: the principal must be an enabled account, the doctor within the caller's scope and the principal's. */
export async function createTask(
  deps: ActivityDeps,
  user: CurrentUser,
  body: z.output<typeof createTaskRequest>,
  extra: { channel?: string } = {},
  tx?: Tx,
): Promise<TaskItem> {
  const run = async (db: Tx) => {
    if (!(await isEnabledUser(db, body.principalId))) throw badRequest('activity.principalInvalid', 'principalId');
    if (body.doctorId) {
      await doctorInScope(db, user, body.doctorId);
      if (body.principalId !== user.id) await requireDoctorInScopeOf(db, body.principalId, body.doctorId, 'activity.doctorOutsidePrincipalScope', 'doctorId');
    }
    const [row] = await selectRows<TaskRow>(
      db,
      sql`insert into tasks as t (title, body, classification, principal_id, creator_id, due_at, priority, doctor_id, meeting_id, channel, created_at, updated_at)
          values (${body.title}, ${body.body}, ${body.classification}, ${body.principalId}, ${user.id}, ${new Date(body.dueTime).toISOString()}, ${body.priority},
                  ${body.doctorId ?? null}, ${body.meetingId ?? null}, ${extra.channel ?? null}, ${new Date(deps.now()).toISOString()}, ${new Date(deps.now()).toISOString()})
          returning ${TASK_COLUMNS}`,
    );
    await writeLog(
      db,
      row!.id,
      user.id,
      'create',
      { title: body.title, principalId: body.principalId, dueTime: new Date(body.dueTime).toISOString() },
      undefined,
      body.principalId,
    );
    return row!;
  };
  const row = tx ? await run(tx) : await deps.db.transaction(run);
  return (await taskItems(tx ?? deps.db, user, [row]))[0]!;
}

const isClosed = (status: number) => status === TASK_STATUS.done || status === TASK_STATUS.cancelled;

/** updateTask: only the creator, only while the task is open; every changed field goes to the log. */
export async function updateTask(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof updateTaskRequest>): Promise<TaskItem> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await visibleTask(tx, user, body.id, true);
    if (current.creator_id !== user.id) throw new AppError(403, 'activity.taskNotCreator');
    if (isClosed(Number(current.status))) throw new AppError(409, 'activity.taskClosed', { field: 'status' }, 'status');
    if (body.principalId !== undefined && body.principalId !== current.principal_id && !(await isEnabledUser(tx, body.principalId))) {
      throw badRequest('activity.principalInvalid', 'principalId');
    }
    if (body.doctorId) await doctorInScope(tx, user, body.doctorId);
    // A new doctor or a new principal: whoever the task is for must be able to see its doctor.
    const doctorId = body.doctorId !== undefined ? body.doctorId : current.doctor_id;
    const principalId = body.principalId ?? current.principal_id;
    if (doctorId && principalId !== user.id && (doctorId !== current.doctor_id || principalId !== current.principal_id)) {
      await requireDoctorInScopeOf(tx, principalId, doctorId, 'activity.doctorOutsidePrincipalScope', 'doctorId');
    }
    const changes: Record<string, [unknown, unknown]> = {};
    const sets: SQL[] = [];
    const set = (field: string, column: string, before: unknown, afterValue: unknown, value: unknown = afterValue) => {
      if (afterValue === undefined || before === afterValue) return;
      changes[field] = [before, afterValue];
      sets.push(sql`${sql.identifier(column)} = ${value}`);
    };
    set('title', 'title', current.title, body.title);
    set('body', 'body', current.body, body.body);
    set('classification', 'classification', current.classification, body.classification);
    set('principalId', 'principal_id', current.principal_id, body.principalId);
    set('priority', 'priority', Number(current.priority), body.priority);
    set('doctorId', 'doctor_id', current.doctor_id, body.doctorId);
    set('meetingId', 'meeting_id', current.meeting_id, body.meetingId);
    if (body.dueTime !== undefined) {
      const due = new Date(body.dueTime).toISOString();
      set('dueTime', 'due_at', iso(current.due_at), due);
    }
    if (sets.length === 0) return current;
    sets.push(sql`updated_at = ${new Date(deps.now()).toISOString()}`);
    const [updated] = await selectRows<TaskRow>(tx, sql`update tasks t set ${sql.join(sets, sql`, `)} where t.id = ${body.id} returning ${TASK_COLUMNS}`);
    await writeLog(tx, body.id, user.id, 'update', { changes });
    return updated!;
  });
  return (await taskItems(deps.db, user, [row]))[0]!;
}

/** updateTaskStatus: the principal or the creator. */
export async function updateTaskStatus(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof updateTaskStatusRequest>): Promise<TaskItem> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await visibleTask(tx, user, body.id, true);
    if (current.principal_id !== user.id && current.creator_id !== user.id) throw new AppError(403, 'activity.taskNotPrincipal');
    if (Number(current.status) === body.status) return current;
    const [updated] = await selectRows<TaskRow>(
      tx,
      sql`update tasks t set status = ${body.status}, updated_at = ${new Date(deps.now()).toISOString()} where t.id = ${body.id} returning ${TASK_COLUMNS}`,
    );
    await writeLog(tx, body.id, user.id, 'status', { from: Number(current.status), to: body.status });
    return updated!;
  });
  return (await taskItems(deps.db, user, [row]))[0]!;
}

/** Marks a task done because a visit fulfilled it (inside the visit's transaction). */
export async function completeTaskByVisit(tx: Tx, userId: number, taskId: number, visitId: number, now: number) {
  const current = await loadTask(tx, taskId, true);
  if (!current || isClosed(Number(current.status))) return;
  await tx.execute(sql`update tasks set status = ${TASK_STATUS.done}, updated_at = ${new Date(now).toISOString()} where id = ${taskId}`);
  await writeLog(tx, taskId, userId, 'visit', { visitId, from: Number(current.status), to: TASK_STATUS.done });
}

/** The task a visit fulfils must be the caller's own (as principal). */
export async function requireOwnTask(tx: Tx, user: CurrentUser, taskId: number): Promise<void> {
  const row = await loadTask(tx, taskId);
  if (!row || row.principal_id !== user.id) throw badRequest('field.invalid', 'taskId', { field: 'taskId' });
}

/** taskForward: the principal hands the task to another enabled account; the log keeps the chain. */
export async function forwardTask(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof taskForwardRequest>): Promise<TaskItem> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await visibleTask(tx, user, body.id, true);
    if (current.principal_id !== user.id) throw new AppError(403, 'activity.taskNotPrincipal');
    if (isClosed(Number(current.status))) throw new AppError(409, 'activity.taskClosed', { field: 'status' }, 'status');
    if (body.toUserId === user.id) throw badRequest('activity.forwardSelf', 'toUserId');
    if (!(await isEnabledUser(tx, body.toUserId))) throw badRequest('activity.forwardTargetInvalid', 'toUserId');
    if (current.doctor_id) await requireDoctorInScopeOf(tx, body.toUserId, current.doctor_id, 'activity.forwardDoctorOutsideScope', 'toUserId');
    const [updated] = await selectRows<TaskRow>(
      tx,
      sql`update tasks t set principal_id = ${body.toUserId}, forwards = forwards + 1, updated_at = ${new Date(deps.now()).toISOString()}
           where t.id = ${body.id} returning ${TASK_COLUMNS}`,
    );
    await writeLog(tx, body.id, user.id, 'forward', { reason: body.reason }, user.id, body.toUserId);
    return updated!;
  });
  return (await taskItems(deps.db, user, [row]))[0]!;
}

/** jvisaTaskPushLog: records that the task was pushed to its principal on a channel. */
export async function pushLog(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof taskPushLogRequest>): Promise<TaskLogItem[]> {
  await deps.db.transaction(async (tx) => {
    const current = await visibleTask(tx, user, body.taskId);
    await writeLog(tx, body.taskId, user.id, 'push', { channel: body.channel }, undefined, current.principal_id);
  });
  return taskLog(deps, user, body.taskId);
}

/** The doctor ids an update's log entry holds (`changes.doctorId`: before and after). */
function changedDoctorIds(detail: Record<string, unknown>): number[] {
  const changes = detail.changes;
  if (typeof changes !== 'object' || changes === null || !('doctorId' in changes) || !Array.isArray(changes.doctorId)) return [];
  return changes.doctorId.filter((id): id is number => typeof id === 'number');
}

/** The log entry as its reader may see it: a changed doctor outside the reader's scope becomes the marker. */
function withDoctorsNamed(detail: Record<string, unknown>, doctor: (id: number) => NamedDoctorRef): Record<string, unknown> {
  const ids = changedDoctorIds(detail);
  if (ids.length === 0) return detail;
  const changes = detail.changes as { doctorId: unknown[] };
  const doctorId = changes.doctorId.map((id) => (typeof id === 'number' && isDoctorOutOfScope(doctor(id)) ? DOCTOR_OUT_OF_SCOPE : id));
  return { ...detail, changes: { ...changes, doctorId } };
}

/** getTaskLog: every change, oldest first. */
export async function taskLog(deps: ActivityDeps, user: CurrentUser, taskId: number): Promise<TaskLogItem[]> {
  await visibleTask(deps.db, user, taskId);
  const rows = await selectRows<{
    id: number;
    action: TaskLogItem['action'];
    actor_id: number;
    from_user_id: number | null;
    to_user_id: number | null;
    detail: Record<string, unknown>;
    created_at: Date | string;
  }>(deps.db, sql`select id, action, actor_id, from_user_id, to_user_id, detail, created_at from task_logs where task_id = ${taskId} order by id`);
  const users = await userRefs(
    deps.db,
    rows.flatMap((r) => [r.actor_id, r.from_user_id ?? 0, r.to_user_id ?? 0].filter((id) => id > 0)),
  );
  const doctor = await doctorsNamedToReader(
    deps.db,
    user,
    rows.flatMap((r) => changedDoctorIds(r.detail)),
  );
  const ref = (id: number | null) => (id === null ? null : (users.get(id) ?? unknownUser(id)));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: ref(r.actor_id)!,
    from: ref(r.from_user_id),
    to: ref(r.to_user_id),
    detail: withDoctorsNamed(r.detail, doctor),
    at: iso(r.created_at),
  }));
}

/** queryTask: the caller's tasks (mine, created, today), keyset paged. */
export async function queryTasks(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof taskListQuery>): Promise<ActivityPage<TaskItem>> {
  const cursor = decodeCursor(q.cursor, ['ms', 'int']);
  const filters: SQL[] = [];
  if (q.view === 'created') filters.push(sql`t.creator_id = ${user.id}`);
  else filters.push(sql`t.principal_id = ${user.id}`);
  if (q.view === 'today') {
    filters.push(sql`t.due_at <= ${new Date(endOfDay(deps.now())).toISOString()}`);
    filters.push(sql`(t.status in (0, 1) or t.due_at >= ${new Date(startOfDay(deps.now())).toISOString()})`);
  }
  if (q.status !== undefined) filters.push(sql`t.status = ${q.status}`);
  if (q.undone === 'true') filters.push(sql`t.status in (0, 1)`);
  if (q.classification) filters.push(sql`t.classification = ${q.classification}`);
  if (q.doctorId) filters.push(sql`t.doctor_id = ${q.doctorId}`);
  if (q.keyword) filters.push(sql`t.title ilike ${likePattern(q.keyword)}`);
  const where = sql.join(filters, sql` and `);
  // Created: newest first; mine and today: soonest due first.
  const order = q.view === 'created' ? 'desc' : 'asc';
  const key = q.view === 'created' ? sql`t.created_at` : sql`t.due_at`;
  const rows = await selectRows<TaskRow>(
    deps.db,
    sql`select ${TASK_COLUMNS} from tasks t where ${where} and ${afterKey([key, sql`t.id`], cursor && [timeKey(cursor[0]), cursor[1]], order)}
        order by ${key} ${order === 'desc' ? sql`desc` : sql`asc`}, t.id ${order === 'desc' ? sql`desc` : sql`asc`} limit ${q.size + 1}`,
  );
  const count = await countUpTo(deps.db, sql`from tasks t where ${where}`, ACTIVITY_LIMITS.countCap);
  const items = await taskItems(deps.db, user, rows.slice(0, q.size));
  const byId = new Map(items.map((i) => [i.id, i]));
  const page = keysetPage(rows, q.size, (r) => [new Date(q.view === 'created' ? r.created_at : r.due_at).getTime(), Number(r.id)]);
  return { list: page.rows.map((r) => byId.get(r.id)!), ...asTotal(count), nextCursor: page.nextCursor };
}

/** queryTimeFrameTask: the caller's tasks due within the range (the calendar). */
export async function timeFrameTasks(deps: ActivityDeps, user: CurrentUser, start: number, end: number): Promise<TaskItem[]> {
  checkRange(start, end, ACTIVITY_LIMITS.calendarDaysMax);
  const rows = await selectRows<TaskRow>(
    deps.db,
    sql`select ${TASK_COLUMNS} from tasks t where t.principal_id = ${user.id}
          and t.due_at >= ${new Date(start).toISOString()} and t.due_at < ${new Date(end).toISOString()}
        order by t.due_at, t.id limit 2000`,
  );
  return taskItems(deps.db, user, rows);
}

export function checkRange(start: number, end: number, maxDays: number) {
  if (end < start) throw badRequest('activity.rangeInvalid', 'end');
  if (end - start > maxDays * 86_400_000) throw badRequest('activity.rangeTooLong', 'end', { days: maxDays });
}

/** getClassificationTask: the caller's tasks by classification, every classification listed. */
export async function classificationCounts(deps: ActivityDeps, user: CurrentUser): Promise<ClassificationCount[]> {
  const rows = await selectRows<{ classification: TaskClassification; total: number; undone: number }>(
    deps.db,
    sql`select classification, count(*)::int as total, count(*) filter (where status in (0, 1))::int as undone
          from tasks where principal_id = ${user.id} group by classification`,
  );
  const by = new Map(rows.map((r) => [r.classification, r]));
  return TASK_CLASSIFICATIONS.map((c) => ({ classification: c, total: by.get(c)?.total ?? 0, undone: by.get(c)?.undone ?? 0 }));
}

/** The unread/undone task count of the top-bar badge (spec 001 section 7.2). */
export async function undoneTaskNum(deps: ActivityDeps, user: CurrentUser, username: string | undefined): Promise<{ undoneTaskNum: number }> {
  if (username !== undefined && username !== user.username) throw forbidden('activity.usernameMismatch');
  const [row] = await selectRows<{ n: number }>(deps.db, sql`select count(*)::int as n from tasks where principal_id = ${user.id} and status in (0, 1)`);
  return { undoneTaskNum: row?.n ?? 0 };
}

/** taskRecord: per member of the caller's team, and the caller, their task figures. */
export async function taskRecord(deps: ActivityDeps, user: CurrentUser): Promise<TaskRecordRow[]> {
  const members = [user.id, ...(await teamIds(deps.db, user.id))];
  const rows = await selectRows<{ principal_id: number; total: number; undone: number; done: number; overdue: number }>(
    deps.db,
    sql`select principal_id, count(*)::int as total,
               count(*) filter (where status in (0, 1))::int as undone,
               count(*) filter (where status = 2)::int as done,
               count(*) filter (where status in (0, 1) and due_at < ${new Date(deps.now()).toISOString()})::int as overdue
          from tasks where principal_id = any(${sql.param(members)}::int[]) group by principal_id`,
  );
  const by = new Map(rows.map((r) => [r.principal_id, r]));
  const users = await userRefs(deps.db, members);
  return members.map((id) => ({
    user: users.get(id) ?? unknownUser(id),
    total: by.get(id)?.total ?? 0,
    undone: by.get(id)?.undone ?? 0,
    done: by.get(id)?.done ?? 0,
    overdue: by.get(id)?.overdue ?? 0,
  }));
}

/** The caller, or a member of the caller's team; anyone else is refused. */
export async function requireSelfOrTeam(db: Tx, user: CurrentUser, userId: number) {
  if (userId === user.id) return;
  const [row] = await selectRows<{ ok: boolean }>(db, sql`select ${userId} in ${teamIdsSql(user.id)} as ok`);
  if (!row?.ok) throw new AppError(403, 'activity.notTeamMember', { field: 'userId' }, 'userId');
}

/** taskRecordDetail: one member's tasks, soonest due first. */
export async function taskRecordDetail(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof taskRecordDetailQuery>): Promise<ActivityPage<TaskItem>> {
  await requireSelfOrTeam(deps.db, user, q.userId);
  const cursor = decodeCursor(q.cursor, ['ms', 'int']);
  const where = sql`t.principal_id = ${q.userId} ${q.status === undefined ? sql`` : sql`and t.status = ${q.status}`}`;
  const rows = await selectRows<TaskRow>(
    deps.db,
    sql`select ${TASK_COLUMNS} from tasks t where ${where} and ${afterKey([sql`t.due_at`, sql`t.id`], cursor && [timeKey(cursor[0]), cursor[1]])} order by t.due_at desc, t.id desc limit ${q.size + 1}`,
  );
  const count = await countUpTo(deps.db, sql`from tasks t where ${where}`, ACTIVITY_LIMITS.countCap);
  const items = await taskItems(deps.db, user, rows.slice(0, q.size));
  const byId = new Map(items.map((i) => [i.id, i]));
  const page = keysetPage(rows, q.size, (r) => [new Date(r.due_at).getTime(), Number(r.id)]);
  return { list: page.rows.map((r) => byId.get(r.id)!), ...asTotal(count), nextCursor: page.nextCursor };
}
