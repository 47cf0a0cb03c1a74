import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INTELLIGENCE_LIMITS as L,
  type AcademicContext,
  type AreaNetwork,
  type EgoNetwork,
  type IntelDoctor,
  type Lang,
  type NetworkEdge,
  type NetworkNode,
  type RelationPage,
  type RelationRow,
  type RelationType,
  type areaQuery,
  type relationsQuery,
} from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { intList } from '../../db/int-list.js';
import { doctorInScope, doctorSummaries, findDoctorInScope, type DataScope, doctorIdsInScope } from '../customers/index.js';
import { ref, refs, evidenceText } from './read-common.js';
import { decodeCursor, encodeCursor } from '../../platform/paging/index.js';

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
  const list = intList(ids);
  return selectRows<EdgeRow>(db, sql`select a, b, type, weight, count, first_year, last_year from intel_relations where a in (${list}) or b in (${list})`);
}

/** The relations among `ids` only (both ends in the list). */
async function edgesAmong(db: Db | Tx, ids: readonly number[]): Promise<EdgeRow[]> {
  if (ids.length === 0) return [];
  const list = intList(ids);
  return selectRows<EdgeRow>(db, sql`select a, b, type, weight, count, first_year, last_year from intel_relations where a in (${list}) and b in (${list})`);
}

/** Every relation of a doctor with a doctor in scope, strongest first. */
export async function relationRows(db: Db | Tx, scope: DataScope, doctorId: number, lang: Lang): Promise<RelationRow[]> {
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
  const offset = decodeCursor(q.cursor, ['int'])?.[0] ?? 0;
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
  const [centre, centreEdges] = await Promise.all([findDoctorInScope(db, scope, doctorId), edgesOf(db, [doctorId])]);
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
  const [firstNames, firstRingEdges] = await Promise.all([
    refs(
      db,
      first.map(([id]) => id),
      scope,
    ),
    edgesOf(
      db,
      first.map(([id]) => id),
    ),
  ]);
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
  let secondNames = new Map<number, IntelDoctor>();
  if (chosen.size < max && ring1.length > 0) {
    const inRing1 = new Set(ring1);
    const second = strength(
      firstRingEdges.filter((e) => inRing1.has(Number(e.a)) || inRing1.has(Number(e.b))),
      new Set(chosen.keys()),
    );
    const candidates = second.slice(0, (max - chosen.size) * 2);
    secondNames = await refs(
      db,
      candidates.map(([id]) => id),
      scope,
    );
    for (const [id, s] of candidates) {
      if (!secondNames.has(id)) continue;
      if (chosen.size >= max) {
        truncated = true;
        break;
      }
      chosen.set(id, { depth: 2, parent: s.parent });
    }
  }
  const ids = [...chosen.keys()];
  // Names were read (within the scope) when each ring was chosen. Every relation touching the
  // centre's neighbours was read with the first ring, so only those between two doctors of the
  // second ring are still to be read.
  const names = new Map([[doctorId, ref(centre)], ...firstNames, ...secondNames]);
  const ring2 = ids.filter((id) => chosen.get(id)!.depth === 2);
  const [ring2Edges, metrics, scores] = await Promise.all([
    edgesAmong(db, ring2),
    selectRows<{ doctor_id: number; pagerank: number; community: number }>(
      db,
      sql`select doctor_id, pagerank, community from intel_doctor_metrics where doctor_id in (${intList(ids)})`,
    ),
    selectRows<{ doctor_id: number; score: number }>(
      db,
      sql`select doctor_id, score from intel_kol_scores where indication = ${indication} and doctor_id in (${intList(ids)})`,
    ),
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
  const byKey = new Map<string, EdgeRow>();
  for (const e of [...firstRingEdges, ...centreEdges, ...ring2Edges]) {
    if (set.has(Number(e.a)) && set.has(Number(e.b))) byKey.set(`${e.a}~${e.b}~${e.type}`, e);
  }
  const edges = [...byKey.values()].sort((x, y) => Number(x.a) - Number(y.a) || Number(x.b) - Number(y.b) || x.type.localeCompare(y.type));
  const out: NetworkEdge[] = edges.map((e) => ({
    source: Number(e.a),
    target: Number(e.b),
    type: e.type,
    weight: Number(e.weight),
    evidence: evidenceText(e.type, Number(e.count), Number(e.first_year), Number(e.last_year), lang),
  }));
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
  const list = intList(ids);
  const [names, edges] = await Promise.all([
    doctorSummaries(db, ids, scope),
    selectRows<{ a: number; b: number; w: number }>(
      db,
      sql`select a, b, sum(weight)::float8 as w from intel_relations where a in (${list}) and b in (${list}) group by a, b`,
    ),
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
  const names = await refs(
    db,
    authors.map((a) => Number(a.doctor_id)),
    scope,
  );
  return {
    indication,
    byYear: byYear.map((r) => ({ year: Number(r.year), papers: Number(r.papers), citations: Number(r.citations) })),
    journals: journals.map((j) => ({ journal: j.journal, core: j.core, papers: Number(j.papers) })),
    authors: authors
      .filter((a) => names.has(Number(a.doctor_id)))
      .map((a) => ({ doctor: names.get(Number(a.doctor_id))!, papers: Number(a.papers), citations: Number(a.citations) })),
  };
}
