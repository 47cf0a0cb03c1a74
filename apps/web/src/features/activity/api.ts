import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  ACTIVITY_LIMITS,
  API,
  type ActivityCount,
  type ActivityPage,
  type BusinessRecordItem,
  type DoctorPage,
  type PrincipalItem,
  type TaskItem,
  type TaskLogItem,
  type TaskRecordRow,
  type TeamVisitPage,
  type VisitItem,
} from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';
import { cursorPaging, cursorParam } from '@/components/paging';

/** Calls of the activity area (spec 001 section 7.5; docs/decisions/0019). */
const P = API.activity;

export const activityKeys = {
  all: ['activity'] as const,
  undone: ['activity', 'undone'] as const,
  tasks: (params: object) => ['activity', 'tasks', params] as const,
  calendar: (start: number, end: number) => ['activity', 'calendar', start, end] as const,
  visits: (params: object) => ['activity', 'visits', params] as const,
  team: (params: object) => ['activity', 'team', params] as const,
  teamCount: (params: object) => ['activity', 'teamCount', params] as const,
  taskRecord: ['activity', 'taskRecord'] as const,
  taskRecordDetail: (userId: number) => ['activity', 'taskRecordDetail', userId] as const,
  taskLog: (taskId: number) => ['activity', 'taskLog', taskId] as const,
  business: (doctorId: number) => ['activity', 'business', doctorId] as const,
  visit: (id: number) => ['activity', 'visit', id] as const,
  principals: (keyword: string) => ['activity', 'principals', keyword] as const,
};

export const undoneQuery = () =>
  queryOptions({
    queryKey: activityKeys.undone,
    queryFn: () => getResult<{ undoneTaskNum: number }>(P.undoneTaskNum, { suppressError: true }),
    refetchInterval: 60_000,
  });

/** How many tasks a task list shows at first and adds with each 加载更多 / Load more. */
const TASK_PAGE = 50;

/** A task list read a page at a time (today's, the ones the caller created), each page after the last one's cursor. */
export const taskPagesQuery = (view: 'created' | 'today') =>
  infiniteQueryOptions({
    queryKey: activityKeys.tasks({ view, pages: true }),
    queryFn: ({ pageParam }) => getResult<ActivityPage<TaskItem>>(P.queryTask, { params: { view, size: TASK_PAGE, ...cursorParam(pageParam) } }),
    ...cursorPaging,
  });

/**
 * Every one of the caller's visits in [start, end), page after page: the calendar counts each day's
 * whole (a representative's six weeks can hold several hundred; the first page alone dropped the
 * older days of the grid). The range is at most ACTIVITY_LIMITS.calendarDaysMax days.
 */
export async function visitsBetween(start: number, end: number): Promise<VisitItem[]> {
  const visits: VisitItem[] = [];
  let cursor: string | null = null;
  do {
    const page: ActivityPage<VisitItem> = await getResult<ActivityPage<VisitItem>>(P.findVisitRecord, {
      params: { start, end, size: ACTIVITY_LIMITS.pageMax, ...(cursor ? { cursor } : {}) },
    });
    visits.push(...page.list);
    cursor = page.nextCursor;
  } while (cursor);
  return visits;
}

export const calendarQuery = (start: number, end: number) =>
  queryOptions({
    queryKey: activityKeys.calendar(start, end),
    queryFn: async () => {
      const [tasks, visits] = await Promise.all([getResult<TaskItem[]>(P.queryTimeFrameTask, { params: { start, end } }), visitsBetween(start, end)]);
      return { tasks, visits };
    },
  });

export const myVisitsQuery = (params: { cursor?: string }) =>
  queryOptions({
    queryKey: activityKeys.visits(params),
    queryFn: () => getResult<ActivityPage<VisitItem>>(P.findVisitRecord, { params: { size: 20, ...params } }),
  });

/** The team's records without their count, which is its own call (teamVisitCountQuery): the rows show without waiting for it. */
export const teamVisitsQuery = (params: { cursor?: string; userId?: number }) =>
  queryOptions({
    queryKey: activityKeys.team(params),
    queryFn: () => getResult<TeamVisitPage>(P.teamInteractioRecord, { params: { size: 20, total: 'false', ...params } }),
  });

export const teamVisitCountQuery = (params: { userId?: number }) =>
  queryOptions({ queryKey: activityKeys.teamCount(params), queryFn: () => getResult<ActivityCount>(P.teamInteractioRecordCount, { params }) });

export const taskRecordQuery = () => queryOptions({ queryKey: activityKeys.taskRecord, queryFn: () => getResult<TaskRecordRow[]>(P.taskRecord) });

export const taskRecordDetailQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: activityKeys.taskRecordDetail(userId),
    queryFn: ({ pageParam }) => getResult<ActivityPage<TaskItem>>(P.taskRecordDetail, { params: { userId, size: TASK_PAGE, ...cursorParam(pageParam) } }),
    ...cursorPaging,
  });

export const taskLogQuery = (taskId: number) =>
  queryOptions({ queryKey: activityKeys.taskLog(taskId), queryFn: () => getResult<TaskLogItem[]>(P.getTaskLog, { params: { taskId } }) });

export const businessRecordQuery = (doctorId: number) =>
  queryOptions({
    queryKey: activityKeys.business(doctorId),
    queryFn: () => getResult<ActivityPage<BusinessRecordItem>>(P.businessRecord, { params: { doctorId, size: 50 } }),
  });

export const visitQuery = (id: number) =>
  queryOptions({ queryKey: activityKeys.visit(id), queryFn: () => getResult<VisitItem>(P.findById, { params: { id } }) });

export const principalsQuery = (keyword: string) =>
  queryOptions({ queryKey: activityKeys.principals(keyword), queryFn: () => getResult<PrincipalItem[]>(P.getPrincipal, { params: { keyword } }) });

export interface TaskInput {
  title: string;
  body?: string;
  classification: string;
  principalId?: number;
  dueTime?: number;
  priority: number;
  doctorId?: number | null;
}
// The forms show a refused save themselves, on its field (lib/save-failure).
export const createTask = (body: TaskInput) => postResult<TaskItem>(P.createTask, body, { suppressError: true });
export const updateTaskStatus = (id: number, status: number) => postResult<TaskItem>(P.updateTaskStatus, { id, status });
export const forwardTask = (id: number, toUserId: number, reason: string) => postResult<TaskItem>(P.taskForward, { id, toUserId, reason });

export interface VisitInput {
  id?: number;
  doctorId?: number;
  visitTime?: number;
  channel?: string;
  status: 0 | 1;
  purpose: string;
  feedback: string;
  nextStep: string;
  durationSeconds?: number | null;
  products: { product: string; keyMessages: string[] }[];
  taskId?: number | null;
}
export const saveVisit = (body: VisitInput) => postResult<VisitItem>(P.addVisitRecord, body, { suppressError: true });
export const planVisits = (body: { doctorIds: number[]; planTime?: number; title: string; body: string; channel: string }) =>
  postResult<TaskItem[]>(P.addVisitActivity, body, { suppressError: true });

/** Doctors within the caller's scope whose name matches (the customers area's list). */
export async function searchDoctors(keyword: string): Promise<{ id: number; name: string; hospitalName: string }[]> {
  const page = await getResult<DoctorPage>(API.customers.doctor.list, { params: { doctorRange: 'internal', search: keyword, size: 20 }, suppressError: true });
  return page.content;
}
