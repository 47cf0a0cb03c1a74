import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Doctor360, type KolExplain, type KolTrend } from '@field-portal/shared';
import { trendOf } from './impact.js';
import { callers, expectError, ok, signIn, type Lang } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** The 360 view's impact section: a doctor's score trend per indication (docs/decisions/0024, "the trend on the 360 view"). */

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.intelligence;
const { read: get } = callers(() => h, tokens);
const q = async <T>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const trend = (user: string, doctorId: number | string, lang: Lang = 'zh') => get(user, `${P.kolTrend}?doctorId=${doctorId}`, lang);

/** A doctor of rep01's scope (上海市) scored in two or more indications, one whose score rose, one outside the scope. */
let multi = 0;
let risen = { doctorId: 0, indication: '' };
let outside = 0;
let unscored = 0;

beforeAll(async () => {
  h = await createHarness();
  await q(
    `insert into role_menus (role_id, menu_id) select r.id, m.id from roles r, menus m where r.name = 'Sales' and m.router in ('doctorFullViewDetail') on conflict do nothing`,
  );
  await signIn(h, ['msl01', 'rep01', 'operator'], tokens);
  const [m] = await q<{ doctor_id: number }>(
    `select doctor_id from intel_kol_scores where province_code = '310000' group by doctor_id having count(*) >= 2 order by max(score) desc, doctor_id limit 1`,
  );
  multi = Number(m!.doctor_id);
  const [r] = await q<{ doctor_id: number; indication: string }>(
    `select h.doctor_id, h.indication from intel_kol_history h join intel_kol_scores s on s.doctor_id = h.doctor_id and s.indication = h.indication
      where s.province_code = '310000' group by h.doctor_id, h.indication having count(*) = 2 order by h.doctor_id limit 1`,
  );
  risen = { doctorId: Number(r!.doctor_id), indication: r!.indication };
  const [o] = await q<{ id: number }>(
    `select doctor_id as id from intel_kol_scores where province_code not in ('310000', '330000') order by doctor_id limit 1`,
  );
  outside = Number(o!.id);
  const [u] = await q<{ id: number }>(
    `select d.id from doctors d where d.province_code = '310000' and not exists (select 1 from intel_kol_scores s where s.doctor_id = d.id) order by d.id limit 1`,
  );
  unscored = Number(u?.id ?? 0);
}, 240_000);
afterAll(async () => h?.close());

describe('score at each run (the rule)', () => {
  const runs = [
    { id: 3, at: '2024-12-31T23:59:59.000Z', asOfYear: 2024 },
    { id: 5, at: '2025-06-01T00:00:00.000Z', asOfYear: null },
    { id: 8, at: '2025-07-01T00:00:00.000Z', asOfYear: null },
  ];
  it('carries a stored score forward until it changes, leaves out runs before the first, keeps the current indications only', () => {
    const rows = [
      { runId: 3, indication: '高血压', score: 40.04 },
      { runId: 8, indication: '高血压', score: 52.26 },
      { runId: 5, indication: '糖尿病', score: 12 },
      { runId: 3, indication: '哮喘', score: 70 },
    ];
    expect(trendOf(runs, rows, ['糖尿病', '高血压'])).toEqual([
      {
        indication: '糖尿病',
        history: [
          { at: runs[1]!.at, score: 12 },
          { at: runs[2]!.at, score: 12 },
        ],
      },
      {
        indication: '高血压',
        history: [
          { at: runs[0]!.at, score: 40 },
          { at: runs[1]!.at, score: 40 },
          { at: runs[2]!.at, score: 52.3 },
        ],
      },
    ]);
    expect(trendOf([], rows, ['高血压'])).toEqual([{ indication: '高血压', history: [] }]);
  });
});

describe('GET kol/trend', () => {
  it('gives every scored indication of the doctor with the score at each kept run, the last one the current score', async () => {
    const view = ok<Doctor360>(await get('msl01', `${P.full360}?doctorId=${multi}`));
    const result = ok<KolTrend>(await trend('msl01', multi));
    const runs = await q<{ computed_at: string }>(`select computed_at from intel_kol_runs order by id`);
    expect(result.runs.map((r) => r.at)).toEqual(runs.map((r) => new Date(r.computed_at).toISOString()));
    expect(result.indications.map((i) => i.indication).sort()).toEqual(view.impact.kol.map((k) => k.indication).sort());
    expect(result.indications.length).toBeGreaterThanOrEqual(2);
    for (const entry of result.indications) {
      expect(entry.history.length).toBeGreaterThan(0);
      expect(entry.history.at(-1)!.score).toBeCloseTo(view.impact.kol.find((k) => k.indication === entry.indication)!.score, 1);
      expect(entry.history.at(-1)!.at).toBe(result.runs.at(-1)!.at);
    }
  });

  it('agrees with explain for a score that changed between the runs', async () => {
    const explain = ok<KolExplain>(await get('msl01', `${P.explain}?indication=${encodeURIComponent(risen.indication)}&doctorId=${risen.doctorId}`));
    const result = ok<KolTrend>(await trend('rep01', risen.doctorId));
    const entry = result.indications.find((i) => i.indication === risen.indication)!;
    expect(entry.history).toEqual(explain.history);
    expect(entry.history).toHaveLength(2);
    expect(entry.history[0]!.score).not.toBe(entry.history[1]!.score);
  });

  it('answers a doctor without a score with the runs and no indication', async () => {
    expect(unscored).toBeGreaterThan(0);
    const result = ok<KolTrend>(await trend('msl01', unscored));
    expect(result.runs.length).toBeGreaterThan(0);
    expect(result.indications).toEqual([]);
  });

  it('keeps to the data scope (404 with the panoramic-view message) and the panoramic-view permission (403)', async () => {
    expectError(await trend('rep01', outside), 404, 'customers.doctor.noPanoramic');
    expectError(await trend('rep01', outside, 'en'), 404, 'customers.doctor.noPanoramic', 'en');
    expect(ok<KolTrend>(await trend('msl01', outside)).indications.length).toBeGreaterThan(0);
    expectError(await trend('msl01', 2147483647), 404, 'customers.doctor.noPanoramic');
    expectError(await trend('operator', multi), 403, 'customers.doctor.noPanoramic');
  });

  it('names the field of a bad request in zh and en, and refuses unknown properties', async () => {
    for (const bad of ['abc', '0', '-1', '99999999999999999999', '1%00']) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await trend('msl01', bad, lang);
        expect(res.statusCode, bad).toBe(400);
        const body = res.json() as { msg: string; field: string };
        expect(body.field).toBe('doctorId');
        expect(body.msg).toContain(lang === 'zh' ? '医生' : 'Doctor');
      }
    }
    expectError(await trend('msl01', 'abc'), 400, 'field.invalid');
    expectError(await trend('msl01', 'abc', 'en'), 400, 'field.invalid', 'en');
    const missing = (await get('msl01', P.kolTrend)).json() as { code: number; field: string; msg: string };
    expect(missing).toMatchObject({ code: 400, field: 'doctorId' });
    const extra = (await get('msl01', `${P.kolTrend}?doctorId=${multi}&x=1`)).json() as { code: number; field: string };
    expect(extra).toMatchObject({ code: 400, field: 'x' });
  });
});
