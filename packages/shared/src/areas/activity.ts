import { z } from 'zod';
import { BADGE_MAX } from '../constants.js';
import type { MessageText } from '../messages.js';
import { dbId, dbIdParam, dbText, isStorableText } from '../schemas/fields.js';

/**
 * Tasks, visit records, call records and the doctor's business record (spec 001 sections 2.4,
 * 2.7, 3, 4, 7.2, 7.5 and 9; docs/decisions/0019). Service prefix /API-SALEA, envelope
 * `{ code, msg, result }`.
 */

const TASK = '/API-SALEA/jvisa/taskInfo';
const VISIT = '/API-SALEA/visitRecord/v3';
const UDESK = '/API-SALEA/udesk';

/** API paths of the activity area (merged into `API.activity`). The spec's paths are kept verbatim. */
export const ACTIVITY_PATHS = {
  // tasks (spec 001 section 7.5)
  /** GET ?view=mine|created|today&status&classification&keyword&cursor&size → ActivityPage<TaskItem>. */
  queryTask: `${TASK}/queryTask`,
  /** GET ?start&end → TaskItem[] whose due time falls in the range (the myPlan calendar). */
  queryTimeFrameTask: `${TASK}/queryTimeFrameTask`,
  /** GET → ClassificationCount[] of the caller's tasks. */
  getClassificationTask: `${TASK}/getClassificationTask`,
  /** GET ?taskId → TaskLogItem[] oldest first (the forwarding chain is its forward rows). */
  getTaskLog: `${TASK}/getTaskLog`,
  /** GET ?keyword → PrincipalItem[]: enabled users a task can be given to. */
  getPrincipal: `${TASK}/getPrincipal`,
  createTask: `${TASK}/createTask`,
  updateTask: `${TASK}/updateTask`,
  updateTaskStatus: `${TASK}/updateTaskStatus`,
  taskForward: `${TASK}/taskForward`,
  /** POST {taskId, channel}: records that the task was pushed to its principal. */
  jvisaTaskPushLog: `${TASK}/jvisaTaskPushLog`,
  /** GET ?username → {undoneTaskNum} (spec 001 section 7.2; path not shown by the spec). */
  undoneTaskNum: `${TASK}/undoneTaskNum`,
  /** GET ?id → TaskItem. */
  taskById: `${TASK}/findById`,
  /** Manager views: GET → TaskRecordRow[] per member of the caller's team (and the caller). */
  taskRecord: `${TASK}/taskRecord`,
  /** GET ?userId&status&cursor&size → one member's tasks. */
  taskRecordDetail: `${TASK}/taskRecordDetail`,
  // visit records (spec 001 section 7.5)
  addVisitRecord: `${VISIT}/addVisitRecord`,
  addVisitRecordList: `${VISIT}/addVisitRecordList`,
  createCallVisit: `${VISIT}/createCallVisit`,
  /** POST: plans visits (the activity plan): one visit task per doctor. */
  addVisitActivity: `${VISIT}/addVisitActivity`,
  /** GET the caller's own records, keyset paged. */
  findVisitRecord: `${VISIT}/findVisitRecord`,
  findById: `${VISIT}/findById`,
  /** GET ?start&end → RecordTypeCount[]: the caller's visits by channel. */
  groupByRecordType: `${VISIT}/groupByRecordType`,
  /** GET the records of the caller's team (team interaction records). */
  teamInteractioRecord: `${VISIT}/teamInteractioRecord`,
  /** GET ?doctorId&cursor&size → the doctor's business record: visits, calls and tasks, newest first. */
  businessRecord: `${VISIT}/businessRecord`,
  // call records (spec 001 section 7.5)
  addCallId: `${UDESK}/add/callId`,
  listByCallInfo: `${UDESK}/list/by/callInfo`,
  queryMessages: `${UDESK}/assistant/queryMessages`,
  queryInfo: `${UDESK}/assistant/queryInfo`,
} as const;

/** Limits and constants of the area (spec 001 sections 2.7 and 9). */
export const ACTIVITY_LIMITS = {
  titleMax: 100,
  bodyMax: 2000,
  textMax: 2000,
  reasonMax: 500,
  /** Doctors of one group visit (addVisitRecordList) and of one activity plan. */
  groupMax: 100,
  productsMax: 20,
  keyMessagesMax: 10,
  productMax: 50,
  keyMessageMax: 200,
  pageDefault: 20,
  pageMax: 100,
  /** Lists count at most this many rows, then say "10,000+" (ARCHITECTURE.md scale rules). */
  countCap: 10_000,
  /** Calendar range (queryTimeFrameTask) at most this many days. */
  calendarDaysMax: 62,
  /** groupByRecordType range at most this many days. */
  groupByDaysMax: 366,
  principalsMax: 20,
  transcriptMax: 2000,
  cursorMax: 100,
  /** The task badge shows at most 99 (spec 001 section 9). */
  badgeMax: BADGE_MAX,
  /** Delay before the create-task tab opens from the side bar, ms (spec 001 section 9). */
  createTaskDelayMs: 100,
} as const;

/** Task statuses: updated through updateTaskStatus (spec 001 section 4; values ours). */
export const TASK_STATUS = { todo: 0, doing: 1, done: 2, cancelled: 3 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUSES = [0, 1, 2, 3] as const;
/** Statuses counted as undone (the badge). */
export const UNDONE_TASK_STATUSES = [TASK_STATUS.todo, TASK_STATUS.doing] as const;
export const TASK_PRIORITIES = [0, 1, 2] as const;
export const TASK_CLASSIFICATIONS = ['visit', 'followUp', 'meeting', 'survey', 'other'] as const;
export type TaskClassification = (typeof TASK_CLASSIFICATIONS)[number];

/** Visit record status (spec 001 section 3): 0 not submitted, 1 submitted (then locked). */
export const VISIT_STATUS = { saved: 0, submitted: 1 } as const;
/** Visit record type (spec 001 section 3): 0 manual entry, 1 system generated. */
export const VISIT_TYPE = { manual: 0, system: 1 } as const;
/** Channels (issue anchors): in person, phone, video, online text/graphic, enterprise chat. */
export const VISIT_CHANNELS = ['face', 'phone', 'video', 'online', 'wxwork'] as const;
export type VisitChannel = (typeof VISIT_CHANNELS)[number];

/** UI labels of the codes (spec 001 section 3: labels are converted to codes before querying). */
export const VISIT_STATUS_LABELS: Record<number, MessageText> = {
  0: { zh: '未提交', en: 'Not submitted' },
  1: { zh: '已提交', en: 'Submitted' },
};
export const VISIT_TYPE_LABELS: Record<number, MessageText> = {
  0: { zh: '手动录入', en: 'Manual entry' },
  1: { zh: '系统生成', en: 'System generated' },
};
export const VISIT_CHANNEL_LABELS: Record<VisitChannel, MessageText> = {
  face: { zh: '面对面拜访', en: 'In person' },
  phone: { zh: '电话拜访', en: 'Phone' },
  video: { zh: '视频拜访', en: 'Video' },
  online: { zh: '线上图文拜访', en: 'Online text/graphic' },
  wxwork: { zh: '企业微信', en: 'Enterprise chat' },
};
export const TASK_STATUS_LABELS: Record<number, MessageText> = {
  0: { zh: '待处理', en: 'To do' },
  1: { zh: '进行中', en: 'In progress' },
  2: { zh: '已完成', en: 'Done' },
  3: { zh: '已取消', en: 'Cancelled' },
};
export const TASK_PRIORITY_LABELS: Record<number, MessageText> = {
  0: { zh: '低', en: 'Low' },
  1: { zh: '中', en: 'Normal' },
  2: { zh: '高', en: 'High' },
};
export const TASK_CLASSIFICATION_LABELS: Record<TaskClassification, MessageText> = {
  visit: { zh: '拜访', en: 'Visit' },
  followUp: { zh: '跟进', en: 'Follow-up' },
  meeting: { zh: '会议', en: 'Meeting' },
  survey: { zh: '问卷', en: 'Survey' },
  other: { zh: '其他', en: 'Other' },
};
/** Converts a UI label (zh or en) or a code to the code (spec 001 section 3). */
export function visitStatusCode(value: string | number): number | undefined {
  if (value === 0 || value === 1 || value === '0' || value === '1') return Number(value);
  const hit = Object.entries(VISIT_STATUS_LABELS).find(([, l]) => l.zh === value || l.en === value);
  return hit ? Number(hit[0]) : undefined;
}
export function visitTypeCode(value: string | number): number | undefined {
  if (value === 0 || value === 1 || value === '0' || value === '1') return Number(value);
  const hit = Object.entries(VISIT_TYPE_LABELS).find(([, l]) => l.zh === value || l.en === value);
  return hit ? Number(hit[0]) : undefined;
}

/**
 * The effective-visit rule, kept in this one place (issue: the report screens use it). A visit
 * counts as effective when it is submitted; a manual record must name at least one product with
 * at least one key message (a system record from a call has none to name); and a phone or video
 * visit must have lasted at least `EFFECTIVE_MIN_SECONDS`. The server stores the answer on the
 * row when the visit is submitted.
 */
export const EFFECTIVE_MIN_SECONDS = 60;
export function isEffectiveVisit(v: { status: number; type: number; channel: VisitChannel; durationSeconds: number | null; products: readonly { keyMessages: readonly string[] }[] }): boolean {
  if (v.status !== VISIT_STATUS.submitted) return false;
  if (v.type === VISIT_TYPE.manual && !v.products.some((p) => p.keyMessages.length > 0)) return false;
  if ((v.channel === 'phone' || v.channel === 'video') && (v.durationSeconds ?? 0) < EFFECTIVE_MIN_SECONDS) return false;
  return true;
}

/** What a badge shows: up to 99, then "99+"; nothing for 0. */
export function taskBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > ACTIVITY_LIMITS.badgeMax ? `${ACTIVITY_LIMITS.badgeMax}+` : String(count);
}

/** Messages of the area, zh and en (merged into MESSAGES). Each names its field. */
export const ACTIVITY_MESSAGES = {
  'activity.titleRequired': { zh: '请填写任务标题(title)', en: 'Please enter the task title (title)' },
  'activity.principalRequired': { zh: '请选择负责人(principalId)', en: 'Please choose the principal (principalId)' },
  'activity.principalInvalid': { zh: '负责人(principalId)不存在或已停用', en: 'The principal (principalId) does not exist or is disabled' },
  'activity.dueRequired': { zh: '请选择截止时间(dueTime)', en: 'Please choose the due time (dueTime)' },
  'activity.timeInvalid': { zh: '时间格式不正确({field})', en: 'The time is not valid ({field})' },
  'activity.forwardTargetInvalid': { zh: '转交对象(toUserId)不存在或已停用', en: 'The user to forward to (toUserId) does not exist or is disabled' },
  'activity.forwardSelf': { zh: '不能把任务转交给自己(toUserId)', en: 'A task cannot be forwarded to yourself (toUserId)' },
  'activity.taskNotPrincipal': { zh: '只有任务负责人可以执行此操作', en: 'Only the principal of the task can do this' },
  'activity.taskNotCreator': { zh: '只有任务创建人可以修改任务', en: 'Only the creator of the task can edit it' },
  'activity.taskClosed': { zh: '任务已完成或已取消,不能再修改(status)', en: 'The task is done or cancelled and can no longer be changed (status)' },
  'activity.doctorRequired': { zh: '请选择医生(doctorId)', en: 'Please choose the doctor (doctorId)' },
  'activity.visitTimeRequired': { zh: '请选择拜访时间(visitTime)', en: 'Please choose the visit time (visitTime)' },
  'activity.visitFuture': { zh: '拜访时间(visitTime)不能晚于今天', en: 'The visit time (visitTime) cannot be later than today' },
  'activity.visitSubmitted': { zh: '拜访记录已提交并锁定,不能再修改或提交(id)', en: 'The visit record is submitted and locked; it cannot be changed or submitted again (id)' },
  'activity.visitSystem': { zh: '系统生成的拜访记录不能手动修改(id)', en: 'A system-generated visit record cannot be edited by hand (id)' },
  'activity.visitNotOwner': { zh: '只能修改自己的拜访记录(id)', en: 'You can only change your own visit records (id)' },
  'activity.channelRequired': { zh: '请选择拜访方式(channel)', en: 'Please choose the channel (channel)' },
  'activity.doctorsRequired': { zh: '请至少选择一位医生(doctorIds)', en: 'Please choose at least one doctor (doctorIds)' },
  'activity.doctorsTooMany': { zh: `一次最多选择 ${ACTIVITY_LIMITS.groupMax} 位医生(doctorIds)`, en: `At most ${ACTIVITY_LIMITS.groupMax} doctors at a time (doctorIds)` },
  'activity.doctorsDuplicate': { zh: '医生(doctorIds)不能重复', en: 'A doctor is listed twice (doctorIds)' },
  'activity.productRequired': { zh: '请填写产品(products.product)', en: 'Please enter the product (products.product)' },
  'activity.rangeInvalid': { zh: '结束时间(end)不能早于开始时间(start)', en: 'The end (end) cannot be before the start (start)' },
  'activity.rangeTooLong': { zh: '时间范围(end)最多 {days} 天', en: 'The range (end) is at most {days} days' },
  'activity.cursorInvalid': { zh: '分页游标(cursor)无效', en: 'The page cursor (cursor) is not valid' },
  'activity.callIdRequired': { zh: '请填写通话ID(callId)', en: 'Please enter the call id (callId)' },
  'activity.callExists': { zh: '该通话(callId)已登记', en: 'This call (callId) is already recorded' },
  'activity.callNotFound': { zh: '通话(callId)不存在', en: 'The call (callId) does not exist' },
  'activity.callVisitExists': { zh: '该通话(callId)已生成拜访记录', en: 'A visit record was already made from this call (callId)' },
  'activity.callNotEnded': { zh: '通话(callId)尚未结束,不能生成拜访记录', en: 'The call (callId) has not ended; no visit can be made from it yet' },
  'activity.notTeamMember': { zh: '该用户(userId)不在您的团队中', en: 'This user (userId) is not in your team' },
  'activity.usernameMismatch': { zh: '只能查询自己的未完成任务数(username)', en: 'You can only ask for your own undone task count (username)' },
  'activity.unsavedVisit': { zh: '拜访记录已修改但未提交,关闭后未保存的信息将会丢失,是否继续?', en: 'The visit record was edited and not submitted; unsaved information will be lost. Continue?' },
  'activity.unsavedTask': { zh: '任务尚未提交,关闭后未保存的信息将会丢失,是否继续?', en: 'The task form is not submitted; unsaved information will be lost. Continue?' },
} as const satisfies Record<string, MessageText>;
export type ActivityMessageKey = keyof typeof ACTIVITY_MESSAGES;

// ---------------------------------------------------------------- request schemas

const m = (key: ActivityMessageKey) => ({ message: key });
/** A number or its decimal text (query strings). */
const intText = z.union([z.number().int(), z.string().trim().regex(/^-?\d{1,10}$/).transform(Number)]);
const size = intText.pipe(z.number().int().min(1).max(ACTIVITY_LIMITS.pageMax)).default(ACTIVITY_LIMITS.pageDefault);
const cursor = z.string().trim().min(1).max(ACTIVITY_LIMITS.cursorMax).regex(/^[A-Za-z0-9_-]+$/, m('activity.cursorInvalid')).optional();
/** A time: ISO 8601 text or epoch milliseconds; the output is epoch milliseconds. */
const time = (key: ActivityMessageKey = 'activity.timeInvalid') =>
  z
    .union([z.number().int().min(0).max(8.64e15), z.string().trim().min(1).max(40).refine(isStorableText)])
    .transform((v, ctx) => {
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
  cursor,
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
  principalId: dbId.optional().refine((v) => v !== undefined, m('activity.principalRequired')).transform((v) => v!),
  dueTime: time().optional().refine((v) => v !== undefined, m('activity.dueRequired')).transform((v) => v!),
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
export const taskRecordDetailQuery = z.strictObject({ userId: dbIdParam, status: intText.pipe(z.number().int().min(0).max(3)).optional(), cursor, size });

const product = z.strictObject({
  product: z.string(m('activity.productRequired')).pipe(dbText(ACTIVITY_LIMITS.productMax)).pipe(z.string().min(1, m('activity.productRequired'))),
  keyMessages: z.array(z.string().pipe(dbText(ACTIVITY_LIMITS.keyMessageMax)).pipe(z.string().min(1))).max(ACTIVITY_LIMITS.keyMessagesMax).default([]),
});
const visitFields = {
  visitTime: time().optional().refine((v) => v !== undefined, m('activity.visitTimeRequired')).transform((v) => v!),
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
  doctorId: dbId.optional().refine((v) => v !== undefined, m('activity.doctorRequired')).transform((v) => v!),
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
  planTime: time().optional().refine((v) => v !== undefined, m('activity.dueRequired')).transform((v) => v!),
  title: dbText(ACTIVITY_LIMITS.titleMax).default(''),
  body: text(ACTIVITY_LIMITS.bodyMax),
  channel: z.enum(VISIT_CHANNELS).default('face'),
});
export const createCallVisitRequest = z.strictObject({ callId: z.string(m('activity.callIdRequired')).pipe(dbText(64)).pipe(z.string().min(1, m('activity.callIdRequired'))) });
export const visitListQuery = z.strictObject({
  status: z.string().trim().max(20).optional(),
  type: z.string().trim().max(20).optional(),
  channel: z.enum(VISIT_CHANNELS).optional(),
  doctorId: dbIdParam.optional(),
  userId: dbIdParam.optional(),
  start: time().optional(),
  end: time().optional(),
  cursor,
  size,
});
export const groupByRecordTypeQuery = z.strictObject({ start: time(), end: time() });
export const businessRecordQuery = z.strictObject({ doctorId: dbIdParam, kind: z.enum(['visit', 'call', 'task']).optional(), cursor, size });

const callIdText = z.string(m('activity.callIdRequired')).pipe(dbText(64)).pipe(z.string().min(1, m('activity.callIdRequired')).regex(/^[A-Za-z0-9_.:-]+$/, m('activity.callIdRequired')));
export const addCallRequest = z.strictObject({
  callId: callIdText,
  doctorId: dbId.optional().refine((v) => v !== undefined, m('activity.doctorRequired')).transform((v) => v!),
  direction: z.enum(['out', 'in']).default('out'),
  startTime: time(),
  endTime: time().nullable().default(null),
  messages: z
    .array(z.strictObject({ speaker: z.enum(['rep', 'doctor']), text: z.string().pipe(dbText(ACTIVITY_LIMITS.transcriptMax)).pipe(z.string().min(1)), at: time().optional() }))
    .max(2000)
    .default([]),
});
export const callListQuery = z.strictObject({ doctorId: dbIdParam.optional(), cursor, size });
export const callIdQuery = z.strictObject({ callId: callIdText });

// ---------------------------------------------------------------- rows

/** A keyset page: `nextCursor` asks for the next one; `total` is capped at countCap (`totalCapped`). */
export interface ActivityPage<T> {
  list: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}
export interface UserRef {
  id: number;
  username: string;
  name: string;
}
export interface DoctorRef {
  id: number;
  name: string;
  hospitalName: string;
  department: string;
}
export interface TaskItem {
  id: number;
  title: string;
  body: string;
  classification: TaskClassification;
  status: number;
  priority: number;
  dueTime: string;
  principal: UserRef;
  creator: UserRef;
  doctor: DoctorRef | null;
  meetingId: number | null;
  createdAt: string;
  updatedAt: string;
  /** How many times it has been forwarded. */
  forwards: number;
}
export interface TaskLogItem {
  id: number;
  action: 'create' | 'update' | 'status' | 'forward' | 'push' | 'visit';
  actor: UserRef;
  /** forward: from and to. */
  from: UserRef | null;
  to: UserRef | null;
  detail: Record<string, unknown>;
  at: string;
}
export interface ClassificationCount {
  classification: TaskClassification;
  total: number;
  undone: number;
}
export interface PrincipalItem extends UserRef {
  department: string;
}
export interface VisitProduct {
  product: string;
  keyMessages: string[];
}
export interface VisitItem {
  id: number;
  user: UserRef;
  doctor: DoctorRef;
  visitTime: string;
  channel: VisitChannel;
  status: number;
  type: number;
  groupId: string | null;
  purpose: string;
  feedback: string;
  nextStep: string;
  durationSeconds: number | null;
  effective: boolean;
  products: VisitProduct[];
  taskId: number | null;
  callId: string | null;
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface RecordTypeCount {
  channel: VisitChannel;
  total: number;
  submitted: number;
  effective: number;
}
export interface TaskRecordRow {
  user: UserRef;
  total: number;
  undone: number;
  done: number;
  overdue: number;
}
export interface CallItem {
  callId: string;
  user: UserRef;
  doctor: DoctorRef;
  direction: 'out' | 'in';
  startTime: string;
  endTime: string | null;
  durationSeconds: number | null;
  visitId: number | null;
  messages: number;
}
export interface CallMessage {
  seq: number;
  speaker: 'rep' | 'doctor';
  text: string;
  at: string | null;
}
/** One line of a doctor's business record. */
export interface BusinessRecordItem {
  kind: 'visit' | 'call' | 'task';
  id: number;
  at: string;
  user: UserRef;
  title: string;
  /** visit: 0/1; task: 0..3; call: null. */
  status: number | null;
  channel: string | null;
  effective: boolean | null;
}
