import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACADEMIC_KINDS,
  KOL_DIMENSIONS,
  KOL_GROUPS,
  INTELLIGENCE_LIMITS as L,
  contributionOf,
  hIndex,
  type AcademicContext,
  type AcademicItem,
  type AcademicKind,
  type AreaNetwork,
  type Doctor360,
  type EgoNetwork,
  type IntelDoctor,
  type KolDimension,
  type KolExplain,
  type KolPage,
  type KolTier,
  type KolWeight,
  type Lang,
  type LookAlike,
  type NetworkEdge,
  type NetworkNode,
  type PaperRow,
  type ProvinceKol,
  type RelationPage,
  type RelationRow,
  type RelationType,
  type areaQuery,
  type kolRankingQuery,
  type papersQuery,
  type relationsQuery,
  type saveWeightsRequest,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/auth.js';
import { doctorInScope, doctorSummaries, findDoctorInScope, type DataScope, doctorIdsInScope } from '../customers/scope.js';
import { doctorInfo } from '../customers/doctors.js';
import { businessRecord } from '../activity/business-record.js';
import { regionsOf } from '../reference/service.js';
import { meetingParticipationOf } from '../meetings/repo.js';
import { loadWeights } from './compute.js';
import { scoreHistory } from './history.js';
import { queueRecompute } from './jobs.js';

/**
 * Doctor intelligence reads (docs/decisions/0024). Every read goes through the caller's data
 * scope (the customers service): a doctor outside it answers 404, and doctors outside it never
 * appear in a list, a network or a comparison.
 */

export interface IntelDeps {
  db: Db;
  now: () => number;
}

const ref = (s: { id: number; name: string; hospitalName: string; dept1Name: string; dept2Name: string | null; titleCode: string }): IntelDoctor => ({
  id: s.id,
  name: s.name,
  hospitalName: s.hospitalName,
  department: s.dept2Name ?? s.dept1Name,
  titleCode: s.titleCode,
});

async function refs(db: Db | Tx, ids: readonly number[], scope: DataScope): Promise<Map<number, IntelDoctor>> {
  const summaries = await doctorSummaries(db, ids, scope);
  return new Map([...summaries].map(([id, s]) => [id, ref(s)]));
}

/* ---------- evidence ---------- */

const EVIDENCE: Record<RelationType, Record<Lang, (n: number, years: string) => string>> = {
  coauthor: { zh: (n, y) => `合著 ${n} 篇论文(${y})`, en: (n, y) => `co-authored ${n} paper${n === 1 ? '' : 's'} ${y}` },
  cospeaker: { zh: (n, y) => `同台讲课 ${n} 次(${y})`, en: (n, y) => `spoke at ${n} meeting${n === 1 ? '' : 's'} together ${y}` },
  coattend: { zh: (n, y) => `共同参会 ${n} 次(${y})`, en: (n, y) => `attended ${n} meeting${n === 1 ? '' : 's'} together ${y}` },
};

/** The evidence of a relation in words: "co-authored 3 papers 2021–2024". */
export function evidenceText(type: RelationType, count: number, first: number, last: number, lang: Lang): string {
  const years = first === last ? String(first) : `${first}–${last}`;
  return EVIDENCE[type][lang](count, years);
}

/* ---------- cursors ---------- */

function encodeCursor(parts: (number | string)[]): string {
  return Buffer.from(parts.join('~')).toString('base64url');
}
function decodeCursor(text: string | undefined, pattern: RegExp): string[] | undefined {
  if (text === undefined || text === '') return undefined;
  const parts = Buffer.from(text, 'base64url').toString('latin1');
  const match = pattern.exec(parts);
  if (!match) throw badRequest('intel.cursor.invalid', 'cursor');
  return match.slice(1);
}

async function cappedCount(db: Db | Tx, fromWhere: ReturnType<typeof sql>): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${L.countCap + 1}) c`);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, L.countCap), totalCapped: n > L.countCap };
}

/* ---------- doctor 360 ---------- */

interface PaperAgg {
  papers: number;
  citations: number;
  core: number;
  first: number;
  cites: number[];
}

async function paperStats(db: Db | Tx, doctorId: number): Promise<PaperAgg> {
  const rows = await selectRows<{ citations: number; core: boolean; position: number }>(
    db,
    sql`select p.citations, p.core, a.position from intel_paper_authors a join intel_papers p on p.id = a.paper_id where a.doctor_id = ${doctorId}`,
  );
  return {
    papers: rows.length,
    citations: rows.reduce((s, r) => s + Number(r.citations), 0),
    core: rows.filter((r) => r.core).length,
    first: rows.filter((r) => Number(r.position) === 1).length,
    cites: rows.map((r) => Number(r.citations)),
  };
}

export async function doctor360(deps: IntelDeps, scope: DataScope, user: CurrentUser, doctorId: number, lang: Lang): Promise<Doctor360> {
  const db = deps.db;
  const info = await doctorInfo(db, scope, user.id, doctorId, false);
  const { phone: _phone, corrections: _corrections, ...doctor } = info;
  const [stats, items, speaker, kol, metrics, relations, record] = await Promise.all([
    paperStats(db, doctorId),
    selectRows<{ kind: AcademicKind; name: string; role: string; year: number }>(db, sql`select kind, name, role, year from intel_academic_items where doctor_id = ${doctorId} order by year desc, id`),
    speakerHistory(db, doctorId),
    selectRows<{ indication: string; score: number; tier: KolTier; rank: number; of: number; computed_at: string }>(
      db,
      sql`select s.indication, s.score, s.tier, s.computed_at,
                 (select count(*)::int from intel_kol_scores x where x.indication = s.indication and x.score > s.score) + 1 as rank,
                 (select count(*)::int from intel_kol_scores x where x.indication = s.indication) as of
            from intel_kol_scores s where s.doctor_id = ${doctorId} order by s.score desc`,
    ),
    selectRows<{ pagerank: number; pagerank_pct: number; community: number }>(db, sql`select pagerank, pagerank_pct, community from intel_doctor_metrics where doctor_id = ${doctorId}`),
    relationRows(db, scope, doctorId, lang),
    businessRecord({ db, now: deps.now }, user, { doctorId, size: 10 }),
  ]);
  const counts = Object.fromEntries(ACADEMIC_KINDS.map((k) => [k, items.filter((i) => i.kind === k).length])) as Record<AcademicKind, number>;
  return {
    doctor,
    academic: {
      papers: stats.papers,
      citations: stats.citations,
      hIndex: hIndex(stats.cites),
      coreShare: stats.papers > 0 ? Math.round((stats.core / stats.papers) * 1000) / 1000 : 0,
      firstAuthor: stats.first,
      items: items.map((i): AcademicItem => ({ kind: i.kind, name: i.name, role: i.role, year: Number(i.year) })),
      counts,
      meetings: speaker,
    },
    impact: {
      kol: kol.map((k) => ({ indication: k.indication, score: Number(k.score), tier: k.tier, rank: Number(k.rank), of: Number(k.of) })),
      pagerank: metrics[0] ? Number(metrics[0].pagerank) : null,
      pagerankPercentile: metrics[0] ? Number(metrics[0].pagerank_pct) : null,
      community: metrics[0] ? Number(metrics[0].community) : null,
      relations: relations.length,
      topRelations: relations.slice(0, 10),
      computedAt: kol[0] ? new Date(kol[0].computed_at).toISOString() : null,
    },
    activity: record.list.map((r) => ({ kind: r.kind, id: r.id, at: r.at, title: r.title, user: r.user.name || r.user.username })),
    activityTotal: record.total,
    attitude: [],
  };
}

/** Speaker and attendance counts from the meetings service. */
async function speakerHistory(db: Db | Tx, doctorId: number): Promise<{ speaker: number; attended: number }> {
  const rows = await meetingParticipationOf(db, doctorId);
  return { speaker: rows.filter((r) => r.role !== 'attendee').length, attended: rows.filter((r) => r.attended).length };
}

export async function doctorPapers(db: Db, scope: DataScope, q: z.output<typeof papersQuery>): Promise<{ list: PaperRow[]; total: number; nextCursor: string | null }> {
  await findDoctorInScope(db, scope, q.doctorId);
  const cursor = decodeCursor(q.cursor, /^(\d{4})~(\d{1,10})$/);
  const rows = await selectRows<{ id: number; title: string; journal: string; core: boolean; year: number; citations: number; position: number; authors: number }>(
    db,
    sql`select p.id, p.title, p.journal, p.core, p.year, p.citations, a.position, (select count(*)::int from intel_paper_authors x where x.paper_id = p.id) as authors
          from intel_paper_authors a join intel_papers p on p.id = a.paper_id
         where a.doctor_id = ${q.doctorId} ${cursor ? sql`and (p.year, p.id) < (${Number(cursor[0])}, ${Number(cursor[1])})` : sql``}
         order by p.year desc, p.id desc limit ${q.size + 1}`,
  );
  const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from intel_paper_authors where doctor_id = ${q.doctorId}`);
  const more = rows.length > q.size;
  const shown = more ? rows.slice(0, q.size) : rows;
  return {
    list: shown.map((r) => ({ id: Number(r.id), title: r.title, journal: r.journal, core: r.core, year: Number(r.year), citations: Number(r.citations), position: Number(r.position), authors: Number(r.authors) })),
    total: Number(count?.n ?? 0),
    nextCursor: more ? encodeCursor([shown.at(-1)!.year, shown.at(-1)!.id]) : null,
  };
}

/* ---------- KOL ---------- */

export async function kolWeights(db: Db | Tx): Promise<KolWeight[]> {
  const weights = await loadWeights(db);
  return KOL_DIMENSIONS.map((d) => ({ dimension: d, group: KOL_GROUPS[d], weight: weights[d] }));
}

/** Saves the weights (one transaction) and queues a recompute that applies them. */
export async function saveKolWeights(db: Db, user: CurrentUser, body: z.output<typeof saveWeightsRequest>): Promise<KolWeight[]> {
  await db.transaction(async (tx) => {
    for (const d of KOL_DIMENSIONS) {
      await tx.execute(sql`insert into intel_kol_weights (dimension, weight, updated_by, updated_at) values (${d}, ${body.weights[d]}, ${user.id}, now())
                           on conflict (dimension) do update set weight = excluded.weight, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
    }
    await queueRecompute(tx, user.id);
  });
  return kolWeights(db);
}

interface ScoreRow {
  doctor_id: number;
  province_code: string;
  score: number;
  tier: KolTier;
  pct: Record<KolDimension, number>;
  raw: Record<KolDimension, number>;
  computed_at: string;
}

export async function kolRanking(db: Db, scope: DataScope, q: z.output<typeof kolRankingQuery>): Promise<KolPage> {
  const cursor = decodeCursor(q.cursor, /^(\d{1,3}(?:\.\d{1,6})?)~(\d{1,10})~(\d{1,9})$/);
  const where = sql`s.indication = ${q.indication} and ${doctorInScope(scope, 's')}
    ${q.provinceCode ? sql`and s.province_code = ${q.provinceCode}` : sql``}
    ${q.tier ? sql`and s.tier = ${q.tier}` : sql``}`;
  const rows = await selectRows<ScoreRow>(
    db,
    sql`select s.doctor_id, s.province_code, s.score, s.tier, s.pct, s.computed_at from intel_kol_scores s
         where ${where} ${cursor ? sql`and (s.score, s.doctor_id) < (${Number(cursor[0])}::real, ${Number(cursor[1])})` : sql``}
         order by s.score desc, s.doctor_id desc limit ${q.size + 1}`,
  );
  const more = rows.length > q.size;
  const shown = more ? rows.slice(0, q.size) : rows;
  const [count, names] = await Promise.all([cappedCount(db, sql`from intel_kol_scores s where ${where}`), refs(db, shown.map((r) => Number(r.doctor_id)), scope)]);
  const startRank = cursor ? Number(cursor[2]) : 0;
  return {
    list: shown.map((r, i) => {
      const pct = r.pct;
      const top = KOL_DIMENSIONS.map((d) => ({ dimension: d, percentile: Number(pct[d] ?? 0) }))
        .sort((a, b) => b.percentile - a.percentile)
        .slice(0, 3);
      return {
        rank: startRank + i + 1,
        doctor: names.get(Number(r.doctor_id)) ?? { id: Number(r.doctor_id), name: `#${r.doctor_id}`, hospitalName: '', department: '', titleCode: '' },
        provinceCode: r.province_code,
        score: Number(r.score),
        tier: r.tier,
        top,
      };
    }),
    ...count,
    nextCursor: more ? encodeCursor([Number(shown.at(-1)!.score), Number(shown.at(-1)!.doctor_id), startRank + shown.length]) : null,
    computedAt: shown[0] ? new Date(shown[0].computed_at).toISOString() : null,
  };
}

export async function kolExplain(db: Db, scope: DataScope, indication: string, doctorId: number): Promise<KolExplain> {
  const summary = await findDoctorInScope(db, scope, doctorId);
  const [row] = await selectRows<ScoreRow & { rank: number; of: number }>(
    db,
    sql`select s.doctor_id, s.province_code, s.score, s.tier, s.pct, s.raw, s.computed_at,
               (select count(*)::int from intel_kol_scores x where x.indication = s.indication and x.score > s.score) + 1 as rank,
               (select count(*)::int from intel_kol_scores x where x.indication = s.indication) as of
          from intel_kol_scores s where s.indication = ${indication} and s.doctor_id = ${doctorId}`,
  );
  if (!row) throw notFound('intel.notScored');
  const [weights, history] = await Promise.all([loadWeights(db), scoreHistory(db, doctorId, indication)]);
  const total = KOL_DIMENSIONS.reduce((s, d) => s + weights[d], 0);
  return {
    history,
    doctor: ref(summary),
    indication,
    score: Number(row.score),
    tier: row.tier,
    rank: Number(row.rank),
    of: Number(row.of),
    computedAt: new Date(row.computed_at).toISOString(),
    dimensions: KOL_DIMENSIONS.map((d) => {
      const percentile = Number(row.pct[d] ?? 0);
      return { dimension: d, raw: Number(row.raw[d] ?? 0), percentile, weight: weights[d], contribution: Math.round(contributionOf(percentile, weights[d], total) * 100) / 100 };
    }),
  };
}

export async function kolCompare(db: Db, scope: DataScope, indication: string, doctorIds: number[]): Promise<KolExplain[]> {
  const out: KolExplain[] = [];
  for (const id of doctorIds) out.push(await kolExplain(db, scope, indication, id));
  return out;
}

export async function kolProvinces(db: Db, scope: DataScope, indication: string): Promise<ProvinceKol[]> {
  const [rows, provinces] = await Promise.all([
    selectRows<{ province_code: string; n: number; t1: number; t2: number; mean: number }>(
      db,
      sql`select s.province_code, count(*)::int as n, count(*) filter (where s.tier = 'T1')::int as t1, count(*) filter (where s.tier = 'T2')::int as t2, avg(s.score)::float8 as mean
            from intel_kol_scores s where s.indication = ${indication} and ${doctorInScope(scope, 's')}
           group by s.province_code order by n desc`,
    ),
    regionsOf(db, 1),
  ]);
  const names = new Map(provinces.map((p) => [p.code, p.name]));
  return rows.map((r) => ({ provinceCode: r.province_code, province: names.get(r.province_code) ?? r.province_code, doctors: Number(r.n), t1: Number(r.t1), t2: Number(r.t2), meanScore: Math.round(Number(r.mean) * 10) / 10 }));
}

/** The doctors most similar to one over the percentile vector of its strongest indication. */
export async function lookAlike(db: Db, scope: DataScope, doctorId: number, size: number): Promise<{ indication: string | null; list: LookAlike[] }> {
  await findDoctorInScope(db, scope, doctorId);
  const [target] = await selectRows<ScoreRow & { indication: string }>(db, sql`select indication, doctor_id, score, pct from intel_kol_scores where doctor_id = ${doctorId} order by score desc limit 1`);
  if (!target) return { indication: null, list: [] };
  const candidates = await selectRows<ScoreRow>(
    db,
    sql`select s.doctor_id, s.score, s.pct from intel_kol_scores s
         where s.indication = ${target.indication} and s.doctor_id <> ${doctorId} and ${doctorInScope(scope, 's')}
         order by abs(s.score - ${Number(target.score)}::real), s.doctor_id limit 2000`,
  );
  const vector = (pct: Record<KolDimension, number>) => KOL_DIMENSIONS.map((d) => Number(pct[d] ?? 0));
  const t = vector(target.pct);
  const scored = candidates
    .map((c) => {
      const v = vector(c.pct);
      const distance = Math.sqrt(v.reduce((s, x, i) => s + (x - t[i]!) ** 2, 0));
      // 1 when identical, 0 at the largest possible distance (100 on every dimension).
      return { id: Number(c.doctor_id), v, similarity: Math.round((1 - distance / (100 * Math.sqrt(t.length))) * 1000) / 1000 };
    })
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, size);
  const names = await refs(db, scored.map((s) => s.id), scope);
  return {
    indication: target.indication,
    list: scored
      .filter((s) => names.has(s.id))
      .map((s) => ({ doctor: names.get(s.id)!, similarity: s.similarity, features: KOL_DIMENSIONS.map((d, i) => ({ name: d, value: s.v[i]!, target: t[i]! })) })),
  };
}

/* ---------- relations and networks ---------- */

interface EdgeRow {
  a: number;
  b: number;
  type: RelationType;
  weight: number;
  count: number;
  first_year: number;
  last_year: number;
}

async function edgesOf(db: Db | Tx, ids: readonly number[]): Promise<EdgeRow[]> {
  if (ids.length === 0) return [];
  const list = sql.raw(ids.filter((id) => Number.isSafeInteger(id)).join(','));
  return selectRows<EdgeRow>(db, sql`select a, b, type, weight, count, first_year, last_year from intel_relations where a in (${list}) or b in (${list})`);
}

/** The relations among `ids` only (both ends in the list): the edges an ego network draws. */
async function edgesAmong(db: Db | Tx, ids: readonly number[]): Promise<EdgeRow[]> {
  if (ids.length === 0) return [];
  const list = sql.raw(ids.filter((id) => Number.isSafeInteger(id)).join(','));
  return selectRows<EdgeRow>(db, sql`select a, b, type, weight, count, first_year, last_year from intel_relations where a in (${list}) and b in (${list})`);
}

/** Every relation of a doctor with a doctor in scope, strongest first. */
async function relationRows(db: Db | Tx, scope: DataScope, doctorId: number, lang: Lang): Promise<RelationRow[]> {
  const edges = await edgesOf(db, [doctorId]);
  const others = edges.map((e) => (Number(e.a) === doctorId ? Number(e.b) : Number(e.a)));
  const names = await refs(db, others, scope);
  return edges
    .map((e, i) => ({ e, other: others[i]! }))
    .filter(({ other }) => names.has(other))
    .map(({ e, other }) => ({
      doctor: names.get(other)!,
      type: e.type,
      weight: Number(e.weight),
      evidence: evidenceText(e.type, Number(e.count), Number(e.first_year), Number(e.last_year), lang),
      firstYear: Number(e.first_year),
      lastYear: Number(e.last_year),
    }))
    .sort((x, y) => y.weight - x.weight || x.doctor.id - y.doctor.id || x.type.localeCompare(y.type));
}

/** A doctor's relations, paged (a doctor has hundreds at most, so the page is cut from the sorted list). */
export async function doctorRelations(db: Db, scope: DataScope, q: z.output<typeof relationsQuery>, lang: Lang): Promise<RelationPage> {
  await findDoctorInScope(db, scope, q.doctorId);
  const offset = Number(decodeCursor(q.cursor, /^(\d{1,6})$/)?.[0] ?? 0);
  const all = (await relationRows(db, scope, q.doctorId, lang)).filter((r) => !q.type || r.type === q.type);
  const list = all.slice(offset, offset + q.size);
  return { list, total: all.length, totalCapped: false, nextCursor: offset + q.size < all.length ? encodeCursor([offset + q.size]) : null };
}

/**
 * The ego network: the doctor, the strongest neighbours, then theirs, up to 300 nodes in scope;
 * positions from the server (the centre, neighbours on an inner ring, theirs outside by parent).
 * Node sizes follow the KOL score for the indication.
 */
export async function egoNetwork(db: Db, scope: DataScope, indication: string, doctorId: number, lang: Lang): Promise<EgoNetwork> {
  // Round trips run side by side where one does not need the other (docs/decisions/0024, "at national scale").
  const [, centreEdges] = await Promise.all([findDoctorInScope(db, scope, doctorId), edgesOf(db, [doctorId])]);
  const max = L.egoNodesMax;
  const strength = (rows: EdgeRow[], from: Set<number>) => {
    const m = new Map<number, { w: number; parent: number }>();
    for (const e of rows) {
      const a = Number(e.a);
      const b = Number(e.b);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        if (from.has(x) && !from.has(y)) {
          const cur = m.get(y);
          const w = (cur?.w ?? 0) + Number(e.weight);
          m.set(y, { w, parent: cur && cur.w > Number(e.weight) ? cur.parent : x });
        }
      }
    }
    return [...m].sort((p, q) => q[1].w - p[1].w || p[0] - q[0]);
  };
  const chosen = new Map<number, { depth: number; parent: number }>([[doctorId, { depth: 0, parent: doctorId }]]);
  const first = strength(centreEdges, new Set([doctorId]));
  // The names (scope) of the first ring and the relations of all of it at once; those outside the scope are left out below.
  const [firstNames, firstRingEdges] = await Promise.all([refs(db, first.map(([id]) => id), scope), edgesOf(db, first.map(([id]) => id))]);
  let truncated = false;
  for (const [id] of first) {
    if (!firstNames.has(id)) continue;
    if (chosen.size >= max) {
      truncated = true;
      break;
    }
    chosen.set(id, { depth: 1, parent: doctorId });
  }
  const ring1 = [...chosen.keys()].filter((id) => id !== doctorId);
  if (chosen.size < max && ring1.length > 0) {
    const inRing1 = new Set(ring1);
    const second = strength(
      firstRingEdges.filter((e) => inRing1.has(Number(e.a)) || inRing1.has(Number(e.b))),
      new Set(chosen.keys()),
    );
    const candidates = second.slice(0, (max - chosen.size) * 2);
    const names = await refs(db, candidates.map(([id]) => id), scope);
    for (const [id, s] of candidates) {
      if (!names.has(id)) continue;
      if (chosen.size >= max) {
        truncated = true;
        break;
      }
      chosen.set(id, { depth: 2, parent: s.parent });
    }
  }
  const ids = [...chosen.keys()];
  const [names, edges, metrics, scores] = await Promise.all([
    refs(db, ids, scope),
    edgesAmong(db, ids),
    selectRows<{ doctor_id: number; pagerank: number; community: number }>(db, sql`select doctor_id, pagerank, community from intel_doctor_metrics where doctor_id in (${sql.raw(ids.join(','))})`),
    selectRows<{ doctor_id: number; score: number }>(db, sql`select doctor_id, score from intel_kol_scores where indication = ${indication} and doctor_id in (${sql.raw(ids.join(','))})`),
  ]);
  const metric = new Map(metrics.map((m) => [Number(m.doctor_id), m]));
  const score = new Map(scores.map((s) => [Number(s.doctor_id), Number(s.score)]));
  // Positions: ring 1 evenly around the centre; ring 2 fanned out behind each parent.
  const pos = new Map<number, { x: number; y: number; angle: number }>([[doctorId, { x: 0, y: 0, angle: 0 }]]);
  ring1.forEach((id, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, ring1.length);
    pos.set(id, { x: Math.cos(angle) * 200, y: Math.sin(angle) * 200, angle });
  });
  const children = new Map<number, number[]>();
  for (const [id, c] of chosen) {
    if (c.depth !== 2) continue;
    let list = children.get(c.parent);
    if (!list) children.set(c.parent, (list = []));
    list.push(id);
  }
  const spread = ring1.length > 0 ? (2 * Math.PI) / ring1.length : 2 * Math.PI;
  for (const [parent, list] of children) {
    const base = pos.get(parent)?.angle ?? 0;
    list.forEach((id, k) => {
      const angle = base + ((k + 0.5) / list.length - 0.5) * spread * 0.9;
      const r = 380 + (k % 3) * 40;
      pos.set(id, { x: Math.cos(angle) * r, y: Math.sin(angle) * r, angle });
    });
  }
  const nodes: NetworkNode[] = ids.map((id) => {
    const n = names.get(id)!;
    const p = pos.get(id)!;
    return {
      id,
      name: n.name,
      hospitalName: n.hospitalName,
      x: Math.round(p.x * 10) / 10,
      y: Math.round(p.y * 10) / 10,
      size: Math.round(8 + (score.get(id) ?? 0) / 5),
      community: Number(metric.get(id)?.community ?? 0),
      pagerank: Number(metric.get(id)?.pagerank ?? 0),
      depth: chosen.get(id)!.depth,
    };
  });
  const set = new Set(ids);
  const out: NetworkEdge[] = edges
    .filter((e) => set.has(Number(e.a)) && set.has(Number(e.b)))
    .map((e) => ({ source: Number(e.a), target: Number(e.b), type: e.type, weight: Number(e.weight), evidence: evidenceText(e.type, Number(e.count), Number(e.first_year), Number(e.last_year), lang) }));
  return { centre: doctorId, nodes, edges: out, truncated };
}

/** The whole-area map: the most central doctors with a score for the indication (up to 20,000), their edges, positions from the job. */
export async function areaNetwork(db: Db, scope: DataScope, q: z.output<typeof areaQuery>): Promise<AreaNetwork> {
  const rows = await selectRows<{ doctor_id: number; x: number; y: number; community: number; pagerank: number; score: number }>(
    db,
    sql`select m.doctor_id, m.x, m.y, m.community, m.pagerank, s.score from intel_doctor_metrics m
          join intel_kol_scores s on s.indication = ${q.indication} and s.doctor_id = m.doctor_id
         where ${doctorInScope(scope, 'm')} ${q.provinceCode ? sql`and m.province_code = ${q.provinceCode}` : sql``}
         order by m.pagerank desc, m.doctor_id limit ${L.areaNodesMax + 1}`,
  );
  const truncated = rows.length > L.areaNodesMax;
  const nodesRows = truncated ? rows.slice(0, L.areaNodesMax) : rows;
  if (nodesRows.length === 0) return { nodes: [], edges: [], communities: 0, truncated: false };
  const ids = nodesRows.map((r) => Number(r.doctor_id));
  const list = sql.raw(ids.join(','));
  const [names, edges] = await Promise.all([
    doctorSummaries(db, ids, scope),
    selectRows<{ a: number; b: number; w: number }>(db, sql`select a, b, sum(weight)::float8 as w from intel_relations where a in (${list}) and b in (${list}) group by a, b`),
  ]);
  return {
    nodes: nodesRows.map((r) => ({
      id: Number(r.doctor_id),
      name: names.get(Number(r.doctor_id))?.name ?? '',
      hospitalName: names.get(Number(r.doctor_id))?.hospitalName ?? '',
      x: Number(r.x),
      y: Number(r.y),
      size: Math.round(2 + Number(r.score) / 12),
      community: Number(r.community),
      pagerank: Number(r.pagerank),
    })),
    edges: edges.map((e) => ({ source: Number(e.a), target: Number(e.b), type: 'coauthor', weight: Number(e.w) })),
    communities: new Set(nodesRows.map((r) => Number(r.community))).size,
    truncated,
  };
}

/* ---------- academic context ---------- */

export async function academicContext(db: Db, scope: DataScope, indication: string): Promise<AcademicContext> {
  const inScope = sql`exists (select 1 from intel_paper_authors a where a.paper_id = p.id and a.doctor_id in ${doctorIdsInScope(scope)})`;
  const [byYear, journals, authors] = await Promise.all([
    selectRows<{ year: number; papers: number; citations: number }>(
      db,
      sql`select p.year, count(*)::int as papers, sum(p.citations)::int as citations from intel_papers p where p.indication = ${indication} and ${inScope} group by p.year order by p.year`,
    ),
    selectRows<{ journal: string; core: boolean; papers: number }>(
      db,
      sql`select p.journal, bool_or(p.core) as core, count(*)::int as papers from intel_papers p where p.indication = ${indication} and ${inScope} group by p.journal order by papers desc, p.journal limit 10`,
    ),
    selectRows<{ doctor_id: number; papers: number; citations: number }>(
      db,
      sql`select a.doctor_id, count(*)::int as papers, sum(p.citations)::int as citations
            from intel_paper_authors a join intel_papers p on p.id = a.paper_id
           where p.indication = ${indication} and a.doctor_id in ${doctorIdsInScope(scope)}
           group by a.doctor_id order by papers desc, citations desc, a.doctor_id limit 10`,
    ),
  ]);
  const names = await refs(db, authors.map((a) => Number(a.doctor_id)), scope);
  return {
    indication,
    byYear: byYear.map((r) => ({ year: Number(r.year), papers: Number(r.papers), citations: Number(r.citations) })),
    journals: journals.map((j) => ({ journal: j.journal, core: j.core, papers: Number(j.papers) })),
    authors: authors.filter((a) => names.has(Number(a.doctor_id))).map((a) => ({ doctor: names.get(Number(a.doctor_id))!, papers: Number(a.papers), citations: Number(a.citations) })),
  };
}
