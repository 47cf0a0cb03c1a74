import type { DoctorOutOfScope } from '../customers/out-of-scope.js';
import type { TaskClassification, VisitChannel } from './limits.js';

// ---------------------------------------------------------------- rows

/** A keyset page: `nextCursor` asks for the next one; `total` is capped at countCap (`totalCapped`). */
export interface ActivityPage<T> {
  list: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}
/** A page of team records: `total` is null when asked with `total=false` (the count is then teamInteractioRecordCount). */
export type TeamVisitPage = Omit<ActivityPage<VisitItem>, 'total'> & { total: number | null };
/** A list's capped count, asked apart from its pages. */
export interface ActivityCount {
  total: number;
  totalCapped: boolean;
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
/** The doctor of a task, visit or call as its reader may see it: outside the reader's data scope, only the marker. */
export type NamedDoctorRef = DoctorRef | DoctorOutOfScope;
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
  doctor: NamedDoctorRef | null;
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
  doctor: NamedDoctorRef;
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
  doctor: NamedDoctorRef;
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
