import { describe, expect, it } from 'vitest';
import { SUGGESTION_LIMITS as L } from '@field-portal/shared';
import {
  coauthorReason,
  keepTop,
  kolTierReason,
  notVisitedReason,
  reasonsFor,
  recentPapersReason,
  risingReason,
  suggestionsFor,
  yourMeetingReason,
  type DoctorFacts,
} from './suggestions.js';

const now = new Date('2026-11-23T08:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const facts = (extra: Partial<DoctorFacts> = {}): DoctorFacts => ({ doctorId: 7, best: { indication: '高血压', score: 60, tier: 'T2' }, ...extra });
const coauthor = { topDoctorId: 1, topDoctorName: '王医生', topScore: 91.24, papers: 2, paperId: 10, paperTitle: '一项研究', year: 2025 };

describe('notVisited', () => {
  it('fires for a doctor worth a visit never visited, with no last visit', () => {
    expect(notVisitedReason(facts(), now)).toEqual({ code: 'notVisited', points: 25, evidence: { lastVisitAt: null, days: null, visits: 0 } });
  });
  it(`fires at ${L.notVisitedDays} days since the last visit, with its date and days`, () => {
    const r = notVisitedReason(facts({ visits: { visits: 3, lastVisitAt: daysAgo(60) } }), now);
    expect(r).toEqual({ code: 'notVisited', points: 10, evidence: { lastVisitAt: daysAgo(60), days: 60, visits: 3 } });
    expect(notVisitedReason(facts({ visits: { visits: 3, lastVisitAt: daysAgo(90) } }), now)?.points).toBe(15);
    expect(notVisitedReason(facts({ visits: { visits: 3, lastVisitAt: daysAgo(400) } }), now)?.points).toBe(25);
  });
  it('does not fire when visited within the window, or for a doctor scoring below the visit minimum or unscored', () => {
    expect(notVisitedReason(facts({ visits: { visits: 1, lastVisitAt: daysAgo(59) } }), now)).toBeUndefined();
    expect(notVisitedReason(facts({ best: { indication: '高血压', score: L.visitMinScore - 0.1, tier: 'T3' } }), now)).toBeUndefined();
    expect(notVisitedReason(facts({ best: null }), now)).toBeUndefined();
  });
});

describe('kolTier', () => {
  it('fires from the KOL minimum, with the indication, score and tier', () => {
    expect(kolTierReason(facts({ best: { indication: '糖尿病', score: 80.04, tier: 'T1' } }))).toEqual({
      code: 'kolTier',
      points: 24,
      evidence: { indication: '糖尿病', score: 80, tier: 'T1' },
    });
    expect(kolTierReason(facts({ best: { indication: '糖尿病', score: L.kolMinScore, tier: 'T1' } }))?.code).toBe('kolTier');
  });
  it('does not fire below it', () => {
    expect(kolTierReason(facts({ best: { indication: '糖尿病', score: L.kolMinScore - 0.01, tier: 'T2' } }))).toBeUndefined();
    expect(kolTierReason(facts({ best: null }))).toBeUndefined();
  });
});

describe('coauthorOfTop', () => {
  it('fires for a co-author of a top doctor, naming the doctor and a shared paper', () => {
    expect(coauthorReason(facts({ coauthor }))).toEqual({ code: 'coauthorOfTop', points: 20, evidence: { ...coauthor, topScore: 91.2 } });
  });
  it('does not fire without co-authorship, for the top doctor themself, or with no shared paper', () => {
    expect(coauthorReason(facts())).toBeUndefined();
    expect(coauthorReason(facts({ doctorId: 1, coauthor }))).toBeUndefined();
    expect(coauthorReason(facts({ coauthor: { ...coauthor, papers: 0 } }))).toBeUndefined();
  });
});

describe('recentPapers', () => {
  const recent = { papers: 2, sinceYear: 2025, latestTitle: '新论文', latestYear: 2026, citations: 4 };
  it(`fires from ${L.recentPapersMin} recent papers, with the latest`, () => {
    expect(recentPapersReason(facts({ recent }))).toEqual({ code: 'recentPapers', points: 10, evidence: recent });
    expect(recentPapersReason(facts({ recent: { ...recent, papers: 9 } }))?.points).toBe(20);
  });
  it('does not fire with fewer or none', () => {
    expect(recentPapersReason(facts({ recent: { ...recent, papers: 1 } }))).toBeUndefined();
    expect(recentPapersReason(facts())).toBeUndefined();
  });
});

describe('risingScore', () => {
  const since = '2025-12-31T23:59:59.000Z';
  it(`fires when the score rose by ${L.risingMinDelta} points since the previous run, with both scores and the date`, () => {
    const rise = { indication: '糖尿病', from: 61.04, to: 61.04 + L.risingMinDelta, since };
    expect(risingReason(facts({ rise }))).toEqual({
      code: 'risingScore',
      points: 5 + L.risingMinDelta,
      evidence: { indication: '糖尿病', from: 61, to: 66, since },
    });
    expect(risingReason(facts({ rise: { ...rise, from: 40, to: 74 } }))?.points).toBe(20);
  });
  it('writes both scores as every screen writes them: a T2 score just under 75 is not written 75.0', () => {
    const rise = { indication: '糖尿病', from: 69.9, to: 74.96, since };
    expect(risingReason(facts({ rise }))?.evidence).toEqual({ indication: '糖尿病', from: 69.9, to: 74.9, since });
  });
  it('does not fire just below the threshold, for a fall, or without history', () => {
    expect(risingReason(facts({ rise: { indication: '糖尿病', from: 61, to: 61 + L.risingMinDelta - 0.01, since } }))).toBeUndefined();
    expect(risingReason(facts({ rise: { indication: '糖尿病', from: 74, to: 61, since } }))).toBeUndefined();
    expect(risingReason(facts())).toBeUndefined();
  });
  it('makes a KOL suggestion on its own', () => {
    const out = suggestionsFor(facts({ visits: { visits: 1, lastVisitAt: daysAgo(2) }, rise: { indication: '糖尿病', from: 50, to: 58, since } }), now);
    expect(out).toEqual([{ doctorId: 7, category: 'kol', priority: 13, reasons: [expect.objectContaining({ code: 'risingScore' })] }]);
  });
});

describe('yourMeeting', () => {
  const meeting = { meetingId: 5, title: '糖尿病学术沙龙', startTime: daysAgo(10), role: 'speaker' as const, meetings: 2 };
  it("fires for a speaker or attendee of the representative's meeting in the window, with the meeting and its date", () => {
    expect(yourMeetingReason(facts({ meeting }), now)).toEqual({
      code: 'yourMeeting',
      points: 15,
      evidence: { meetingId: 5, meetingName: '糖尿病学术沙龙', startTime: daysAgo(10), role: 'speaker', meetings: 2 },
    });
    expect(yourMeetingReason(facts({ meeting: { ...meeting, role: 'attendee', startTime: daysAgo(L.meetingDays) } }), now)?.points).toBe(10);
  });
  it('does not fire for an older or future meeting, or without one', () => {
    expect(yourMeetingReason(facts({ meeting: { ...meeting, startTime: daysAgo(L.meetingDays + 1) } }), now)).toBeUndefined();
    expect(yourMeetingReason(facts({ meeting: { ...meeting, startTime: daysAgo(-1) } }), now)).toBeUndefined();
    expect(yourMeetingReason(facts(), now)).toBeUndefined();
  });
  it('makes a visit suggestion even for a recently visited doctor', () => {
    const out = suggestionsFor(facts({ best: null, meeting }), now);
    expect(out).toEqual([{ doctorId: 7, category: 'visit', priority: 15, reasons: [expect.objectContaining({ code: 'yourMeeting' })] }]);
  });
});

describe('suggestions by category', () => {
  it('gives nothing when no reason fires', () => {
    expect(reasonsFor(facts({ visits: { visits: 1, lastVisitAt: daysAgo(2) } }), now)).toEqual([]);
    expect(suggestionsFor(facts({ visits: { visits: 1, lastVisitAt: daysAgo(2) } }), now)).toEqual([]);
  });
  it('makes one suggestion per category whose own reason fires, own reason first, priority the capped sum', () => {
    const f = facts({
      best: { indication: '糖尿病', score: 90, tier: 'T1' },
      coauthor,
      recent: { papers: 3, sinceYear: 2025, latestTitle: 't', latestYear: 2026, citations: 1 },
    });
    const out = suggestionsFor(f, now);
    expect(out.map((s) => s.category)).toEqual(['visit', 'academic', 'kol']);
    expect(out[0]!.reasons.map((r) => r.code)).toEqual(['notVisited', 'kolTier', 'coauthorOfTop', 'recentPapers']);
    expect(out[1]!.reasons.map((r) => r.code)).toEqual(['coauthorOfTop', 'recentPapers', 'notVisited', 'kolTier']);
    expect(out[2]!.reasons[0]!.code).toBe('kolTier');
    // 25 + 27 + 20 + 15 = 87
    expect(out[0]!.priority).toBe(87);
    expect(
      suggestionsFor(
        { ...f, best: { indication: '糖尿病', score: 100, tier: 'T1' }, coauthor: { ...coauthor, papers: 9 }, recent: { ...f.recent!, papers: 9 } },
        now,
      )[0]!.priority,
    ).toBe(100);
    const visitOnly = suggestionsFor(facts({ visits: { visits: 1, lastVisitAt: daysAgo(75) } }), now);
    expect(visitOnly).toEqual([{ doctorId: 7, category: 'visit', priority: 12, reasons: [expect.objectContaining({ code: 'notVisited', points: 12 })] }]);
  });
  it('keeps the highest priorities per category, ties by doctor id', () => {
    const list = [3, 1, 2].map((doctorId) => ({ doctorId, category: 'visit' as const, priority: doctorId === 3 ? 50 : 40, reasons: [] }));
    expect(keepTop(list, 2).map((s) => s.doctorId)).toEqual([3, 1]);
  });
});
