import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_LIMITS, SUGGESTION_PATHS as P, type SuggestionJobState, type SuggestionPage, type SuggestionRow } from '@field-portal/shared';
import { runNextSuggestionJob } from './suggestions-repo.js';
import { callers, expectError, ok, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const { call } = callers(() => h, tokens);
const q = async <T>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const list = async (user: string, category: string, extra = '') => ok<SuggestionPage>(await call(user, 'GET', `${P.list}?category=${category}${extra}`));
const userId = async (username: string) => Number((await q<{ id: number }>(`select id from users where username = $1`, [username]))[0]!.id);

beforeAll(async () => {
  h = await createHarness();
  await signIn(h, ['admin', 'rep01', 'rep03', 'operator'], tokens);
  // Suggestions are computed by the job at the test clock's time (the snapshot's may have expired).
  ok(await call('rep01', 'POST', P.refresh, {}));
  ok(await call('rep03', 'POST', P.refresh, {}));
  while (await runNextSuggestionJob(h.database.db, h.clock.now));
}, 240_000);
afterAll(async () => h?.close());

describe('GET suggestions', () => {
  it("lists the representative's suggestions of a category, in scope, highest priority first, each reason with its evidence", async () => {
    const page = await list('rep01', 'visit', '&size=5');
    expect(page.list.length).toBe(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.job.status).toBe('done');
    expect(page.computedAt).not.toBeNull();
    const priorities = page.list.map((s) => s.priority);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    for (const s of page.list) {
      expect(s.category).toBe('visit');
      // a visit suggestion's own reason: not visited (or your meeting, tested in intelligence-history.test.ts)
      expect(['notVisited', 'yourMeeting']).toContain(s.reasons[0]!.code);
      if (s.reasons[0]!.code !== 'notVisited') continue;
      expect(s.priority).toBe(
        Math.min(
          100,
          s.reasons.reduce((sum, r) => sum + r.points, 0),
        ),
      );
      // in rep01's scope (上海市, 浙江省)
      const [d] = await q<{ province_code: string }>(`select province_code from doctors where id = $1`, [s.doctor.id]);
      expect(['310000', '330000']).toContain(d!.province_code);
      // the evidence is the rows': rep01's visits to the doctor, the doctor's best KOL score
      const [v] = await q<{ n: number }>(
        `select count(*)::int as n from visit_records where doctor_id = $1 and user_id = $2 and visit_at > now() - interval '60 days'`,
        [s.doctor.id, await userId('rep01')],
      );
      expect(v!.n).toBe(0);
      const [best] = await q<{ score: number }>(`select max(score) as score from intel_kol_scores where doctor_id = $1`, [s.doctor.id]);
      expect(Number(best!.score)).toBeGreaterThanOrEqual(SUGGESTION_LIMITS.visitMinScore);
    }
    const next = await list('rep01', 'visit', `&size=5&cursor=${page.nextCursor}`);
    expect(next.list.map((s) => s.id).some((id) => page.list.some((s) => s.id === id))).toBe(false);
  });

  it('computes the KOL and academic reasons from the scores, relations and papers', async () => {
    const kol = await list('rep01', 'kol', '&size=10');
    expect(kol.list.length).toBeGreaterThan(0);
    const tiered = kol.list.find((s) => s.reasons.some((r) => r.code === 'kolTier'))!;
    const k = tiered.reasons.find((r) => r.code === 'kolTier')!;
    expect(k.code).toBe('kolTier');
    if (k.code !== 'kolTier') return;
    const [score] = await q<{ score: number }>(`select score from intel_kol_scores where doctor_id = $1 and indication = $2`, [
      tiered.doctor.id,
      k.evidence.indication,
    ]);
    expect(k.evidence.score).toBeCloseTo(Number(score!.score), 1);
    const academic = await list('rep01', 'academic', '&size=100');
    expect(academic.list.length).toBeGreaterThan(0);
    const co = academic.list.flatMap((s) => s.reasons.flatMap((r) => (r.code === 'coauthorOfTop' ? [{ doctor: s.doctor.id, e: r.evidence }] : [])))[0];
    expect(co).toBeDefined();
    const shared = await q<{ n: number }>(
      `select count(*)::int as n from intel_paper_authors x join intel_paper_authors y on y.paper_id = x.paper_id where x.doctor_id = $1 and y.doctor_id = $2 and x.paper_id = $3`,
      [co!.e.topDoctorId, co!.doctor, co!.e.paperId],
    );
    expect(shared[0]!.n).toBe(1);
  });

  it("requires a category (the spec's zh and en) and refuses an unknown one", async () => {
    expectError(await call('rep01', 'GET', P.list), 400, 'intel.suggestion.category');
    expectError(await call('rep01', 'GET', P.list, undefined, 'en'), 400, 'intel.suggestion.category', 'en');
    expectError(await call('rep01', 'GET', `${P.list}?category=other`, undefined, 'en'), 400, 'intel.suggestion.category', 'en');
    expectError(await call('rep01', 'GET', `${P.list}?category=visit&cursor=x`), 400, 'page.cursorInvalid');
    // the paging kit's cursor of another list's shape, and the old "priority.id" form, are refused the same way
    const another = Buffer.from(JSON.stringify([1, 5, 'x'])).toString('base64url');
    expectError(await call('rep01', 'GET', `${P.list}?category=visit&cursor=${another}`, undefined, 'en'), 400, 'page.cursorInvalid', 'en');
    expectError(await call('rep01', 'GET', `${P.list}?category=visit&cursor=80.12`), 400, 'page.cursorInvalid');
  });

  it('is refused without the menu', async () => {
    expect((await call('operator', 'GET', `${P.list}?category=visit`)).statusCode).toBe(403);
    expect((await call('operator', 'POST', P.feedback, { id: 1, action: 'done' })).statusCode).toBe(403);
    expect((await call('operator', 'POST', P.refresh, {})).statusCode).toBe(403);
  });
});

describe('POST suggestions/feedback', () => {
  it('stores done: the suggestion leaves the list and a recompute does not bring it back before its expiry', async () => {
    const [first] = (await list('rep01', 'kol', '&size=1')).list as [SuggestionRow];
    const saved = ok<SuggestionRow>(await call('rep01', 'POST', P.feedback, { id: first.id, action: 'done' }));
    expect(saved.status).toBe('done');
    const [row] = await q<{ status: string; suppressed_until: string; expires_at: string }>(
      `select status, suppressed_until, expires_at from intel_suggestions where id = $1`,
      [first.id],
    );
    expect(row!.status).toBe('done');
    expect(new Date(row!.suppressed_until).getTime()).toBe(new Date(row!.expires_at).getTime());
    const after = await list('rep01', 'kol', '&size=100');
    expect(after.list.some((s) => s.id === first.id || s.doctor.id === first.doctor.id)).toBe(false);
    ok<SuggestionJobState>(await call('rep01', 'POST', P.refresh, {}));
    while (await runNextSuggestionJob(h.database.db, h.clock.now));
    expect((await list('rep01', 'kol', '&size=100')).list.some((s) => s.doctor.id === first.doctor.id)).toBe(false);
  });

  it(`stores dismissed for ${SUGGESTION_LIMITS.dismissDays} days`, async () => {
    const [first] = (await list('rep01', 'academic', '&size=1')).list as [SuggestionRow];
    ok(await call('rep01', 'POST', P.feedback, { id: first.id, action: 'dismissed' }));
    const [row] = await q<{ suppressed_until: string }>(`select suppressed_until from intel_suggestions where id = $1`, [first.id]);
    expect(new Date(row!.suppressed_until).getTime()).toBe(h.clock.now() + SUGGESTION_LIMITS.dismissDays * 86_400_000);
    expect((await list('rep01', 'academic', '&size=100')).list.some((s) => s.doctor.id === first.doctor.id)).toBe(false);
  });

  it("answers 404 for another user's suggestion and changes nothing; refuses a bad action", async () => {
    const [mine] = (await list('rep01', 'visit', '&size=1')).list as [SuggestionRow];
    expect((await call('rep03', 'POST', P.feedback, { id: mine.id, action: 'done' })).statusCode).toBe(404);
    expect((await call('rep01', 'POST', P.feedback, { id: 2_000_000_000, action: 'done' })).statusCode).toBe(404);
    expect((await call('rep01', 'POST', P.feedback, { id: mine.id, action: 'later' })).statusCode).toBe(400);
    expect((await call('rep01', 'POST', P.feedback, { id: mine.id, action: 'done', extra: 1 })).statusCode).toBe(400);
    const [row] = await q<{ status: string }>(`select status from intel_suggestions where id = $1`, [mine.id]);
    expect(row!.status).toBe('open');
    // rep03 (广东省) has their own list
    const theirs = await list('rep03', 'visit', '&size=3');
    expect(theirs.list.some((s) => s.id === mine.id)).toBe(false);
  });
});
