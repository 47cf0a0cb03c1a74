import type { MessageText } from '../message-text.js';
import type { IntelDoctor } from './intelligence.js';

/**
 * Smart suggestions (doctorIntelligenceAdvice; spec 001 sections 1, 2.4 and 5; issue 17;
 * docs/decisions/0029): per representative, which doctors of their data scope to focus on and
 * why. A background job computes them from rows (KOL scores, co-authorship, papers, the
 * representative's own visits) into a table; the list reads it by category, keyset paged.
 */

const S = '/API-SALEA/doctorIntelligence/suggestions';

export const SUGGESTION_PATHS = {
  /** GET ?category&cursor&size → SuggestionPage (category required: 'intel.suggestion.category'). */
  list: S,
  /** POST {id, action: 'done' | 'dismissed'} → the suggestion with its feedback; another user's → 404. */
  feedback: `${S}/feedback`,
  /** POST {} → queues a recompute of the caller's suggestions → SuggestionJobState. */
  refresh: `${S}/refresh`,
} as const;

/** The menu (menus.code) that opens the page and every call. */
export const SUGGESTION_AUTHORITY = 'doctor:doctorIntelligenceAdvice';

/** The categories (the spec names none): whom to visit, whom to follow academically, the KOLs. */
export const SUGGESTION_CATEGORIES = ['visit', 'academic', 'kol'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

export const SUGGESTION_REASONS = ['notVisited', 'kolTier', 'coauthorOfTop', 'recentPapers', 'risingScore', 'yourMeeting'] as const;
export type SuggestionReasonCode = (typeof SUGGESTION_REASONS)[number];

export const SUGGESTION_ACTIONS = ['done', 'dismissed'] as const;
export type SuggestionAction = (typeof SUGGESTION_ACTIONS)[number];

export const SUGGESTION_LIMITS = {
  /** "Not visited in N days". */
  notVisitedDays: 60,
  /** Doctors worth a visit: their best KOL score reaches this. */
  visitMinScore: 50,
  /** "KOL": their best KOL score reaches this (tier T1). */
  kolMinScore: 75,
  /** "Your top doctors": the N highest-scoring doctors of the scope. */
  topDoctors: 3,
  /** "Recent papers": at least N papers in the current and the previous calendar year. */
  recentPapersMin: 2,
  /** "Rising KOL score": the score rose by at least this many points since the previous recompute run. */
  risingMinDelta: 5,
  /** "Spoke at / attended your meeting": meetings you organise or co-organise that started in the last N days. */
  meetingDays: 90,
  /** Candidates considered per representative: the highest-scoring doctors of the scope. */
  candidates: 400,
  /** Suggestions kept per representative and category. */
  perCategory: 50,
  /** A suggestion expires this many days after it is computed. */
  expiryDays: 14,
  /** A dismissed suggestion does not come back for this many days. */
  dismissDays: 30,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  countCap: 10_000,
} as const;

/* ---------- reasons: codes with the evidence they were computed from ---------- */

export type SuggestionReason =
  | { code: 'notVisited'; points: number; evidence: { lastVisitAt: string | null; days: number | null; visits: number } }
  | { code: 'kolTier'; points: number; evidence: { indication: string; score: number; tier: string } }
  | {
      code: 'coauthorOfTop';
      points: number;
      evidence: { topDoctorId: number; topDoctorName: string; topScore: number; papers: number; paperId: number; paperTitle: string; year: number };
    }
  | { code: 'recentPapers'; points: number; evidence: { papers: number; sinceYear: number; latestTitle: string; latestYear: number; citations: number } }
  | { code: 'risingScore'; points: number; evidence: { indication: string; from: number; to: number; since: string } }
  | {
      code: 'yourMeeting';
      points: number;
      evidence: { meetingId: number; meetingName: string; startTime: string; role: 'attendee' | 'speaker' | 'chair'; meetings: number };
    };

/** The reason every suggestion of a category has (the others join it as support). */
export const CATEGORY_REASONS: Record<SuggestionCategory, readonly SuggestionReasonCode[]> = {
  visit: ['notVisited', 'yourMeeting'],
  kol: ['kolTier', 'risingScore'],
  academic: ['coauthorOfTop', 'recentPapers'],
};

/** The priority: the sum of the reasons' points, at most 100 (the page shows the sum). */
export function priorityOf(reasons: readonly { points: number }[]): number {
  return Math.min(100, Math.round(reasons.reduce((sum, r) => sum + r.points, 0)));
}

/* ---------- responses ---------- */

export interface SuggestionRow {
  id: number;
  category: SuggestionCategory;
  priority: number;
  doctor: IntelDoctor;
  reasons: SuggestionReason[];
  computedAt: string;
  expiresAt: string;
  status: 'open' | SuggestionAction;
  feedbackAt: string | null;
}

export interface SuggestionJobState {
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  requestedAt: string | null;
  finishedAt: string | null;
}

export interface SuggestionPage {
  list: SuggestionRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  /** When the caller's suggestions were last computed (null: never). */
  computedAt: string | null;
  job: SuggestionJobState;
}

/* ---------- messages (zh + en): the rule's message, the page's words, each reason's sentence ---------- */

export const SUGGESTION_MESSAGES = {
  'intel.suggestion.category': { zh: '请选择智能建议类别', en: 'Smart-suggestion category must be chosen' },
  'intel.suggestion.refreshQueued': { zh: '已开始重新计算建议', en: 'Suggestions are being recomputed' },
  'intel.suggestion.cat.visit': { zh: '拜访建议', en: 'Visit' },
  'intel.suggestion.cat.academic': { zh: '学术跟进', en: 'Academic' },
  'intel.suggestion.cat.kol': { zh: '重点 KOL', en: 'KOL' },
  'intel.suggestion.reason.notVisited': {
    zh: '已 {days} 天未拜访(上次拜访 {date},共 {visits} 次)',
    en: 'Not visited in {days} days (last visit {date}, {visits} in all)',
  },
  'intel.suggestion.reason.neverVisited': { zh: '您从未拜访过该医生', en: 'You have never visited this doctor' },
  'intel.suggestion.reason.kolTier': { zh: '{indication} KOL 评分 {score}({tier})', en: 'KOL score {score} ({tier}) in {indication}' },
  'intel.suggestion.reason.coauthorOfTop': {
    zh: '与您的重点医生 {name}(KOL {score})合著 {papers} 篇论文,如《{title}》({year})',
    en: 'Co-author of your top doctor {name} (KOL {score}), papers together: {papers}, e.g. "{title}" ({year})',
  },
  'intel.suggestion.reason.recentPapers': {
    zh: '{since} 年以来发表 {papers} 篇论文(被引 {citations}),最新《{title}》({year})',
    en: 'Papers since {since}: {papers} (cited {citations}), latest "{title}" ({year})',
  },
  'intel.suggestion.reason.risingScore': { zh: '{indication} KOL 评分自 {date} 起 {from} → {to}', en: 'KOL score {from} → {to} in {indication} since {date}' },
  'intel.suggestion.reason.yourMeeting.attendee': { zh: '{date} 参加了您的会议《{name}》', en: 'Attended your meeting "{name}" on {date}' },
  'intel.suggestion.reason.yourMeeting.speaker': { zh: '{date} 在您的会议《{name}》上讲课', en: 'Spoke at your meeting "{name}" on {date}' },
  'intel.suggestion.reason.yourMeeting.chair': { zh: '{date} 主持了您的会议《{name}》', en: 'Chaired your meeting "{name}" on {date}' },
  'intel.suggestion.reason.yourMeeting.more': { zh: '(近 {days} 天共 {n} 场)', en: ' ({n} of your meetings in {days} days)' },
  'intel.suggestion.points': { zh: '+{points} 分', en: '+{points} points' },
  'intel.suggestion.priority': { zh: '优先级', en: 'Priority' },
  'intel.suggestion.priorityHow': { zh: '优先级 = 各理由得分之和(最高 100)', en: 'Priority = the sum of the reasons\u2019 points (at most 100)' },
  'intel.suggestion.category.label': { zh: '建议类别', en: 'Category' },
  'intel.suggestion.category.placeholder': { zh: '请选择建议类别', en: 'Choose a category' },
  'intel.suggestion.query': { zh: '查询', en: 'Query' },
  'intel.suggestion.refresh': { zh: '重新计算', en: 'Recompute' },
  'intel.suggestion.computing': { zh: '正在计算建议…', en: 'Computing suggestions…' },
  'intel.suggestion.computedAt': { zh: '计算于 {time}', en: 'Computed {time}' },
  'intel.suggestion.expires': { zh: '有效期至 {time}', en: 'Valid until {time}' },
  'intel.suggestion.done': { zh: '已完成', en: 'Done' },
  'intel.suggestion.dismiss': { zh: '忽略', en: 'Dismiss' },
  'intel.suggestion.doneSaved': { zh: '已标记为完成', en: 'Marked as done' },
  'intel.suggestion.dismissSaved': { zh: '已忽略,{days} 天内不再建议', en: 'Dismissed; not suggested again for {days} days' },
  'intel.suggestion.empty': { zh: '该类别暂无建议', en: 'No suggestions in this category' },
  'intel.suggestion.choose': { zh: '选择类别后查看建议:拜访建议、学术跟进、重点 KOL', en: 'Choose a category to see suggestions: visit, academic or KOL' },
  'intel.suggestion.total': { zh: '共 {total} 条', en: '{total} in all' },
} as const satisfies Record<string, MessageText>;
