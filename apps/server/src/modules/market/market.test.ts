import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API,
  LEXICON_CATEGORIES,
  MARKET_LIMITS,
  message,
  type DoctorAttitude,
  type DoctorGroups,
  type EventDetail,
  type IndicationMedAna,
  type LecturerRating,
  type MarketCompare,
  type MarketOptions,
  type MessageKey,
  type NetSearch,
  type OpinionItemsPage,
  type OpinionTrend,
  type PatientGroups,
  withFieldInWords,
} from '@field-portal/shared';
import { selectRows } from '../../db/client.js';
import { SentimentJob } from './sentiment-job.js';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
const tokens: Record<string, string> = {};
const P = API.market;
type Lang = 'zh' | 'en';

beforeAll(async () => {
  h = await createHarness();
  for (const u of ['admin', 'msl01', 'msl02', 'mkt01', 'rep01']) tokens[u] = (await h.login(u)).access;
});
afterAll(async () => h?.close());

const q = <T>(text: string) => selectRows<T>(h.database.db, sql.raw(text));
const n = async (text: string) => Number((await q<{ n: string | number }>(text))[0]!.n);
const get = (user: string, url: string, query: Record<string, string | number> = {}, lang: Lang = 'zh') =>
  h.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...h.auth(tokens[user]!), language: lang },
  });
function ok<T>(res: { statusCode: number; body: string; json(): unknown }): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: T }).result;
}
function expectError(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  key: MessageKey,
  lang: Lang = 'zh',
  params: Record<string, string> = {},
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { msg: string; field?: string };
  expect(body.msg).toContain(message(key, lang, withFieldInWords(key, params, lang)));
  if (field) expect(body.field).toBe(field);
}

const DRUG = '菲立康';
const COMPETITOR = '康瑞宁';
const INDICATION = '高血压';

describe('permissions', () => {
  it('every call needs its page: signed out 401, a representative without the pages 403', async () => {
    for (const path of Object.values(P)) {
      expect((await h.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      expect((await get('rep01', path, { medicine: DRUG, competitor: COMPETITOR, indication: INDICATION, product: 'Drug A', id: 1 })).statusCode).toBe(403);
    }
  });
  it('marketing holds the drug pages but not the doctor pages', async () => {
    expect((await get('mkt01', P.opinionTrend)).statusCode).toBe(200);
    expect((await get('mkt01', P.lecturerRating, { product: 'Drug A' })).statusCode).toBe(403);
    expect((await get('mkt01', P.patientGroups, { medicine: DRUG, indication: INDICATION })).statusCode).toBe(403);
  });
  it('unknown query properties are refused', async () => {
    expect((await get('admin', P.opinionTrend, { bogus: 1 })).statusCode).toBe(400);
  });
});

describe('options and data', () => {
  it('lists the drugs of data management with competitors, indications and platforms', async () => {
    const o = ok<MarketOptions>(await get('admin', P.options));
    const drug = o.medicines.find((m) => m.name === DRUG)!;
    expect(drug.competitors).toEqual([COMPETITOR, '安立泰']);
    expect(drug.indications).toContain(INDICATION);
    expect(o.platforms.length).toBeGreaterThan(3);
    expect(o.products).toContain(DRUG);
    expect(o.products).toContain('菲达敏');
    expect(o.products).not.toContain('Drug A');
  });
  it('the demo has opinion items for every drug and competitor, scored with the current lexicon', async () => {
    for (const name of [DRUG, COMPETITOR, '安立泰']) expect(await n(`select count(*) as n from opinion_items where medicine = '${name}'`)).toBeGreaterThan(100);
    expect(await n(`select count(distinct lexicon_version) as n from opinion_items`)).toBe(1);
    expect(await n(`select count(*) as n from opinion_items where sentiment = 'negative'`)).toBeGreaterThan(0);
  });
});

describe('public opinion (MedAna, eventDetail)', () => {
  it('the trend counts every item of the drug in the months asked, by month, platform and drug', async () => {
    const t = ok<OpinionTrend>(await get('admin', P.opinionTrend, { medicine: DRUG, months: 12 }));
    expect(t.byMonth).toHaveLength(12);
    const since = t.byMonth[0]!.month + '-01';
    const expected = await n(`select count(*) as n from opinion_items where medicine = '${DRUG}' and published_at >= '${since}T00:00:00Z'`);
    expect(t.total).toBe(expected);
    expect(t.byPlatform.reduce((s, p) => s + p.positive + p.negative + p.neutral, 0)).toBe(expected);
    expect(t.byDrug).toHaveLength(1);
    const positive = await n(
      `select count(*) as n from opinion_items where medicine = '${DRUG}' and sentiment = 'positive' and published_at >= '${since}T00:00:00Z'`,
    );
    expect(t.byMonth.reduce((s, m) => s + m.positive, 0)).toBe(positive);
  });
  it('an unknown drug is refused naming it', async () => {
    expectError(await get('admin', P.opinionTrend, { medicine: '不存在的药' }, 'en'), 400, 'market.medicineUnknown', 'en', { name: '不存在的药' });
  });
  it('items page by keyset, newest published first, filter by sentiment, and each explains its score', async () => {
    const first = ok<OpinionItemsPage>(await get('admin', P.opinionItems, { medicine: DRUG, sentiment: 'negative' }));
    expect(first.items).toHaveLength(MARKET_LIMITS.itemsPageSize);
    expect(first.items.every((i) => i.sentiment === 'negative' && i.score < 0)).toBe(true);
    for (const item of first.items) {
      expect(item.explanation.hits.length).toBeGreaterThan(0);
      expect(item.explanation.hits.reduce((s, hit) => s + hit.contribution, 0)).toBeCloseTo(item.score, 3);
    }
    const second = ok<OpinionItemsPage>(await get('admin', P.opinionItems, { medicine: DRUG, sentiment: 'negative', cursor: first.nextCursor! }));
    const both = [...first.items, ...second.items];
    const newest = await n(`select count(*) as n from opinion_items where medicine = '${DRUG}' and sentiment = 'negative'`);
    expect(both).toHaveLength(Math.min(newest, 2 * MARKET_LIMITS.itemsPageSize));
    expect(new Set(both.map((i) => i.id)).size).toBe(both.length);
    const key = (i: { publishedAt: string; id: number }) => [Date.parse(i.publishedAt), i.id] as const;
    both.slice(1).forEach((item, k) => {
      const [at, id] = key(item);
      const [atBefore, idBefore] = key(both[k]!);
      expect(at < atBefore || (at === atBefore && id < idBefore)).toBe(true);
    });
    const latest = await n(`select extract(epoch from max(published_at)) * 1000 as n from opinion_items where medicine = '${DRUG}' and sentiment = 'negative'`);
    expect(Date.parse(first.items[0]!.publishedAt)).toBe(Math.round(latest));
  });
  it('items keep to the period asked, as the trend counts them', async () => {
    const t = ok<OpinionTrend>(await get('admin', P.opinionTrend, { medicine: DRUG, months: 6 }));
    const since = Date.parse(t.byMonth[0]!.month + '-01T00:00:00Z');
    let cursor: string | null | undefined;
    let listed = 0;
    do {
      const page = ok<OpinionItemsPage>(await get('admin', P.opinionItems, { medicine: DRUG, months: 6, ...(cursor ? { cursor } : {}) }));
      expect(page.items.every((i) => Date.parse(i.publishedAt) >= since)).toBe(true);
      listed += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(listed).toBe(t.total);
    const all = ok<OpinionItemsPage>(await get('admin', P.opinionItems, { medicine: DRUG, months: 36 }));
    expect(all.items.length).toBeGreaterThan(0);
  });
  it('a page cursor that is not one of this list is refused, naming it', async () => {
    expectError(await get('admin', P.opinionItems, { cursor: 'not a cursor' }), 400, 'page.cursorInvalid', 'zh', {}, 'cursor');
    const another = Buffer.from(JSON.stringify([1, 'x'])).toString('base64url');
    expectError(await get('admin', P.opinionItems, { cursor: another }, 'en'), 400, 'page.cursorInvalid', 'en', {}, 'cursor');
    expectError(await get('admin', P.opinionItems, { months: 37 }), 400, 'field.tooBig', 'zh', { field: 'months', max: '36' }, 'months');
  });
  it("an event's detail sums its items, and its items are listed", async () => {
    const t = ok<OpinionTrend>(await get('admin', P.opinionTrend, { medicine: DRUG, months: 36 }));
    const event = t.events[0]!;
    const detail = ok<EventDetail>(await get('admin', P.eventDetail, { id: event.id }));
    expect(detail.items).toBe(await n(`select count(*) as n from opinion_items where event_id = ${event.id}`));
    expect(detail.byDay.reduce((s, d) => s + d.positive + d.negative + d.neutral, 0)).toBe(detail.items);
    const page = ok<OpinionItemsPage>(await get('admin', P.opinionItems, { eventId: event.id }));
    expect(page.items.every((i) => i.eventId === event.id)).toBe(true);
    expectError(await get('admin', P.eventDetail, { id: 99999999 }), 404, 'market.eventNotFound');
  });
});

describe('indication-drug attitude (indicationDrug)', () => {
  it('needs a drug and an indication (section 5)', async () => {
    expectError(await get('admin', P.indicationDrug, { medicine: DRUG }), 400, 'market.drugIndicationRequired', 'zh', {}, 'indication');
    expectError(await get('admin', P.indicationDrug, { indication: INDICATION }, 'en'), 400, 'market.drugIndicationRequired', 'en', {}, 'medicine');
    expectError(await get('admin', P.indicationDrug, { medicine: DRUG, indication: '骨折' }), 400, 'market.indicationUnknown', 'zh', { name: '骨折' });
  });
  it('per doctor, the counts of their items and the attitude (positive − negative) / items', async () => {
    const rows = ok<DoctorAttitude[]>(await get('admin', P.indicationDrug, { medicine: DRUG, indication: INDICATION }));
    expect(rows.length).toBeGreaterThan(0);
    const top = rows[0]!;
    const [c] = await q<{ p: number; ng: number; t: number }>(
      `select count(*) filter (where sentiment = 'positive')::int as p, count(*) filter (where sentiment = 'negative')::int as ng, count(*)::int as t
         from opinion_items where doctor_id = ${top.doctorId} and medicine = '${DRUG}' and indication = '${INDICATION}'`,
    );
    expect(top.positive).toBe(c!.p);
    expect(top.attitude).toBeCloseTo((c!.p - c!.ng) / c!.t, 2);
  });
});

describe('drug market and net search (medicineMarket, medicineNet)', () => {
  it('"choose a competitor and click query" without a competitor, in zh and en', async () => {
    for (const path of [P.marketCompare, P.netSearch]) {
      expectError(await get('admin', path, { medicine: DRUG }), 400, 'market.competitorRequired', 'zh', {}, 'competitor');
      expectError(await get('admin', path, { medicine: DRUG }, 'en'), 400, 'market.competitorRequired', 'en');
      expectError(await get('admin', path, { competitor: COMPETITOR }), 400, 'market.medicineRequired');
      expectError(await get('admin', path, { medicine: DRUG, competitor: '菲达敏' }), 400, 'market.competitorUnknown', 'zh', { name: '菲达敏' });
    }
  });
  it('sales by month and province sum the market figures', async () => {
    const m = ok<MarketCompare>(await get('admin', P.marketCompare, { medicine: DRUG, competitor: COMPETITOR, months: 6 }));
    expect(m.sales).toHaveLength(6);
    const since = `${m.sales[0]!.month}-01`;
    expect(m.totals.own).toBe(await n(`select sum(sales_units) as n from market_figures where medicine = '${DRUG}' and month >= '${since}'`));
    expect(m.totals.competitor).toBe(await n(`select sum(sales_units) as n from market_figures where medicine = '${COMPETITOR}' and month >= '${since}'`));
    expect(m.byProvince.length).toBe(MARKET_LIMITS.topN);
    expect(m.totals.share).toBeCloseTo((m.totals.own / (m.totals.own + m.totals.competitor)) * 100, 0);
  });
  it('net search: search index, opinions and consultations by month', async () => {
    const s = ok<NetSearch>(await get('admin', P.netSearch, { medicine: DRUG, competitor: COMPETITOR, months: 12 }));
    const since = `${s.search[0]!.month}-01`;
    expect(s.search.reduce((sum, p) => sum + p.own, 0)).toBe(
      await n(`select sum(search_index) as n from market_figures where medicine = '${DRUG}' and month >= '${since}'`),
    );
    expect(s.opinions.reduce((sum, p) => sum + p.competitor, 0)).toBe(
      await n(`select count(*) as n from opinion_items where medicine = '${COMPETITOR}' and published_at >= '${since}T00:00:00Z'`),
    );
  });
  it('indication drug analysis: shares of the drugs of an indication', async () => {
    expectError(await get('admin', P.indicationMedAna, {}), 400, 'market.indicationRequired');
    const a = ok<IndicationMedAna>(await get('admin', P.indicationMedAna, { indication: INDICATION }));
    expect(a.drugs.map((d) => d.medicine).sort()).toEqual([DRUG, COMPETITOR, '安立泰'].sort());
    expect(a.drugs.reduce((s, d) => s + d.share, 0)).toBeCloseTo(100, 0);
  });
  it("indication drug analysis: sentiment is the indication's items, sales and search the drug's over all indications, and says so", async () => {
    const other = '心力衰竭';
    const since = `${ok<OpinionTrend>(await get('admin', P.opinionTrend, { months: 12 })).byMonth[0]!.month}-01`;
    const [a, b] = [
      ok<IndicationMedAna>(await get('admin', P.indicationMedAna, { indication: INDICATION, months: 12 })),
      ok<IndicationMedAna>(await get('admin', P.indicationMedAna, { indication: other, months: 12 })),
    ];
    const opinions = (indication: string, medicine: string, sentiment: string) =>
      n(`select count(*) as n from opinion_items where medicine = '${medicine}' and indication = '${indication}' and sentiment = '${sentiment}'
           and published_at >= '${since}T00:00:00Z'`);
    for (const [indication, r] of [
      [INDICATION, a],
      [other, b],
    ] as const) {
      for (const d of r.drugs) {
        for (const s of ['positive', 'negative', 'neutral'] as const)
          expect(d[s], `${indication} ${d.medicine} ${s}`).toBe(await opinions(indication, d.medicine, s));
        // the market figures name no indication: the drug's whole sales and search
        expect(d.sales).toBe(await n(`select sum(sales_units) as n from market_figures where medicine = '${d.medicine}' and month >= '${since}'`));
        expect(d.search).toBe(await n(`select sum(search_index) as n from market_figures where medicine = '${d.medicine}' and month >= '${since}'`));
      }
    }
    // the two indications' items differ, and so do their figures; the all-indication ones do not
    const figures = (r: IndicationMedAna, key: 'positive' | 'negative' | 'neutral' | 'sales') => Object.fromEntries(r.drugs.map((d) => [d.medicine, d[key]]));
    expect(figures(a, 'positive')).not.toEqual(figures(b, 'positive'));
    expect(figures(a, 'negative')).not.toEqual(figures(b, 'negative'));
    expect(figures(a, 'sales')).toEqual(figures(b, 'sales'));
    // and an indication's sentiment is not the drug's whole (which the old figures were)
    const whole = await n(`select count(*) as n from opinion_items where medicine = '${DRUG}' and published_at >= '${since}T00:00:00Z'`);
    const own = a.drugs.find((d) => d.medicine === DRUG)!;
    expect(own.positive + own.negative + own.neutral).toBeLessThan(whole);
    // what each figure counts, in the answer: no figure passes for the indication's when it is not
    for (const r of [a, b]) {
      expect(r.basis).toEqual({
        sales: 'allIndications',
        share: 'allIndications',
        search: 'allIndications',
        positive: 'indication',
        negative: 'indication',
        neutral: 'indication',
      });
    }
  });
});

describe('lecturer rating, patient and doctor groups', () => {
  it('a product is required; a product without speakers is the empty state', async () => {
    expectError(await get('msl01', P.lecturerRating, {}), 400, 'market.productRequired');
    const none = ok<LecturerRating>(await get('msl01', P.lecturerRating, { product: '菲达敏' }));
    expect(none.lecturers).toEqual([]);
  });
  it('levels follow the rule from the held meetings where the doctor spoke', async () => {
    const r = ok<LecturerRating>(await get('admin', P.lecturerRating, { product: DRUG }));
    const expected = await n(`select count(distinct a.doctor_id) as n from meeting_attendees a join meetings m on m.id = a.meeting_id
                               where m.medicine = '${DRUG}' and m.status in ('held', 'closed') and a.role in ('speaker', 'chair') and a.attended`);
    expect(expected).toBeGreaterThan(0);
    expect(r.lecturers).toHaveLength(expected);
    expect(Object.values(r.byLevel).reduce((s, v) => s + v, 0)).toBe(expected);
    for (const l of r.lecturers) {
      expect(l.talks).toBeGreaterThan(0);
      if (l.level === 'city') expect(l.meanFeedback).toBeGreaterThanOrEqual(r.rule.city.feedback);
    }
  });
  it('patient groups need a drug and an indication and add up to the aggregates', async () => {
    expectError(await get('msl01', P.patientGroups, { medicine: DRUG }), 400, 'market.drugIndicationRequired');
    const g = ok<PatientGroups>(await get('msl01', P.patientGroups, { medicine: DRUG, indication: INDICATION }));
    expect(g.total).toBe(await n(`select sum(patients) as n from patient_groups where medicine = '${DRUG}' and indication = '${INDICATION}'`));
    expect(g.byAge.reduce((s, a) => s + a.value, 0)).toBe(g.total);
    expect(g.byProvince.length).toBeLessThanOrEqual(MARKET_LIMITS.topN);
  });
  it('doctor groups: consulting doctors by department, title and hospital', async () => {
    expectError(await get('msl01', P.doctorGroups, { indication: INDICATION }, 'en'), 400, 'market.drugIndicationRequired', 'en');
    const g = ok<DoctorGroups>(await get('msl01', P.doctorGroups, { medicine: DRUG, indication: INDICATION }));
    expect(g.doctors).toBe(
      await n(`select count(distinct doctor_id) as n from online_consultations where medicine = '${DRUG}' and indication = '${INDICATION}'`),
    );
    expect(g.consultations).toBe(
      await n(`select sum(consultations) as n from online_consultations where medicine = '${DRUG}' and indication = '${INDICATION}'`),
    );
    expect(g.byTitle.reduce((s, t) => s + t.value, 0)).toBeLessThanOrEqual(g.doctors);
  });
});

describe('doctor groups by department code', () => {
  it('two 其他 sub-departments of different parents are two bars, named with their parents in zh and en', async () => {
    const medicine = '组分析测试药';
    const indication = '组分析测试适应症';
    const [drug] = await q<{ id: number }>(
      `insert into medicines (name, alias, code, company_id) values ('${medicine}', 'Group test', 'GRP-TEST', 'FP') returning id`,
    );
    await q(`insert into medicine_indications (medicine_id, indication, sort) values (${drug!.id}, '${indication}', 0)`);
    const doctor = async (name: string, dept1: string, dept2: string) => {
      const [row] = await q<{ id: number }>(
        `insert into doctors (name, hospital_id, province_code, city_code, dept1_code, dept2_code, title_code)
         select '${name}', hospital_id, province_code, city_code, '${dept1}', '${dept2}', title_code from doctors order by id limit 1 returning id`,
      );
      await q(
        `insert into online_consultations (doctor_id, medicine, indication, month, consultations) values (${row!.id}, '${medicine}', '${indication}', '2025-01-01', 3)`,
      );
      return row!.id;
    };
    const ids = [await doctor('组测外甲', '04', '04.09'), await doctor('组测外乙', '04', '04.09'), await doctor('组测中甲', '50', '50.18')];
    try {
      for (const lang of ['zh', 'en'] as const) {
        const g = ok<DoctorGroups>(await get('admin', P.doctorGroups, { medicine, indication }, lang));
        expect(g.doctors).toBe(3);
        expect(g.byDepartment).toEqual([
          { name: '外科·其他', nameEn: 'Other surgery', value: 2 },
          { name: '中医科·其他', nameEn: 'Other TCM', value: 1 },
        ]);
      }
    } finally {
      await q(`delete from online_consultations where medicine = '${medicine}'`);
      await q(`delete from doctors where id in (${ids.join(',')})`);
      await q(`delete from medicines where id = ${drug!.id}`);
    }
  });
});

describe('the data scope', () => {
  it('a user limited to Shanghai sees only the figures, doctors and doctor items of Shanghai', async () => {
    await h.database.db.execute(sql`update roles set data_scope = 'custom' where name = 'MSL'`);
    await h.database.db.execute(
      sql`insert into data_permissions (user_id, permission_type, permission_value) select id, 'province', '上海市' from users where username = 'msl02'`,
    );
    try {
      const m = ok<MarketCompare>(await get('msl02', P.marketCompare, { medicine: DRUG, competitor: COMPETITOR, months: 6 }));
      const since = `${m.sales[0]!.month}-01`;
      expect(m.totals.own).toBe(
        await n(`select sum(sales_units) as n from market_figures where medicine = '${DRUG}' and month >= '${since}' and province_code = '310000'`),
      );
      expect(m.byProvince.map((p) => p.province)).toEqual(['上海市']);
      const rows = ok<DoctorAttitude[]>(await get('msl02', P.indicationDrug, { medicine: DRUG, indication: INDICATION }));
      const ids = rows.map((r) => r.doctorId);
      if (ids.length > 0) expect(await n(`select count(*) as n from doctors where id in (${ids.join(',')}) and province_code <> '310000'`)).toBe(0);
      const t = ok<OpinionTrend>(await get('msl02', P.opinionTrend, { medicine: DRUG, months: 36 }));
      const since36 = `${t.byMonth[0]!.month}-01T00:00:00Z`;
      expect(t.total).toBe(
        await n(`select count(*) as n from opinion_items o left join doctors d on d.id = o.doctor_id
                  where o.medicine = '${DRUG}' and o.published_at >= '${since36}' and (o.doctor_id is null or d.province_code = '310000')`),
      );
      const g = ok<PatientGroups>(await get('msl02', P.patientGroups, { medicine: DRUG, indication: INDICATION }));
      expect(g.byProvince.map((p) => p.name)).toEqual(['上海市']);
    } finally {
      await h.database.db.execute(sql`update roles set data_scope = 'all' where name = 'MSL'`);
    }
  });
});

describe('the sentiment job', () => {
  it('rescores every item when data management changes the lexicon, and explains the new word', async () => {
    const job = new SentimentJob(h.database.db, { batchSize: 500 });
    expect(await job.run()).toBe(0);
    const before = await n(`select count(*) as n from opinion_items where text like '%门诊%' and sentiment = 'neutral'`);
    expect(before).toBeGreaterThan(0);
    const created = await h.app.inject({
      method: 'POST',
      url: API.apps.data.keyword.create,
      payload: { keyword: '门诊', category: LEXICON_CATEGORIES.positive },
      headers: h.auth(tokens.admin!),
    });
    expect(created.statusCode, created.body).toBe(200);
    const total = await n(`select count(*) as n from opinion_items`);
    expect(await job.run()).toBe(total);
    expect(await n(`select count(distinct lexicon_version) as n from opinion_items`)).toBe(1);
    expect(await n(`select count(*) as n from opinion_items where text like '%门诊%' and sentiment = 'neutral'`)).toBeLessThan(before);
    const [item] = await q<{ explanation: { hits: { word: string }[] } }>(`select explanation from opinion_items where text like '%今天门诊开了%' limit 1`);
    expect(item!.explanation.hits.map((x) => x.word)).toContain('门诊');
    // Nothing changed since: nothing to do.
    expect(await job.run()).toBe(0);
  });
});
