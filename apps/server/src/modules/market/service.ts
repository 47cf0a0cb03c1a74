import {
  LECTURER_LEVELS,
  LECTURER_RULE,
  lecturerLevel,
  MARKET_LIMITS,
  type DoctorAttitude,
  type DoctorGroups,
  type EventDetail,
  type IndicationMedAna,
  INDICATION_FIGURE_BASIS,
  type LecturerLevel,
  type LecturerRating,
  type MarketCompare,
  type MarketOptions,
  type NamedCount,
  distinctDepartmentName,
  PATIENT_GENDERS,
  type NetSearch,
  type OpinionItemsPage,
  type opinionItemsQuery,
  type OpinionTrend,
  type PatientGroups,
  type SentimentCounts,
  type SeriesPoint,
} from '@field-portal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { decodeCursor, keysetPage } from '../../platform/paging/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { doctorSummaries, type DataScope } from '../customers/index.js';
import { meetingProducts, speakerHistory } from '../meetings/index.js';
import { medicinesWithCompetitors, regionsOf, stagesOf, titlesOf } from '../reference/index.js';
import * as repo from './repo.js';

/**
 * Market intelligence (docs/decisions/0025): the rules of section 5 (a drug, a competitor "choose
 * a competitor and click query", drug and indication for group analysis), every figure summed from
 * rows in the caller's data scope.
 */

export interface MarketDeps {
  db: Db;
  now: () => number;
}

type Catalogue = Awaited<ReturnType<typeof medicinesWithCompetitors>>;

function monthsAgo(now: number, months: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (months - 1), 1)).toISOString();
}

function monthKeys(now: number, months: number): string[] {
  const d = new Date(now);
  return Array.from({ length: months }, (_, i) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (months - 1 - i), 1)).toISOString().slice(0, 7));
}

/** Every drug name data management knows: its medicines and their competitors. */
function drugNames(catalogue: Catalogue): Set<string> {
  return new Set(catalogue.flatMap((m) => [m.name, ...m.competitors]));
}

function indicationsOf(catalogue: Catalogue, drug: string): string[] {
  return [...new Set(catalogue.filter((m) => m.name === drug || m.competitors.includes(drug)).flatMap((m) => m.indications))];
}

async function requireDrug(db: Db, medicine: string, field = 'medicine'): Promise<Catalogue> {
  if (!medicine) throw badRequest('market.medicineRequired', field);
  const catalogue = await medicinesWithCompetitors(db);
  if (!drugNames(catalogue).has(medicine)) throw badRequest('market.medicineUnknown', field, { name: medicine });
  return catalogue;
}

/** Drug and indication both chosen, and the indication one of the drug's (section 5). */
async function requireDrugAndIndication(db: Db, medicine: string, indication: string): Promise<void> {
  if (!medicine) throw badRequest('market.drugIndicationRequired', 'medicine');
  if (!indication) throw badRequest('market.drugIndicationRequired', 'indication');
  const catalogue = await requireDrug(db, medicine);
  if (!indicationsOf(catalogue, medicine).includes(indication)) throw badRequest('market.indicationUnknown', 'indication', { name: indication });
}

/** A drug and one of its competitors: "choose a competitor and click query" (section 5). */
async function requireCompetitor(db: Db, medicine: string, competitor: string): Promise<void> {
  if (!medicine) throw badRequest('market.medicineRequired', 'medicine');
  if (!competitor) throw badRequest('market.competitorRequired', 'competitor');
  const catalogue = await requireDrug(db, medicine);
  const own = catalogue.find((m) => m.name === medicine);
  if (!own || !own.competitors.includes(competitor)) throw badRequest('market.competitorUnknown', 'competitor', { name: competitor });
}

const counts = (r: SentimentCounts): SentimentCounts => ({ positive: r.positive, negative: r.negative, neutral: r.neutral });

export async function marketOptions(deps: MarketDeps): Promise<MarketOptions> {
  const catalogue = await medicinesWithCompetitors(deps.db);
  return {
    medicines: catalogue.map((m) => ({ name: m.name, competitors: m.competitors, indications: m.indications })),
    indications: [...new Set(catalogue.flatMap((m) => m.indications))].sort(),
    platforms: await repo.platforms(deps.db),
    products: await meetingProducts(deps.db),
  };
}

export async function opinionTrend(deps: MarketDeps, scope: DataScope, q: { medicine: string; indication: string; months: number }): Promise<OpinionTrend> {
  if (q.medicine) await requireDrug(deps.db, q.medicine);
  const f = { medicine: q.medicine, indication: q.indication, since: monthsAgo(deps.now(), q.months) };
  const [byMonth, byPlatform, byDrug, events] = [
    await repo.countsBy(deps.db, scope, f, 'month'),
    await repo.countsBy(deps.db, scope, f, 'platform'),
    await repo.countsBy(deps.db, scope, f, 'medicine'),
    await repo.events(deps.db, scope, f),
  ];
  const found = new Map(byMonth.map((r) => [r.key, r]));
  return {
    byMonth: monthKeys(deps.now(), q.months).map((month) => ({ month, ...counts(found.get(month) ?? { positive: 0, negative: 0, neutral: 0 }) })),
    byPlatform: byPlatform.map((r) => ({ platform: r.key, ...counts(r) })),
    byDrug: byDrug.map((r) => ({ medicine: r.key, ...counts(r) })),
    events,
    total: byMonth.reduce((sum, r) => sum + r.positive + r.negative + r.neutral, 0),
  };
}

export async function opinionItems(deps: MarketDeps, scope: DataScope, q: z.output<typeof opinionItemsQuery>): Promise<OpinionItemsPage> {
  const limit = MARKET_LIMITS.itemsPageSize;
  const after = decodeCursor(q.cursor, ['ms', 'int']);
  const filter = { ...q, ...(q.months ? { since: monthsAgo(deps.now(), q.months) } : {}) };
  const page = keysetPage(await repo.items(deps.db, scope, filter, after, limit + 1), limit, (r) => [Date.parse(r.publishedAt), r.id]);
  const names = await doctorSummaries(
    deps.db,
    page.rows.flatMap((r) => (r.doctorId ? [r.doctorId] : [])),
    scope,
  );
  return {
    items: page.rows.map((r) => ({ ...r, doctorName: r.doctorId ? (names.get(r.doctorId)?.name ?? null) : null })),
    nextCursor: page.nextCursor,
  };
}

export async function eventDetail(deps: MarketDeps, scope: DataScope, id: number): Promise<EventDetail> {
  const [event] = await repo.events(deps.db, scope, { medicine: '', indication: '' }, id);
  if (!event) throw new AppError(404, 'market.eventNotFound');
  return { ...event, byDay: await repo.eventByDay(deps.db, scope, id) };
}

export async function indicationDrug(deps: MarketDeps, scope: DataScope, q: { medicine: string; indication: string }): Promise<DoctorAttitude[]> {
  await requireDrugAndIndication(deps.db, q.medicine, q.indication);
  const rows = await repo.attitudes(deps.db, scope, q.medicine, q.indication, MARKET_LIMITS.attitudeDoctors);
  const names = await doctorSummaries(
    deps.db,
    rows.map((r) => r.doctor_id),
    scope,
  );
  return rows.flatMap((r) => {
    const doctor = names.get(r.doctor_id);
    if (!doctor) return [];
    const total = r.positive + r.negative + r.neutral;
    return [
      {
        doctorId: r.doctor_id,
        doctorName: doctor.name,
        hospitalName: doctor.hospitalName,
        departmentName: doctor.dept2Name ?? doctor.dept1Name,
        departmentCode: doctor.dept2Code ?? doctor.dept1Code,
        ...counts(r),
        attitude: total === 0 ? 0 : Math.round(((r.positive - r.negative) / total) * 100) / 100,
        lastAt: new Date(r.last_at).toISOString(),
      },
    ];
  });
}

function series(rows: { medicine: string; month: string; value: number }[], own: string, competitor: string, keys: string[]): SeriesPoint[] {
  const at = new Map(rows.map((r) => [`${r.medicine}|${r.month}`, r.value]));
  return keys.map((month) => ({ month, own: at.get(`${own}|${month}`) ?? 0, competitor: at.get(`${competitor}|${month}`) ?? 0 }));
}

async function provinceNames(db: Db): Promise<Map<string, string>> {
  return new Map((await regionsOf(db, 1)).map((r) => [r.code, r.name]));
}

export async function marketCompare(deps: MarketDeps, scope: DataScope, q: { medicine: string; competitor: string; months: number }): Promise<MarketCompare> {
  await requireCompetitor(deps.db, q.medicine, q.competitor);
  const since = monthsAgo(deps.now(), q.months).slice(0, 10);
  const drugs = [q.medicine, q.competitor];
  const monthly = await repo.figuresByMonth(deps.db, scope, drugs, since);
  const provinces = await repo.figuresByProvince(deps.db, scope, drugs, since);
  const names = await provinceNames(deps.db);
  const byProvince = new Map<string, { own: number; competitor: number }>();
  for (const r of provinces) {
    const entry = byProvince.get(r.province) ?? { own: 0, competitor: 0 };
    if (r.medicine === q.medicine) entry.own += r.sales;
    else entry.competitor += r.sales;
    byProvince.set(r.province, entry);
  }
  const sales = series(
    monthly.map((r) => ({ ...r, value: r.sales })),
    q.medicine,
    q.competitor,
    monthKeys(deps.now(), q.months),
  );
  const own = sales.reduce((s, p) => s + p.own, 0);
  const competitor = sales.reduce((s, p) => s + p.competitor, 0);
  return {
    medicine: q.medicine,
    competitor: q.competitor,
    sales,
    byProvince: [...byProvince.entries()]
      .map(([code, v]) => ({ province: names.get(code) ?? code, ...v }))
      .sort((a, b) => b.own + b.competitor - (a.own + a.competitor))
      .slice(0, MARKET_LIMITS.topN),
    totals: { own, competitor, share: own + competitor === 0 ? 0 : Math.round((own / (own + competitor)) * 1000) / 10 },
  };
}

export async function netSearch(deps: MarketDeps, scope: DataScope, q: { medicine: string; competitor: string; months: number }): Promise<NetSearch> {
  await requireCompetitor(deps.db, q.medicine, q.competitor);
  const since = monthsAgo(deps.now(), q.months);
  const drugs = [q.medicine, q.competitor];
  const keys = monthKeys(deps.now(), q.months);
  const monthly = await repo.figuresByMonth(deps.db, scope, drugs, since.slice(0, 10));
  const opinions = await repo.opinionCounts(deps.db, scope, drugs, since);
  const consultations = await repo.consultationsByMonth(deps.db, scope, drugs, since.slice(0, 10));
  return {
    medicine: q.medicine,
    competitor: q.competitor,
    search: series(
      monthly.map((r) => ({ ...r, value: r.search })),
      q.medicine,
      q.competitor,
      keys,
    ),
    opinions: series(
      opinions.map((r) => ({ medicine: r.key, month: r.month, value: r.positive + r.negative + r.neutral })),
      q.medicine,
      q.competitor,
      keys,
    ),
    consultations: series(
      consultations.map((r) => ({ ...r, value: r.n })),
      q.medicine,
      q.competitor,
      keys,
    ),
  };
}

export async function indicationMedAna(deps: MarketDeps, scope: DataScope, q: { indication: string; months: number }): Promise<IndicationMedAna> {
  if (!q.indication) throw badRequest('market.indicationRequired', 'indication');
  const catalogue = await medicinesWithCompetitors(deps.db);
  const drugs = [...new Set(catalogue.filter((m) => m.indications.includes(q.indication)).flatMap((m) => [m.name, ...m.competitors]))];
  if (drugs.length === 0) throw badRequest('market.indicationUnknown', 'indication', { name: q.indication });
  const since = monthsAgo(deps.now(), q.months);
  // Market figures name no indication: sales and search are each drug's over all its indications.
  // Opinion items name one: the sentiment counts are the indication's (docs/decisions/0077).
  const figures = await repo.figuresByMonth(deps.db, scope, drugs, since.slice(0, 10));
  const opinions = await repo.opinionCounts(deps.db, scope, drugs, since, q.indication);
  const rows = drugs.map((medicine) => {
    const f = figures.filter((r) => r.medicine === medicine);
    const o = opinions.filter((r) => r.key === medicine);
    return {
      medicine,
      sales: f.reduce((s, r) => s + r.sales, 0),
      search: f.reduce((s, r) => s + r.search, 0),
      positive: o.reduce((s, r) => s + r.positive, 0),
      negative: o.reduce((s, r) => s + r.negative, 0),
      neutral: o.reduce((s, r) => s + r.neutral, 0),
      share: 0,
    };
  });
  const total = rows.reduce((s, r) => s + r.sales, 0);
  for (const r of rows) r.share = total === 0 ? 0 : Math.round((r.sales / total) * 1000) / 10;
  return { indication: q.indication, drugs: rows.sort((a, b) => b.sales - a.sales), basis: { ...INDICATION_FIGURE_BASIS } };
}

export async function lecturerRating(deps: MarketDeps, scope: DataScope, product: string): Promise<LecturerRating> {
  if (!product) throw badRequest('market.productRequired', 'product');
  const history = await speakerHistory(deps.db, product);
  const doctors = await doctorSummaries(
    deps.db,
    history.map((h) => h.doctorId),
    scope,
  );
  const byLevel = Object.fromEntries(LECTURER_LEVELS.map((l) => [l, 0])) as Record<LecturerLevel, number>;
  const lecturers = history.flatMap((h) => {
    const doctor = doctors.get(h.doctorId);
    if (!doctor) return [];
    const level = lecturerLevel(h.talks, h.cities, h.meanFeedback);
    byLevel[level] += 1;
    return [{ ...h, doctorName: doctor.name, hospitalName: doctor.hospitalName, level }];
  });
  const rank = (l: LecturerLevel) => LECTURER_LEVELS.indexOf(l);
  lecturers.sort((a, b) => rank(a.level) - rank(b.level) || b.talks - a.talks || a.doctorId - b.doctorId);
  return { product, rule: LECTURER_RULE, lecturers, byLevel };
}

/** Rows whose names are labels of a taxonomy, each with its English name where the taxonomy has one. */
const withEnglish = (rows: NamedCount[], english: Map<string, string>): NamedCount[] =>
  rows.map((r) => {
    const nameEn = english.get(r.name);
    return nameEn ? { ...r, nameEn } : r;
  });

const topN = (map: Map<string, number>): NamedCount[] =>
  [...map.entries()]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : 1))
    .slice(0, MARKET_LIMITS.topN);

export async function patientGroups(deps: MarketDeps, scope: DataScope, q: { medicine: string; indication: string }): Promise<PatientGroups> {
  await requireDrugAndIndication(deps.db, q.medicine, q.indication);
  const [byAge, byGender, byStage, provinces] = [
    await repo.patientGroupsBy(deps.db, scope, q.medicine, q.indication, 'age_band'),
    await repo.patientGroupsBy(deps.db, scope, q.medicine, q.indication, 'gender'),
    await repo.patientGroupsBy(deps.db, scope, q.medicine, q.indication, 'stage'),
    await repo.patientGroupsBy(deps.db, scope, q.medicine, q.indication, 'province'),
  ];
  const names = await provinceNames(deps.db);
  const stageEn = new Map((await stagesOf(deps.db)).map((s) => [s.name, s.nameEn]));
  const genderEn = new Map<string, string>(PATIENT_GENDERS.map((g) => [g.name, g.nameEn]));
  // genders and stages are labels with an English name; a name data management does not know keeps only its own
  return {
    medicine: q.medicine,
    indication: q.indication,
    total: byGender.reduce((s, r) => s + r.value, 0),
    byAge,
    byGender: withEnglish(byGender, genderEn),
    byStage: withEnglish(byStage, stageEn),
    byProvince: provinces.slice(0, MARKET_LIMITS.topN).map((r) => ({ name: names.get(r.name) ?? r.name, value: r.value })),
  };
}

export async function doctorGroups(deps: MarketDeps, scope: DataScope, q: { medicine: string; indication: string }): Promise<DoctorGroups> {
  await requireDrugAndIndication(deps.db, q.medicine, q.indication);
  const consulting = await repo.consultingDoctors(deps.db, scope, q.medicine, q.indication);
  const doctors = await doctorSummaries(
    deps.db,
    consulting.map((c) => c.doctor_id),
    scope,
  );
  const titles = new Map((await titlesOf(deps.db)).map((t) => [t.code, t]));
  // Departments are counted by their code: two sub-departments of one name (其他 of surgery and of
  // TCM) are two bars, named with their parent's (distinctDepartmentName). Titles are counted by name
  // and carry their English names along.
  const english = new Map<string, string>();
  const dept = new Map<string, number>();
  const deptNames = new Map<string, { name: string; nameEn?: string }>();
  const title = new Map<string, number>();
  const hospital = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let total = 0;
  for (const c of consulting) {
    const d = doctors.get(c.doctor_id);
    if (!d) continue;
    total += c.n;
    const deptCode = d.dept2Code ?? d.dept1Code;
    add(dept, deptCode);
    if (!deptNames.has(deptCode)) {
      const nameEn = distinctDepartmentName(deptCode, 'en');
      deptNames.set(deptCode, { name: distinctDepartmentName(deptCode, 'zh') ?? d.dept2Name ?? d.dept1Name, ...(nameEn ? { nameEn } : {}) });
    }
    const t = titles.get(d.titleCode);
    if (t?.nameEn) english.set(t.name, t.nameEn);
    add(title, t?.name ?? d.titleCode);
    add(hospital, d.hospitalName);
  }
  return {
    medicine: q.medicine,
    indication: q.indication,
    doctors: doctors.size,
    consultations: total,
    byDepartment: topN(dept).map(({ name: code, value }) => ({ ...deptNames.get(code)!, value })),
    byTitle: withEnglish(topN(title), english),
    byHospital: topN(hospital),
    attitude: await repo.attitudeOfDoctors(deps.db, scope, q.medicine, q.indication),
  };
}
