import { BADGE_MAX } from '../../constants.js';
import type { MessageText } from '../../message-text.js';

/** Limits, codes, their labels and the rules of the activity area (no schemas: pages that only show these load no zod). */
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
/**
 * Visit purposes by code, for the import of visit history (docs/decisions/0053): a file names one by
 * code or by label in either language; the record keeps the Chinese label, as the purpose the visit
 * form writes is text.
 */
export const VISIT_PURPOSES = ['product', 'academic', 'meeting', 'case', 'followUp', 'other'] as const;
export type VisitPurpose = (typeof VISIT_PURPOSES)[number];
export const VISIT_PURPOSE_LABELS: Record<VisitPurpose, MessageText> = {
  product: { zh: '产品介绍', en: 'Product introduction' },
  academic: { zh: '学术交流', en: 'Academic exchange' },
  meeting: { zh: '会议邀请', en: 'Meeting invitation' },
  case: { zh: '病例讨论', en: 'Case discussion' },
  followUp: { zh: '用药随访', en: 'Medication follow-up' },
  other: { zh: '其他', en: 'Other' },
};

/**
 * A visit's purpose as a report shows it: a purpose is free text, and one of the common purposes
 * (as written in Chinese) becomes its report value (`analytics.value.purpose<Code>`), shown in the
 * reader's language; any other purpose is shown as written.
 */
export function visitPurposeValue(purpose: string): string {
  const code = VISIT_PURPOSES.find((p) => p !== 'other' && VISIT_PURPOSE_LABELS[p].zh === purpose.trim());
  return code ? `purpose${code[0]!.toUpperCase()}${code.slice(1)}` : purpose;
}
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
export function isEffectiveVisit(v: {
  status: number;
  type: number;
  channel: VisitChannel;
  durationSeconds: number | null;
  products: readonly { keyMessages: readonly string[] }[];
}): boolean {
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
