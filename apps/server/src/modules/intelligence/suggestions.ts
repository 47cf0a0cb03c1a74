import {
  CATEGORY_REASONS,
  SUGGESTION_CATEGORIES,
  SUGGESTION_LIMITS as L,
  priorityOf,
  roundKolScore,
  type SuggestionCategory,
  type SuggestionReason,
} from '@field-portal/shared';

/**
 * The rules of smart suggestions (docs/decisions/0029), pure: the facts of one doctor (read from
 * rows by suggestions-repo.ts) in, the reasons that fire and the suggestions by category out.
 * Each reason carries the evidence it fired on and its points; the priority is their sum, at
 * most 100 (notVisited ≤ 25, kolTier ≤ 30, coauthorOfTop ≤ 25, recentPapers ≤ 20, risingScore ≤ 20,
 * yourMeeting ≤ 15).
 */

const DAY_MS = 86_400_000;

export interface DoctorFacts {
  doctorId: number;
  /** The doctor's best KOL score (intel_kol_scores), null when unscored. */
  best: { indication: string; score: number; tier: string } | null;
  /** The representative's own visits to the doctor (activity service); undefined: none. */
  visits?: { visits: number; lastVisitAt: string };
  /** Co-authorship with one of the representative's top doctors (intel_relations + a shared paper). */
  coauthor?: { topDoctorId: number; topDoctorName: string; topScore: number; papers: number; paperId: number; paperTitle: string; year: number };
  /** Papers since `sinceYear` (intel_paper_authors + intel_papers). */
  recent?: { papers: number; sinceYear: number; latestTitle: string; latestYear: number; citations: number };
  /** The biggest rise of the doctor's score from the previous recompute run to the latest (history.ts). */
  rise?: { indication: string; from: number; to: number; since: string };
  /** The representative's latest meeting the doctor spoke at, chaired or attended (meetings service). */
  meeting?: { meetingId: number; title: string; startTime: string; role: 'attendee' | 'speaker' | 'chair'; meetings: number };
}

export function notVisitedReason(f: DoctorFacts, now: Date): SuggestionReason | undefined {
  if (!f.best || f.best.score < L.visitMinScore) return undefined;
  if (!f.visits) return { code: 'notVisited', points: 25, evidence: { lastVisitAt: null, days: null, visits: 0 } };
  const days = Math.floor((now.getTime() - Date.parse(f.visits.lastVisitAt)) / DAY_MS);
  if (days < L.notVisitedDays) return undefined;
  return {
    code: 'notVisited',
    points: Math.min(25, 10 + Math.floor((days - L.notVisitedDays) / 6)),
    evidence: { lastVisitAt: f.visits.lastVisitAt, days, visits: f.visits.visits },
  };
}

export function kolTierReason(f: DoctorFacts): SuggestionReason | undefined {
  if (!f.best || f.best.score < L.kolMinScore) return undefined;
  return {
    code: 'kolTier',
    points: Math.round(f.best.score * 0.3),
    evidence: { indication: f.best.indication, score: roundKolScore(f.best.score), tier: f.best.tier },
  };
}

export function coauthorReason(f: DoctorFacts): SuggestionReason | undefined {
  if (!f.coauthor || f.coauthor.topDoctorId === f.doctorId || f.coauthor.papers < 1) return undefined;
  return { code: 'coauthorOfTop', points: 10 + 5 * Math.min(3, f.coauthor.papers), evidence: { ...f.coauthor, topScore: roundKolScore(f.coauthor.topScore) } };
}

export function recentPapersReason(f: DoctorFacts): SuggestionReason | undefined {
  if (!f.recent || f.recent.papers < L.recentPapersMin) return undefined;
  return { code: 'recentPapers', points: Math.min(20, 5 * f.recent.papers), evidence: { ...f.recent } };
}

/** "KOL score 61 → 74 since <date>": the score rose by at least L.risingMinDelta points since the previous run. */
export function risingReason(f: DoctorFacts): SuggestionReason | undefined {
  if (!f.rise) return undefined;
  // Scores are kept to two decimals (stored as real): compare at that precision.
  const delta = Math.round((f.rise.to - f.rise.from) * 100) / 100;
  if (!(delta >= L.risingMinDelta)) return undefined;
  return {
    code: 'risingScore',
    points: Math.min(20, 5 + Math.round(delta)),
    evidence: { indication: f.rise.indication, from: roundKolScore(f.rise.from), to: roundKolScore(f.rise.to), since: f.rise.since },
  };
}

/** "Spoke at / attended your meeting on <date>": a meeting of the representative's that started in the last L.meetingDays days. */
export function yourMeetingReason(f: DoctorFacts, now: Date): SuggestionReason | undefined {
  if (!f.meeting) return undefined;
  const started = Date.parse(f.meeting.startTime);
  if (!(started <= now.getTime()) || now.getTime() - started > L.meetingDays * DAY_MS) return undefined;
  return {
    code: 'yourMeeting',
    points: f.meeting.role === 'attendee' ? 10 : 15,
    evidence: {
      meetingId: f.meeting.meetingId,
      meetingName: f.meeting.title,
      startTime: f.meeting.startTime,
      role: f.meeting.role,
      meetings: f.meeting.meetings,
    },
  };
}

/** Every reason that fires for the doctor, in the order they are shown. */
export function reasonsFor(f: DoctorFacts, now: Date): SuggestionReason[] {
  return [notVisitedReason(f, now), yourMeetingReason(f, now), kolTierReason(f), risingReason(f), coauthorReason(f), recentPapersReason(f)].filter(
    (r): r is SuggestionReason => r !== undefined,
  );
}

export interface Suggested {
  doctorId: number;
  category: SuggestionCategory;
  priority: number;
  reasons: SuggestionReason[];
}

/**
 * The doctor's suggestions: one per category whose own reason fires (visit: notVisited or
 * yourMeeting; kol: kolTier or risingScore; academic: coauthorOfTop or recentPapers), carrying that reason first and the other
 * reasons that fire as support; priority = the sum of their points (at most 100).
 */
export function suggestionsFor(f: DoctorFacts, now: Date): Suggested[] {
  const reasons = reasonsFor(f, now);
  const out: Suggested[] = [];
  for (const category of SUGGESTION_CATEGORIES) {
    const own = reasons.filter((r) => CATEGORY_REASONS[category].includes(r.code));
    if (own.length === 0) continue;
    const ordered = [...own, ...reasons.filter((r) => !own.includes(r))];
    out.push({ doctorId: f.doctorId, category, priority: priorityOf(ordered), reasons: ordered });
  }
  return out;
}

/** The suggestions kept per category: highest priority first (ties: lower doctor id), at most L.perCategory each. */
export function keepTop(all: readonly Suggested[], perCategory: number = L.perCategory): Suggested[] {
  const out: Suggested[] = [];
  for (const category of SUGGESTION_CATEGORIES) {
    out.push(
      ...all
        .filter((s) => s.category === category)
        .sort((a, b) => b.priority - a.priority || a.doctorId - b.doctorId)
        .slice(0, perCategory),
    );
  }
  return out;
}
