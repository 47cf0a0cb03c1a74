import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  KOL_DEFAULT_WEIGHTS,
  KOL_DIMENSIONS,
  type Doctor360,
  type EgoNetwork,
  type AreaNetwork,
  type KolExplain,
  type KolPage,
  type KolWeight,
  type ProvinceKol,
  type RelationPage,
  type AcademicContext,
  type LookAlike,
  type IntelJobState,
} from '@field-portal/shared';
import { runNextJob } from './jobs.js';
import { callers, expectError, ok, signIn } from '../../../test/api.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.intelligence;
const { call, read: get } = callers(() => h, tokens);
const q = async <T>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The top-ranked doctor of the demo's most scored indication, and a doctor of rep01's scope (上海市, 浙江省). */
let indication = '';
let top = 0;
let second = 0;
let inShanghai = 0;
let outside = 0;

beforeAll(async () => {
  h = await createHarness();
  // Representatives see the doctor analysis pages in this test (their data scope stays theirs).
  await q(`insert into role_menus (role_id, menu_id)
           select r.id, m.id from roles r, menus m where r.name = 'Sales' and m.router in ('doctorList', 'doctorFullViewDetail', 'KOLmapping', 'doctorAcademicNetwork', 'TargetHCPMapping')`);
  await signIn(h, ['admin', 'msl01', 'rep01', 'operator'], tokens);
  const [row] = await q<{ indication: string }>(`select indication from intel_kol_scores group by indication order by count(*) desc, indication limit 1`);
  indication = row!.indication;
  const ranked = await q<{ doctor_id: number }>(`select doctor_id from intel_kol_scores where indication = $1 order by score desc, doctor_id desc limit 2`, [
    indication,
  ]);
  top = Number(ranked[0]!.doctor_id);
  second = Number(ranked[1]!.doctor_id);
  const [sh] = await q<{ doctor_id: number }>(
    `select s.doctor_id from intel_kol_scores s where s.province_code = '310000' and s.indication = $1 order by s.score desc limit 1`,
    [indication],
  );
  inShanghai = Number(sh!.doctor_id);
  const [out] = await q<{ id: number }>(`select id from doctors where province_code not in ('310000', '330000') order by id limit 1`);
  outside = Number(out!.id);
}, 240_000);
afterAll(async () => h?.close());

describe('generated academic data', () => {
  it('holds papers in data management journals, clustered co-authors and academic records', async () => {
    const [papers] = await q<{ n: string; core: string }>(`select count(*) as n, count(*) filter (where core) as core from intel_papers`);
    expect(Number(papers!.n)).toBe(30_000);
    expect(Number(papers!.core)).toBeGreaterThan(0);
    const [unknown] = await q<{ n: string }>(`select count(*) as n from intel_papers p where not exists (select 1 from journals j where j.id = p.journal_id)`);
    expect(Number(unknown!.n)).toBe(0);
    // most co-author pairs work in the same hospital
    const [pairs] = await q<{ same: string; n: string }>(`
      select count(*) filter (where da.hospital_id = db.hospital_id) as same, count(*) as n
        from intel_relations r join doctors da on da.id = r.a join doctors db on db.id = r.b where r.type = 'coauthor'`);
    expect(Number(pairs!.same) / Number(pairs!.n)).toBeGreaterThan(0.5);
    const kinds = await q<{ kind: string }>(`select distinct kind from intel_academic_items order by kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['advisory', 'association', 'committee', 'conference', 'editorial', 'education', 'guideline', 'nsfc', 'trial']);
  });
});

describe('doctor 360', () => {
  it('shows basic, academic (H-index and core share from the papers), impact and CRM activity', async () => {
    const view = ok<Doctor360>(await get('msl01', `${P.full360}?doctorId=${top}`));
    expect(view.doctor.id).toBe(top);
    const cites = await q<{ citations: number; core: boolean }>(
      `select p.citations, p.core from intel_paper_authors a join intel_papers p on p.id = a.paper_id where a.doctor_id = $1`,
      [top],
    );
    expect(view.academic.papers).toBe(cites.length);
    const sorted = cites.map((c) => Number(c.citations)).sort((a, b) => b - a);
    let hIndex = 0;
    while (hIndex < sorted.length && sorted[hIndex]! >= hIndex + 1) hIndex++;
    expect(view.academic.hIndex).toBe(hIndex);
    expect(view.academic.coreShare).toBeCloseTo(cites.filter((c) => c.core).length / Math.max(1, cites.length), 2);
    expect(view.impact.kol.find((k) => k.indication === indication)?.rank).toBe(1);
    expect(view.attitude).toEqual([]);
    expect(view.impact.topRelations.every((r) => r.evidence.length > 0)).toBe(true);
  });
  it('answers the panoramic-view message without the permission, and 404 outside the scope', async () => {
    expectError(await get('operator', `${P.full360}?doctorId=${top}`), 403, 'customers.doctor.noPanoramic');
    expectError(await get('operator', `${P.full360}?doctorId=${top}`, 'en'), 403, 'customers.doctor.noPanoramic', 'en');
    expect((await get('rep01', `${P.full360}?doctorId=${outside}`)).statusCode).toBe(404);
    expect(ok<Doctor360>(await get('rep01', `${P.full360}?doctorId=${inShanghai}`)).doctor.id).toBe(inShanghai);
    expect((await get('msl01', `${P.full360}?doctorId=2147483647`)).statusCode).toBe(404);
  });
  it('pages the papers by keyset', async () => {
    const first = ok<{ list: { id: number; year: number }[]; total: number; nextCursor: string | null }>(
      await get('msl01', `${P.papers}?doctorId=${top}&size=2`),
    );
    expect(first.list.length).toBeLessThanOrEqual(2);
    if (first.nextCursor) {
      const next = ok<{ list: { id: number }[] }>(await get('msl01', `${P.papers}?doctorId=${top}&size=2&cursor=${first.nextCursor}`));
      expect(next.list.map((p) => p.id)).not.toContain(first.list[0]!.id);
    }
    expectError(await get('msl01', `${P.papers}?doctorId=${top}&cursor=bad!`), 400, 'page.cursorInvalid');
  });
});

describe('KOL mapping', () => {
  it('ranks by score with keyset pages and explains every score', async () => {
    const page = ok<KolPage>(await get('msl01', `${P.ranking}?${qs({ indication, size: 5 })}`));
    expect(page.list.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(page.list[0]!.doctor.id).toBe(top);
    const next = ok<KolPage>(await get('msl01', `${P.ranking}?${qs({ indication, size: 5, cursor: page.nextCursor! })}`));
    expect(next.list[0]!.rank).toBe(6);
    expect(next.list[0]!.score).toBeLessThanOrEqual(page.list[4]!.score);
    const explain = ok<KolExplain>(await get('msl01', `${P.explain}?${qs({ indication, doctorId: top })}`));
    expect(explain.dimensions.map((d) => d.dimension)).toEqual([...KOL_DIMENSIONS]);
    const sum = explain.dimensions.reduce((s, d) => s + d.contribution, 0);
    expect(sum).toBeCloseTo(explain.score, 0);
    expect(explain.dimensions.every((d) => d.percentile >= 0 && d.percentile <= 100)).toBe(true);
  });
  it('keeps the ranking inside the scope', async () => {
    const page = ok<KolPage>(await get('rep01', `${P.ranking}?${qs({ indication, size: 100 })}`));
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => ['310000', '330000'].includes(r.provinceCode))).toBe(true);
    const provinces = ok<ProvinceKol[]>(await get('rep01', `${P.provinces}?${qs({ indication })}`));
    expect(provinces.map((p) => p.provinceCode).sort()).toEqual(['310000', '330000'].filter((c) => provinces.some((p) => p.provinceCode === c)));
    expect((await get('rep01', `${P.explain}?${qs({ indication, doctorId: outside })}`)).statusCode).toBe(404);
  });
  it('requires an indication and at least two doctors to compare', async () => {
    expectError(await get('msl01', `${P.ranking}`), 400, 'intel.indication.required');
    expectError(await get('msl01', `${P.ranking}?indication=`), 400, 'intel.indication.required');
    expectError(await get('msl01', `${P.compare}?${qs({ indication, doctorIds: String(top) })}`), 400, 'intel.compare.tooFew');
    expectError(await get('msl01', `${P.compare}?${qs({ indication, doctorIds: String(top) })}`, 'en'), 400, 'intel.compare.tooFew', 'en');
    const both = ok<KolExplain[]>(await get('msl01', `${P.compare}?${qs({ indication, doctorIds: `${top},${second}` })}`));
    expect(both.map((e) => e.doctor.id)).toEqual([top, second]);
  });
  it('lets an administrator change the weights (bad weights are refused) and the job applies them', async () => {
    const weights = ok<KolWeight[]>(await get('msl01', P.weights));
    expect(Object.fromEntries(weights.map((w) => [w.dimension, w.weight]))).toEqual(KOL_DEFAULT_WEIGHTS);
    const body = { weights: { ...KOL_DEFAULT_WEIGHTS, paper: -1 } };
    expect(expectError(await call('admin', 'PUT', P.saveWeights, body), 400, 'intel.weight.invalid').field).toBe('weights.paper');
    expect((await call('admin', 'PUT', P.saveWeights, { weights: { ...KOL_DEFAULT_WEIGHTS, paper: 'x' } })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', P.saveWeights, { weights: { ...KOL_DEFAULT_WEIGHTS, extra: 1 } })).statusCode).toBe(400);
    expect((await call('msl01', 'PUT', P.saveWeights, { weights: KOL_DEFAULT_WEIGHTS })).statusCode).toBe(403);
    expect(Number((await q<{ n: string }>(`select count(*) as n from intel_kol_weights`))[0]!.n)).toBe(0);
    // only papers count: the score is the paper percentile
    const only = Object.fromEntries(KOL_DIMENSIONS.map((d) => [d, d === 'paper' ? 1 : 0]));
    ok(await call('admin', 'PUT', P.saveWeights, { weights: only }));
    expect(ok<IntelJobState>(await get('msl01', P.job)).status).toBe('queued');
    const ran = await runNextJob(h.database.db);
    expect(ran?.stats.scored).toBeGreaterThan(0);
    const explain = ok<KolExplain>(await get('msl01', `${P.explain}?${qs({ indication, doctorId: top })}`));
    expect(explain.score).toBeCloseTo(explain.dimensions.find((d) => d.dimension === 'paper')!.percentile, 1);
    expect(ok<IntelJobState>(await get('msl01', P.job)).status).toBe('done');
    ok(await call('admin', 'PUT', P.saveWeights, { weights: KOL_DEFAULT_WEIGHTS }));
    await runNextJob(h.database.db);
    // two recomputes of 20,000 doctors (each also storing its score history) on a loaded machine
  }, 240_000);
  it('finds look-alike doctors with their features', async () => {
    const result = ok<{ indication: string; list: LookAlike[] }>(await get('msl01', `${P.lookAlike}?doctorId=${top}&size=5`));
    expect(result.list.length).toBe(5);
    expect(result.list[0]!.features).toHaveLength(KOL_DIMENSIONS.length);
    expect(result.list.map((l) => l.doctor.id)).not.toContain(top);
  });
});

describe('relations and the academic network', () => {
  it('lists typed, weighted relations with their evidence', async () => {
    const page = ok<RelationPage>(await get('msl01', `${P.relations}?${qs({ indication, doctorId: top })}`, 'en'));
    expect(page.list.length).toBeGreaterThan(0);
    const first = page.list[0]!;
    expect(first.evidence).toMatch(/^(co-authored|spoke at|attended) \d+ /);
    expectError(await get('msl01', `${P.relations}?${qs({ doctorId: top })}`), 400, 'intel.indication.required');
  });
  it('builds the ego network (≤ 300 nodes, positions, scope) and the area map', async () => {
    const ego = ok<EgoNetwork>(await get('msl01', `${P.ego}?${qs({ indication, doctorId: top })}`));
    expect(ego.nodes[0]!.id).toBe(top);
    expect(ego.nodes.length).toBeGreaterThan(1);
    expect(ego.nodes.length).toBeLessThanOrEqual(300);
    const ids = new Set(ego.nodes.map((n) => n.id));
    expect(ego.edges.every((e) => ids.has(e.source) && ids.has(e.target))).toBe(true);
    // every relation between two drawn doctors is drawn, once, and each node carries its doctor's name
    const among = await q<{ a: number; b: number; type: string }>(
      `select a, b, type from intel_relations where a = any($1::int[]) and b = any($1::int[]) order by a, b, type`,
      [[...ids]],
    );
    expect(ego.edges.map((e) => `${e.source}-${e.target}-${e.type}`)).toEqual(among.map((r) => `${r.a}-${r.b}-${r.type}`));
    const named = await q<{ id: number; name: string }>(`select id, name from doctors where id = any($1::int[])`, [[...ids]]);
    expect(new Map(ego.nodes.map((n) => [n.id, n.name]))).toEqual(new Map(named.map((r) => [Number(r.id), r.name])));
    const scoped = ok<EgoNetwork>(await get('rep01', `${P.ego}?${qs({ indication, doctorId: inShanghai })}`));
    const provinces = await q<{ province_code: string }>(`select distinct province_code from doctors where id = any($1::int[])`, [
      scoped.nodes.map((n) => n.id),
    ]);
    expect(provinces.every((p) => ['310000', '330000'].includes(p.province_code))).toBe(true);
    expect((await get('rep01', `${P.ego}?${qs({ indication, doctorId: outside })}`)).statusCode).toBe(404);
    const area = ok<AreaNetwork>(await get('msl01', `${P.area}?${qs({ indication })}`));
    expect(area.nodes.length).toBeGreaterThan(100);
    expect(area.communities).toBeGreaterThan(1);
  });
  it('gives the academic context of an indication', async () => {
    const context = ok<AcademicContext>(await get('admin', `${P.context}?${qs({ indication })}`));
    expect(context.byYear.length).toBeGreaterThan(0);
    expect(context.authors.length).toBeGreaterThan(0);
    expectError(await get('admin', P.context), 400, 'intel.indication.required');
  });
});
