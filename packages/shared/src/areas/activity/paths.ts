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
  /** GET (the list's filters) → { total, totalCapped }: the team records counted up to the cap, asked apart so the first page does not wait for the count. */
  teamInteractioRecordCount: `${VISIT}/teamInteractioRecord/count`,
  /** GET ?doctorId&cursor&size → the doctor's business record: visits, calls and tasks, newest first. */
  businessRecord: `${VISIT}/businessRecord`,
  // call records (spec 001 section 7.5)
  addCallId: `${UDESK}/add/callId`,
  listByCallInfo: `${UDESK}/list/by/callInfo`,
  queryMessages: `${UDESK}/assistant/queryMessages`,
  queryInfo: `${UDESK}/assistant/queryInfo`,
} as const;
