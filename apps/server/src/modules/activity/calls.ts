import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVITY_LIMITS,
  isEffectiveVisit,
  VISIT_STATUS,
  VISIT_TYPE,
  type ActivityPage,
  type addCallRequest,
  type CallItem,
  type callListQuery,
  type CallMessage,
  type VisitItem,
} from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { doctorInScope, doctorScopeCondition } from './doctors.js';
import { afterKey, asTotal, countUpTo, decodeCursor, keysetPage, timeKey } from '../../platform/paging/index.js';
import { rowPeople } from './people.js';
import type { ActivityDeps } from './tasks.js';
import { VISIT_COLUMNS, visitItems, type VisitRow } from './visits.js';

interface CallRow {
  id: number;
  call_id: string;
  user_id: number;
  doctor_id: number;
  direction: 'out' | 'in';
  started_at: Date | string;
  ended_at: Date | string | null;
  duration_seconds: number | null;
  visit_id: number | null;
  messages: number;
}

const CALL_COLUMNS = sql`c.id, c.call_id, c.user_id, c.doctor_id, c.direction, c.started_at, c.ended_at, c.duration_seconds,
  (select v.id from visit_records v where v.call_id = c.call_id) as visit_id,
  (select count(*)::int from call_messages m where m.call_record_id = c.id) as messages`;
const iso = (v: Date | string) => new Date(v).toISOString();

async function callItems(db: Tx, reader: CurrentUser, rows: CallRow[]): Promise<CallItem[]> {
  const people = await rowPeople(db, reader, rows);
  return rows.map((r) => ({
    callId: r.call_id,
    ...people(r),
    direction: r.direction,
    startTime: iso(r.started_at),
    endTime: r.ended_at === null ? null : iso(r.ended_at),
    durationSeconds: r.duration_seconds,
    visitId: r.visit_id,
    messages: r.messages,
  }));
}

/** The call if the caller made it or holds its doctor in scope, else 404. */
async function visibleCall(db: Tx, user: CurrentUser, callId: string, lock = false): Promise<CallRow> {
  const [row] = await selectRows<CallRow>(db, sql`select ${CALL_COLUMNS} from call_records c where c.call_id = ${callId} ${lock ? sql`for update` : sql``}`);
  if (!row) throw new AppError(404, 'activity.callNotFound', { field: 'callId' }, 'callId');
  if (row.user_id !== user.id) {
    const scope = await doctorScopeCondition(db, user, sql`c.doctor_id`);
    const [ok] = await selectRows<{ ok: boolean }>(db, sql`select exists(select 1 from call_records c where c.id = ${row.id} and ${scope}) as ok`);
    if (!ok?.ok) throw new AppError(404, 'activity.callNotFound', { field: 'callId' }, 'callId');
  }
  return row;
}

/** POST /udesk/add/callId: records a call of the caller to a doctor in scope, with its transcript. */
export async function addCall(deps: ActivityDeps, user: CurrentUser, body: z.output<typeof addCallRequest>): Promise<CallItem> {
  const row = await deps.db.transaction(async (tx) => {
    await doctorInScope(tx, user, body.doctorId);
    if (body.endTime !== null && body.endTime < body.startTime) throw new AppError(400, 'activity.rangeInvalid', { field: 'endTime' }, 'endTime');
    const duration = body.endTime === null ? null : Math.round((body.endTime - body.startTime) / 1000);
    const [inserted] = await selectRows<{ id: number }>(
      tx,
      sql`insert into call_records (call_id, user_id, doctor_id, direction, started_at, ended_at, duration_seconds, created_at)
          values (${body.callId}, ${user.id}, ${body.doctorId}, ${body.direction}, ${iso(new Date(body.startTime))}, ${body.endTime === null ? null : iso(new Date(body.endTime))}, ${duration}, ${iso(new Date(deps.now()))})
          on conflict (call_id) do nothing returning id`,
    );
    if (!inserted) throw new AppError(409, 'activity.callExists', { field: 'callId' }, 'callId');
    if (body.messages.length > 0) {
      const values = body.messages.map(
        (m, seq) => sql`(${inserted.id}, ${seq + 1}, ${m.speaker}, ${m.text}, ${m.at === undefined ? null : iso(new Date(m.at))})`,
      );
      await tx.execute(sql`insert into call_messages (call_record_id, seq, speaker, text, at) values ${sql.join(values, sql`, `)}`);
    }
    const [row] = await selectRows<CallRow>(tx, sql`select ${CALL_COLUMNS} from call_records c where c.id = ${inserted.id}`);
    return row!;
  });
  return (await callItems(deps.db, user, [row]))[0]!;
}

/** createCallVisit: the ended call becomes a submitted, system-generated phone visit (type 1), once. */
export async function createCallVisit(deps: ActivityDeps, user: CurrentUser, callId: string): Promise<VisitItem> {
  const row = await deps.db.transaction(async (tx) => {
    const call = await visibleCall(tx, user, callId, true);
    if (call.user_id !== user.id) throw new AppError(404, 'activity.callNotFound', { field: 'callId' }, 'callId');
    if (call.visit_id !== null) throw new AppError(409, 'activity.callVisitExists', { field: 'callId' }, 'callId');
    if (call.ended_at === null) throw new AppError(409, 'activity.callNotEnded', { field: 'callId' }, 'callId');
    const now = iso(new Date(deps.now()));
    const effective = isEffectiveVisit({
      status: VISIT_STATUS.submitted,
      type: VISIT_TYPE.system,
      channel: 'phone',
      durationSeconds: call.duration_seconds,
      products: [],
    });
    const [visit] = await selectRows<VisitRow>(
      tx,
      sql`insert into visit_records as v (user_id, doctor_id, visit_at, channel, status, type, duration_seconds, effective, call_id, submitted_at, created_at, updated_at)
          values (${call.user_id}, ${call.doctor_id}, ${iso(call.started_at)}, 'phone', ${VISIT_STATUS.submitted}, ${VISIT_TYPE.system}, ${call.duration_seconds}, ${effective}, ${call.call_id}, ${now}, ${now}, ${now})
          returning ${VISIT_COLUMNS}`,
    );
    return visit!;
  });
  return (await visitItems(deps.db, user, [row]))[0]!;
}

/** GET /udesk/list/by/callInfo: the caller's calls, or with doctorId every call to that doctor in scope; newest first. */
export async function listCalls(deps: ActivityDeps, user: CurrentUser, q: z.output<typeof callListQuery>): Promise<ActivityPage<CallItem>> {
  if (q.doctorId) await doctorInScope(deps.db, user, q.doctorId);
  const where = q.doctorId ? sql`c.doctor_id = ${q.doctorId}` : sql`c.user_id = ${user.id}`;
  const cursor = decodeCursor(q.cursor, ['ms', 'int']);
  const rows = await selectRows<CallRow>(
    deps.db,
    sql`select ${CALL_COLUMNS} from call_records c where ${where} and ${afterKey([sql`c.started_at`, sql`c.id`], cursor && [timeKey(cursor[0]), cursor[1]])} order by c.started_at desc, c.id desc limit ${q.size + 1}`,
  );
  const [count, items] = await Promise.all([
    countUpTo(deps.db, sql`from call_records c where ${where}`, ACTIVITY_LIMITS.countCap),
    callItems(deps.db, user, rows.slice(0, q.size)),
  ]);
  const byId = new Map(items.map((item) => [item.callId, item]));
  const page = keysetPage(rows, q.size, (r) => [new Date(r.started_at).getTime(), Number(r.id)]);
  return { list: page.rows.map((r) => byId.get(r.call_id)!), ...asTotal(count), nextCursor: page.nextCursor };
}

/** GET /udesk/assistant/queryInfo. */
export async function callInfo(deps: ActivityDeps, user: CurrentUser, callId: string): Promise<CallItem> {
  return (await callItems(deps.db, user, [await visibleCall(deps.db, user, callId)]))[0]!;
}

/** GET /udesk/assistant/queryMessages: the transcript, in order. */
export async function callMessages(deps: ActivityDeps, user: CurrentUser, callId: string): Promise<CallMessage[]> {
  const call = await visibleCall(deps.db, user, callId);
  const rows = await selectRows<{ seq: number; speaker: 'rep' | 'doctor'; text: string; at: Date | string | null }>(
    deps.db,
    sql`select seq, speaker, text, at from call_messages where call_record_id = ${call.id} order by seq`,
  );
  return rows.map((r) => ({ seq: r.seq, speaker: r.speaker, text: r.text, at: r.at === null ? null : iso(r.at) }));
}

export const callNotFound = () => notFound();
