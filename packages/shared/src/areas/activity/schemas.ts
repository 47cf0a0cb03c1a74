import { z } from 'zod';
import { dbId, dbIdParam, dbText, intText, isStorableText, pageCursor } from '../../schemas/fields.js';
import { ACTIVITY_LIMITS, TASK_CLASSIFICATIONS, VISIT_CHANNELS } from './limits.js';
import type { ActivityMessageKey } from './messages.js';

// ---------------------------------------------------------------- request schemas

const m = (key: ActivityMessageKey) => ({ message: key });
const size = intText.pipe(z.number().int().min(1).max(ACTIVITY_LIMITS.pageMax)).default(ACTIVITY_LIMITS.pageDefault);
/** A time: ISO 8601 text or epoch milliseconds; the output is epoch milliseconds. */
const time = (key: ActivityMessageKey = 'activity.timeInvalid') =>
  z.union([z.number().int().min(0).max(8.64e15), z.string().trim().min(1).max(40).refine(isStorableText)]).transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^\d{1,16}$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15 - 1) {
      ctx.addIssue({ code: 'custom', message: key });
      return z.NEVER;
    }
    return ms;
  });
const text = (max: number) => dbText(max).default('');
const statusCode = intText.pipe(z.number().int().min(0).max(1));

export const taskListQuery = z.strictObject({
  view: z.enum(['mine', 'created', 'today']).default('mine'),
  status: intText.pipe(z.number().int().min(0).max(3)).optional(),
  /** Undone only (status 0 or 1). */
  undone: z.enum(['true', 'false']).optional(),
  classification: z.enum(TASK_CLASSIFICATIONS).optional(),
  keyword: dbText(50).optional(),
  doctorId: dbIdParam.optional(),
  cursor: pageCursor,
  size,
});
export const timeFrameQuery = z.strictObject({ start: time(), end: time() });
export const taskIdQuery = z.strictObject({ taskId: dbIdParam });
export const idQuery = z.strictObject({ id: dbIdParam });
export const principalQuery = z.strictObject({ keyword: dbText(50).default('') });
export const undoneTaskNumQuery = z.strictObject({ username: dbText(64).optional() });

const taskFields = {
  title: dbText(ACTIVITY_LIMITS.titleMax).pipe(z.string().min(1, m('activity.titleRequired'))),
  body: text(ACTIVITY_LIMITS.bodyMax),
  classification: z.enum(TASK_CLASSIFICATIONS).default('other'),
  principalId: dbId,
  dueTime: time(),
  priority: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  doctorId: dbId.nullable().optional(),
  meetingId: dbId.nullable().optional(),
};
export const createTaskRequest = z.strictObject({
  ...taskFields,
  title: z.string(m('activity.titleRequired')).pipe(taskFields.title),
  principalId: dbId
    .optional()
    .refine((v) => v !== undefined, m('activity.principalRequired'))
    .transform((v) => v!),
  dueTime: time()
    .optional()
    .refine((v) => v !== undefined, m('activity.dueRequired'))
    .transform((v) => v!),
});
export const updateTaskRequest = z.strictObject({
  id: dbId,
  title: taskFields.title.optional(),
  body: dbText(ACTIVITY_LIMITS.bodyMax).optional(),
  classification: z.enum(TASK_CLASSIFICATIONS).optional(),
  principalId: dbId.optional(),
  dueTime: time().optional(),
  priority: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  doctorId: dbId.nullable().optional(),
  meetingId: dbId.nullable().optional(),
});
export const updateTaskStatusRequest = z.strictObject({ id: dbId, status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) });
export const taskForwardRequest = z.strictObject({ id: dbId, toUserId: dbId, reason: text(ACTIVITY_LIMITS.reasonMax) });
export const taskPushLogRequest = z.strictObject({ taskId: dbId, channel: z.enum(['portal', 'wxwork', 'email', 'sms']).default('portal') });
export const taskRecordDetailQuery = z.strictObject({
  userId: dbIdParam,
  status: intText.pipe(z.number().int().min(0).max(3)).optional(),
  cursor: pageCursor,
  size,
});

const product = z.strictObject({
  product: z
    .string(m('activity.productRequired'))
    .pipe(dbText(ACTIVITY_LIMITS.productMax))
    .pipe(z.string().min(1, m('activity.productRequired'))),
  keyMessages: z
    .array(z.string().pipe(dbText(ACTIVITY_LIMITS.keyMessageMax)).pipe(z.string().min(1)))
    .max(ACTIVITY_LIMITS.keyMessagesMax)
    .default([]),
});
const visitFields = {
  visitTime: time()
    .optional()
    .refine((v) => v !== undefined, m('activity.visitTimeRequired'))
    .transform((v) => v!),
  channel: z.enum(VISIT_CHANNELS, m('activity.channelRequired')),
  /** 0 saves, 1 submits (then the record is locked). */
  status: statusCode.default(0),
  purpose: text(ACTIVITY_LIMITS.textMax),
  feedback: text(ACTIVITY_LIMITS.textMax),
  nextStep: text(ACTIVITY_LIMITS.textMax),
  durationSeconds: z.number().int().min(0).max(86_400).nullable().default(null),
  products: z.array(product).max(ACTIVITY_LIMITS.productsMax).default([]),
  /** The planned-visit task this record fulfils (done when the record is submitted). */
  taskId: dbId.nullable().default(null),
};
export const addVisitRecordRequest = z.strictObject({
  /** Absent: a new record; present: saves (or submits) that unsubmitted record. */
  id: dbId.optional(),
  doctorId: dbId
    .optional()
    .refine((v) => v !== undefined, m('activity.doctorRequired'))
    .transform((v) => v!),
  ...visitFields,
});
const doctorIds = z
  .array(dbId, m('activity.doctorsRequired'))
  .min(1, m('activity.doctorsRequired'))
  .max(ACTIVITY_LIMITS.groupMax, m('activity.doctorsTooMany'))
  .refine((ids) => new Set(ids).size === ids.length, m('activity.doctorsDuplicate'));
export const addVisitRecordListRequest = z.strictObject({ doctorIds, ...visitFields });
export const addVisitActivityRequest = z.strictObject({
  doctorIds,
  /** When the visits are planned. */
  planTime: time()
    .optional()
    .refine((v) => v !== undefined, m('activity.dueRequired'))
    .transform((v) => v!),
  title: dbText(ACTIVITY_LIMITS.titleMax).default(''),
  body: text(ACTIVITY_LIMITS.bodyMax),
  channel: z.enum(VISIT_CHANNELS).default('face'),
});
export const createCallVisitRequest = z.strictObject({
  callId: z
    .string(m('activity.callIdRequired'))
    .pipe(dbText(64))
    .pipe(z.string().min(1, m('activity.callIdRequired'))),
});
export const visitListQuery = z.strictObject({
  status: z.string().trim().max(20).optional(),
  type: z.string().trim().max(20).optional(),
  channel: z.enum(VISIT_CHANNELS).optional(),
  doctorId: dbIdParam.optional(),
  userId: dbIdParam.optional(),
  start: time().optional(),
  end: time().optional(),
  cursor: pageCursor,
  size,
});
/** teamInteractioRecord: total=false answers the page without counting (total null); the count is then its own call. */
export const teamVisitListQuery = visitListQuery.extend({ total: z.enum(['true', 'false']).optional() });
/** The team records' filters, for their count. */
export const teamVisitCountQuery = visitListQuery.omit({ cursor: true, size: true });
export const groupByRecordTypeQuery = z.strictObject({ start: time(), end: time() });
export const businessRecordQuery = z.strictObject({ doctorId: dbIdParam, kind: z.enum(['visit', 'call', 'task']).optional(), cursor: pageCursor, size });

const callIdText = z
  .string(m('activity.callIdRequired'))
  .pipe(dbText(64))
  .pipe(
    z
      .string()
      .min(1, m('activity.callIdRequired'))
      .regex(/^[A-Za-z0-9_.:-]+$/, m('activity.callIdRequired')),
  );
export const addCallRequest = z.strictObject({
  callId: callIdText,
  doctorId: dbId
    .optional()
    .refine((v) => v !== undefined, m('activity.doctorRequired'))
    .transform((v) => v!),
  direction: z.enum(['out', 'in']).default('out'),
  startTime: time(),
  endTime: time().nullable().default(null),
  messages: z
    .array(
      z.strictObject({
        speaker: z.enum(['rep', 'doctor']),
        text: z.string().pipe(dbText(ACTIVITY_LIMITS.transcriptMax)).pipe(z.string().min(1)),
        at: time().optional(),
      }),
    )
    .max(2000)
    .default([]),
});
export const callListQuery = z.strictObject({ doctorId: dbIdParam.optional(), cursor: pageCursor, size });
export const callIdQuery = z.strictObject({ callId: callIdText });
