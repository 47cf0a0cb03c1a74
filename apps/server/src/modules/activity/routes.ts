import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  addCallRequest,
  addVisitActivityRequest,
  addVisitRecordListRequest,
  addVisitRecordRequest,
  businessRecordQuery,
  callIdQuery,
  callListQuery,
  createCallVisitRequest,
  createTaskRequest,
  groupByRecordTypeQuery,
  idQuery,
  principalQuery,
  taskForwardRequest,
  taskIdQuery,
  taskListQuery,
  taskPushLogRequest,
  taskRecordDetailQuery,
  timeFrameQuery,
  undoneTaskNumQuery,
  updateTaskRequest,
  updateTaskStatusRequest,
  visitListQuery,
  teamVisitCountQuery,
  teamVisitListQuery,
} from '@field-portal/shared';
import { currentUser } from '../../platform/auth.js';
import { businessRecord } from './business-record.js';
import { addCall, callInfo, callMessages, createCallVisit, listCalls } from './calls.js';
import { searchPrincipals } from '../admin/index.js';
import {
  classificationCounts,
  createTask,
  forwardTask,
  getTask,
  pushLog,
  queryTasks,
  taskLog,
  taskRecord,
  taskRecordDetail,
  timeFrameTasks,
  undoneTaskNum,
  updateTask,
  updateTaskStatus,
  type ActivityDeps,
} from './tasks.js';
import { findVisit, groupByRecordType, myVisits, planVisits, saveVisit, saveVisitList, teamVisitCount, teamVisits } from './visits.js';

/** Menu authorities (seed/menus.ts) of the task area. */
export const ACTIVITY_AUTHORITIES = {
  /** Any task screen: tasks, visits and calls of the caller. */
  field: [
    'task:myPlan',
    'task:newRecord',
    'newRecord:visitReport',
    'newRecord:activityPlan',
    'task:today',
    'task:taskMineCreate',
    'task:taskRecord',
    'task:done',
  ],
  /** The doctor's business record (customers area) or a task screen. */
  businessRecord: ['customer:businessRecord', 'task:myPlan', 'task:newRecord'],
  team: 'task:teamInteractioRecord',
  taskRecord: ['task:taskRecord', 'task:taskRecordDetail'],
} as const;

const P = API.activity;

/** Tasks, visit records, call records, the business record and the manager views (docs/decisions/0019). */
export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ActivityDeps => ({ db: app.ctx.database.db, now: app.ctx.now });
  const field = { authority: ACTIVITY_AUTHORITIES.field };
  const tasks = ['activity: tasks'];
  const visits = ['activity: visits'];
  const calls = ['activity: calls'];

  // ---- tasks
  r.get(P.queryTask, {
    config: field,
    schema: { tags: tasks, summary: "The caller's tasks (mine, created, today), keyset paged", querystring: taskListQuery },
    handler: async (request) => queryTasks(deps(), currentUser(request), request.query),
  });
  r.get(P.queryTimeFrameTask, {
    config: field,
    schema: { tags: tasks, summary: "The caller's tasks due within [start, end) (the calendar; at most 62 days)", querystring: timeFrameQuery },
    handler: async (request) => timeFrameTasks(deps(), currentUser(request), request.query.start, request.query.end),
  });
  r.get(P.getClassificationTask, {
    config: field,
    schema: { tags: tasks, summary: "The caller's tasks by classification: total and undone" },
    handler: async (request) => classificationCounts(deps(), currentUser(request)),
  });
  r.get(P.getTaskLog, {
    config: field,
    schema: { tags: tasks, summary: 'Every change of a task, oldest first; forward rows make the forwarding chain', querystring: taskIdQuery },
    handler: async (request) => taskLog(deps(), currentUser(request), request.query.taskId),
  });
  r.get(P.getPrincipal, {
    config: field,
    schema: { tags: tasks, summary: 'Enabled accounts a task can be given to, by username or name', querystring: principalQuery },
    handler: async (request) => searchPrincipals(app.ctx.database.db, request.query.keyword),
  });
  r.get(P.taskById, {
    config: field,
    schema: { tags: tasks, summary: 'One task (creator, principal, forwarders and the principal’s manager)', querystring: idQuery },
    handler: async (request) => getTask(deps(), currentUser(request), request.query.id),
  });
  r.post(P.createTask, {
    config: field,
    schema: { tags: tasks, summary: 'Create a task (principal required and enabled; doctor within scope)', body: createTaskRequest },
    handler: async (request) => createTask(deps(), currentUser(request), request.body),
  });
  r.post(P.updateTask, {
    config: field,
    schema: { tags: tasks, summary: 'Edit an open task (creator only); the log keeps every change', body: updateTaskRequest },
    handler: async (request) => updateTask(deps(), currentUser(request), request.body),
  });
  r.post(P.updateTaskStatus, {
    config: field,
    schema: { tags: tasks, summary: 'Set the status: 0 to do, 1 in progress, 2 done, 3 cancelled (principal or creator)', body: updateTaskStatusRequest },
    handler: async (request) => updateTaskStatus(deps(), currentUser(request), request.body),
  });
  r.post(P.taskForward, {
    config: field,
    schema: { tags: tasks, summary: 'Forward the task to another enabled account (principal only)', body: taskForwardRequest },
    handler: async (request) => forwardTask(deps(), currentUser(request), request.body),
  });
  r.post(P.jvisaTaskPushLog, {
    config: field,
    schema: { tags: tasks, summary: 'Record that the task was pushed to its principal; answers the log', body: taskPushLogRequest },
    handler: async (request) => pushLog(deps(), currentUser(request), request.body),
  });
  // The badge is on every page of every signed-in user (spec 001 section 7.2).
  r.get(P.undoneTaskNum, {
    schema: { tags: tasks, summary: "The caller's undone task count {undoneTaskNum} (the badge shows at most 99)", querystring: undoneTaskNumQuery },
    handler: async (request) => undoneTaskNum(deps(), currentUser(request), request.query.username),
  });
  r.get(P.taskRecord, {
    config: { authority: ACTIVITY_AUTHORITIES.taskRecord },
    schema: { tags: tasks, summary: 'Task figures of the caller and each member of their team' },
    handler: async (request) => taskRecord(deps(), currentUser(request)),
  });
  r.get(P.taskRecordDetail, {
    config: { authority: ACTIVITY_AUTHORITIES.taskRecord },
    schema: { tags: tasks, summary: "One team member's tasks (the caller's own or their team's)", querystring: taskRecordDetailQuery },
    handler: async (request) => taskRecordDetail(deps(), currentUser(request), request.query),
  });

  // ---- visit records
  r.post(P.addVisitRecord, {
    config: field,
    schema: { tags: visits, summary: 'Save (status 0) or submit (status 1) a visit record; a submitted record is locked', body: addVisitRecordRequest },
    handler: async (request) => saveVisit(deps(), currentUser(request), request.body),
  });
  r.post(P.addVisitRecordList, {
    config: field,
    schema: { tags: visits, summary: 'A group visit: one record per doctor, in one transaction', body: addVisitRecordListRequest },
    handler: async (request) => saveVisitList(deps(), currentUser(request), request.body),
  });
  r.post(P.createCallVisit, {
    config: field,
    schema: { tags: visits, summary: 'The ended call becomes a submitted system-generated (type 1) phone visit', body: createCallVisitRequest },
    handler: async (request) => createCallVisit(deps(), currentUser(request), request.body.callId),
  });
  r.post(P.addVisitActivity, {
    config: field,
    schema: { tags: visits, summary: 'Plan visits (the activity plan): one visit task per doctor', body: addVisitActivityRequest },
    handler: async (request) => planVisits(deps(), currentUser(request), request.body),
  });
  r.get(P.findVisitRecord, {
    config: field,
    schema: { tags: visits, summary: "The caller's records, newest first; status and type accept codes or labels", querystring: visitListQuery },
    handler: async (request) => myVisits(deps(), currentUser(request), request.query),
  });
  r.get(P.findById, {
    config: { authority: ACTIVITY_AUTHORITIES.businessRecord },
    schema: { tags: visits, summary: 'One visit record with its products and key messages', querystring: idQuery },
    handler: async (request) => findVisit(deps(), currentUser(request), request.query.id),
  });
  r.get(P.groupByRecordType, {
    config: field,
    schema: { tags: visits, summary: "The caller's visits in [start, end) by channel: total, submitted, effective", querystring: groupByRecordTypeQuery },
    handler: async (request) => groupByRecordType(deps(), currentUser(request), request.query.start, request.query.end),
  });
  r.get(P.teamInteractioRecord, {
    config: { authority: ACTIVITY_AUTHORITIES.team },
    schema: {
      tags: visits,
      summary: "The records of the caller's team within the caller's doctor scope (total=false: without the count)",
      querystring: teamVisitListQuery,
    },
    handler: async (request) => teamVisits(deps(), currentUser(request), request.query),
  });
  r.get(P.teamInteractioRecordCount, {
    config: { authority: ACTIVITY_AUTHORITIES.team },
    schema: {
      tags: visits,
      summary: 'The team records counted up to the cap (asked apart, so the first page does not wait for it)',
      querystring: teamVisitCountQuery,
    },
    handler: async (request) => teamVisitCount(deps(), currentUser(request), request.query),
  });
  r.get(P.businessRecord, {
    config: { authority: ACTIVITY_AUTHORITIES.businessRecord },
    schema: { tags: visits, summary: "The doctor's business record: visits, calls and tasks, newest first", querystring: businessRecordQuery },
    handler: async (request) => businessRecord(deps(), currentUser(request), request.query),
  });

  // ---- call records
  r.post(P.addCallId, {
    config: field,
    schema: { tags: calls, summary: 'Record a call (with its transcript) of the caller to a doctor in scope', body: addCallRequest },
    handler: async (request) => addCall(deps(), currentUser(request), request.body),
  });
  r.get(P.listByCallInfo, {
    config: field,
    schema: { tags: calls, summary: "The caller's calls, or every call to a doctor in scope", querystring: callListQuery },
    handler: async (request) => listCalls(deps(), currentUser(request), request.query),
  });
  r.get(P.queryMessages, {
    config: field,
    schema: { tags: calls, summary: 'The transcript of a call, in order', querystring: callIdQuery },
    handler: async (request) => callMessages(deps(), currentUser(request), request.query.callId),
  });
  r.get(P.queryInfo, {
    config: field,
    schema: { tags: calls, summary: 'One call', querystring: callIdQuery },
    handler: async (request) => callInfo(deps(), currentUser(request), request.query.callId),
  });
}
