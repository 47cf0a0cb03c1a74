import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  INTELLIGENCE_LIMITS,
  SUGGESTION_LIMITS,
  SUGGESTION_PATHS,
  roundKolScore,
  type KolExplain,
  type SuggestionPage,
  type SuggestionReason,
} from '@field-portal/shared';
import { queueRecompute, runNextJob } from './jobs.js';
import { recordRun } from './history.js';
import { runNextSuggestionJob } from './suggestions-repo.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** KOL score history, "rising KOL score" and "your meeting" (docs/decisions/0024 and 0029, 2026-11-23). */

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.intelligence;
const call = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { ...h.auth(tokens[user]!), language: 'en' }, ...(payload ? { payload } : {}) });
const ok = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: T }).result;
};
const q = async <T>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
const refresh = async (user: string) => {
  ok(await call(user, 'POST', SUGGESTION_PATHS.refresh, {}));
  while (await runNextSuggestionJob(h.database.db, h.clock.now));
};
const reasonsOf = async (user: string, category: string) =>
  ok<SuggestionPage>(await call(user, 'GET', `${SUGGESTION_PATHS.list}?category=${category}&size=100`)).list.flatMap((s) =>
    s.reasons.map((r) => ({ doctorId: s.doctor.id, reason: r })),
  );

/** A stored score (two decimals, a real) as the screens and the server write it. */
const written = (score: number | string) => roundKolScore(Math.round(Number(score) * 100) / 100);

/** Rises of rep01's scope (上海市, 浙江省) from the previous run to the latest, from the rows. */
const risesInScope = () =>
  q<{ doctor_id: number; indication: string; from_score: number; to_score: number }>(
    `select h.doctor_id, h.indication, p.score as from_score, h.score as to_score
       from intel_kol_history h join intel_kol_scores s on s.doctor_id = h.doctor_id and s.indication = h.indication
       join lateral (select q.score from intel_kol_history q where q.doctor_id = h.doctor_id and q.indication = h.indication and q.run_id < h.run_id order by q.run_id desc limit 1) p on true
      where h.run_id = (select max(id) from intel_kol_runs) and s.province_code in ('310000', '330000') and h.score - p.score >= $1
      order by h.score - p.score desc, h.doctor_id`,
    [SUGGESTION_LIMITS.risingMinDelta - 0.005],
  );

beforeAll(async () => {
  h = await createHarness();
  await q(
    `insert into role_menus (role_id, menu_id) select r.id, m.id from roles r, menus m where r.name = 'Sales' and m.router in ('KOLmapping') on conflict do nothing`,
  );
  for (const username of ['msl01', 'rep01']) tokens[username] = (await h.login(username)).access;
}, 240_000);
afterAll(async () => h?.close());

describe('score history', () => {
  it('the demo starts with a run over the data as it stood a year earlier, then the current run', async () => {
    const runs = await q<{ id: number; as_of_year: number | null; computed_at: string; changed: number; scored: number }>(
      `select * from intel_kol_runs order by id`,
    );
    expect(runs).toHaveLength(2);
    const [older, current] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const [latestYear] = await q<{ y: number }>(`select max(year)::int as y from intel_papers`);
    expect(Number(older.as_of_year)).toBe(latestYear!.y - 1);
    expect(new Date(older.computed_at).toISOString()).toBe(`${latestYear!.y - 1}-12-31T23:59:59.000Z`);
    expect(current.as_of_year).toBeNull();
    // the first run stores every score; the next only those that changed
    expect(Number(older.changed)).toBe(Number(older.scored));
    expect(Number(current.changed)).toBeGreaterThan(0);
    expect(Number(current.changed)).toBeLessThan(Number(current.scored));
  });

  it('explain shows the score at each run, the last one the current score', async () => {
    const [rise] = await risesInScope();
    expect(rise).toBeDefined();
    const explain = ok<KolExplain>(await call('msl01', 'GET', `${P.explain}?${qs({ indication: rise!.indication, doctorId: rise!.doctor_id })}`));
    expect(explain.history).toHaveLength(2);
    // each written as every score is written (one decimal, never across a tier's minimum)
    expect(explain.history[0]!.score).toBe(written(rise!.from_score));
    expect(explain.history[1]!.score).toBe(written(explain.score));
    // a written score is within 0.05 above or 0.09 below its score (below a tier's minimum)
    expect(explain.history[1]!.score - explain.history[0]!.score).toBeGreaterThanOrEqual(SUGGESTION_LIMITS.risingMinDelta - 0.15);
    // an unchanged score is stored once and shown at both runs
    const [same] = await q<{ doctor_id: number; indication: string }>(
      `select doctor_id, indication from intel_kol_history group by doctor_id, indication having count(*) = 1 order by doctor_id limit 1`,
    );
    const flat = ok<KolExplain>(await call('msl01', 'GET', `${P.explain}?${qs({ indication: same!.indication, doctorId: same!.doctor_id })}`));
    expect(flat.history.map((p) => p.score)).toEqual([flat.history[0]!.score, flat.history[0]!.score]);
  });
});

describe('suggestion reasons from history and meetings', () => {
  it('"rising KOL score" fires for the rises in scope, with both scores and the previous run\'s date', async () => {
    await refresh('rep01');
    const rises = await risesInScope();
    expect(rises.length).toBeGreaterThan(0);
    const rising = (await reasonsOf('rep01', 'kol')).filter((x) => x.reason.code === 'risingScore');
    expect(rising.length).toBeGreaterThan(0);
    const [previous] = await q<{ computed_at: string }>(`select computed_at from intel_kol_runs order by id desc offset 1 limit 1`);
    for (const { doctorId, reason } of rising) {
      if (reason.code !== 'risingScore') continue;
      const row = rises.find((r) => Number(r.doctor_id) === doctorId && r.indication === reason.evidence.indication)!;
      expect(row).toBeDefined();
      // written as every score is (roundKolScore): within a tenth, in the same tier
      expect(reason.evidence.from).toBe(written(row.from_score));
      expect(reason.evidence.to).toBe(written(row.to_score));
      expect(reason.evidence.since).toBe(new Date(previous!.computed_at).toISOString());
    }
  });

  it('a recompute over unchanged data stores no new scores, and "rising" stops firing', async () => {
    await queueRecompute(h.database.db, null);
    const ran = await runNextJob(h.database.db, h.clock.now);
    expect(ran?.stats.historyChanged).toBe(0);
    expect(await risesInScope()).toHaveLength(0);
    while (await runNextSuggestionJob(h.database.db, h.clock.now));
    expect((await reasonsOf('rep01', 'kol')).some((x) => x.reason.code === 'risingScore')).toBe(false);
  }, 120_000);

  it('"your meeting" fires for a doctor who spoke at the representative\'s meeting, and not for another user\'s meeting', async () => {
    // the best-scored doctor of 上海市 (a doctor worth a visit, so among rep01's top visit suggestions)
    const [doctor] = await q<{ id: number }>(
      `select doctor_id as id from intel_kol_scores where province_code = '310000' order by score desc, doctor_id limit 1`,
    );
    const [other] = await q<{ id: number }>(`select id from doctors where province_code = '330000' order by id desc limit 1`);
    const [rep] = await q<{ id: number }>(`select id from users where username = 'rep01'`);
    const [msl] = await q<{ id: number }>(`select id from users where username = 'msl01'`);
    const start = new Date(h.clock.now() - 5 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const meeting = async (owner: number, title: string, doctorId: number, role: string) => {
      const [m] = await q<{ id: number }>(
        `insert into meetings (title, type, status, start_time, end_time, city, owner_id, attendee_count, created_at, updated_at)
         values ($1, 'academic', 'held', $2, $3, '上海市', $4, 1, $2, $2) returning id`,
        [title, start.toISOString(), end.toISOString(), owner],
      );
      await q(`insert into meeting_attendees (meeting_id, doctor_id, role, attended, rsvp, added_at) values ($1, $2, $3, true, 'accepted', $4)`, [
        m!.id,
        doctorId,
        role,
        start.toISOString(),
      ]);
      return Number(m!.id);
    };
    const mine = await meeting(Number(rep!.id), '高血压学术沙龙', Number(doctor!.id), 'speaker');
    await meeting(Number(msl!.id), '他人的会议', Number(other!.id), 'attendee');
    await refresh('rep01');
    const visit = await reasonsOf('rep01', 'visit');
    const found = visit.find((x) => x.reason.code === 'yourMeeting' && x.doctorId === Number(doctor!.id))?.reason as
      Extract<SuggestionReason, { code: 'yourMeeting' }> | undefined;
    expect(found?.evidence).toEqual({ meetingId: mine, meetingName: '高血压学术沙龙', startTime: start.toISOString(), role: 'speaker', meetings: 1 });
    expect(visit.some((x) => x.reason.code === 'yourMeeting' && x.doctorId === Number(other!.id))).toBe(false);
  });

  it(`keeps the last ${INTELLIGENCE_LIMITS.historyRuns} runs, folding older scores into the oldest kept`, async () => {
    const pairs = Number((await q<{ n: number }>(`select count(*)::int as n from intel_kol_scores`))[0]!.n);
    await h.database.db.transaction(async (tx) => {
      for (let i = 0; i < INTELLIGENCE_LIMITS.historyRuns; i++) await recordRun(tx, new Date(h.clock.now() + i * 1000).toISOString(), null, pairs);
    });
    const runs = await q<{ id: number }>(`select id from intel_kol_runs order by id`);
    expect(runs).toHaveLength(INTELLIGENCE_LIMITS.historyRuns);
    const [rows] = await q<{ n: number; oldest: number }>(`select count(*)::int as n, min(run_id)::int as oldest from intel_kol_history`);
    expect(rows!.n).toBe(pairs);
    expect(rows!.oldest).toBe(Number(runs[0]!.id));
    const [mismatch] = await q<{ n: number }>(
      `select count(*)::int as n from intel_kol_scores s join intel_kol_history h on h.doctor_id = s.doctor_id and h.indication = s.indication where h.score <> s.score`,
    );
    expect(mismatch!.n).toBe(0);
  });
});
