import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { KOL_DEFAULT_WEIGHTS, KOL_DIMENSIONS, kolScore, tierOf, type KolDimension } from '@field-portal/shared';
import { selectRows, type Tx } from '../../db/client.js';
import { TimeSlice } from '../../platform/time-slice.js';
import { doctorFacts, type DoctorFacts } from '../customers/index.js';
import { insertLiteral } from '../customers/index.js';
import { meetingParticipation } from '../meetings/index.js';
import { recordRun } from './history.js';
import { percentRanks, type EdgeShard } from './network-metrics.js';
import { computeNetworkInWorker } from './graph-thread.js';

export { layout, percentRanks } from './network-metrics.js';

/**
 * The recompute (docs/decisions/0024): relations, network metrics and KOL scores, from the
 * academic records, the meetings service's speaker and attendance history and the customers
 * service's doctors. Runs in ONE transaction, so readers keep the previous results until it
 * commits. The pure parts (percentiles, raw values, layout) are exported for unit tests.
 */

export interface ComputeStats {
  doctors: number;
  relations: number;
  scored: number;
  communities: number;
  ms: number;
  peakRssMb: number;
  [key: string]: number;
}

export interface RawInputs {
  items: Partial<Record<string, number>>;
  papers: number;
  meetingsSpoken: number;
  pagerankRelative: number;
}

const TITLE_POINTS: Record<string, number> = { CHIEF: 3, ASSOCIATE_CHIEF: 2, ATTENDING: 1, RESIDENT: 0 };
const gradePoints = (level: string) => (level === '3A' ? 2 : level.startsWith('3') ? 1 : 0);

/** Each dimension's raw value for one doctor and indication (what "explain" shows). */
export function rawValues(d: Pick<DoctorFacts, 'titleCode' | 'hospitalLevel' | 'outpatientDays'>, x: RawInputs): Record<KolDimension, number> {
  const n = (kind: string) => x.items[kind] ?? 0;
  return {
    advisoryBoard: n('advisory'),
    guideline: n('guideline'),
    committee: n('committee'),
    association: n('association'),
    clinicalTrial: n('trial'),
    conference: n('conference') + x.meetingsSpoken,
    paper: x.papers,
    editorialBoard: n('editorial'),
    background: (TITLE_POINTS[d.titleCode] ?? 0) + gradePoints(d.hospitalLevel) + n('nsfc'),
    network: Math.round(x.pagerankRelative * 1000) / 1000,
    clinicalExperience: d.outpatientDays,
    patientEducation: n('education'),
  };
}

/**
 * Above this many relations the network metrics are computed per province (docs/decisions/0024,
 * "at national scale"): one graphology graph of every relation of a million doctors does not fit
 * in memory, and the generated co-authorship never leaves a province. Below it, one graph.
 */
export const SHARD_ABOVE_RELATIONS = 2_000_000;

interface EdgeList {
  a: number[];
  b: number[];
  w: number[];
}

/** Inclusive id ranges of `size` doctors each (the doctors are in id order). */
export function idRanges(doctors: readonly { id: number }[], size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < doctors.length; i += size) out.push([doctors[i]!.id, doctors[Math.min(doctors.length, i + size) - 1]!.id]);
  return out;
}

async function allDoctors(tx: Tx): Promise<DoctorFacts[]> {
  const out: DoctorFacts[] = [];
  // 10,000 a query: each result is parsed and mapped in one go on the main thread.
  for (let after = 0; ;) {
    const batch = await doctorFacts(tx, after, 10_000);
    if (batch.length === 0) break;
    for (const d of batch) out.push(d);
    after = batch.at(-1)!.id;
  }
  return out;
}

export async function loadWeights(tx: Tx): Promise<Record<KolDimension, number>> {
  const rows = await selectRows<{ dimension: string; weight: number }>(tx, sql`select dimension, weight from intel_kol_weights`);
  const weights = { ...KOL_DEFAULT_WEIGHTS };
  for (const r of rows) if ((KOL_DIMENSIONS as readonly string[]).includes(r.dimension)) weights[r.dimension as KolDimension] = Number(r.weight);
  return weights;
}

/** Relations from co-authorship (SQL over this module's papers) and from meetings (the meetings service). */
async function writeRelations(tx: Tx, asOfYear: number | null, slice: TimeSlice): Promise<void> {
  await tx.execute(sql`delete from intel_relations`);
  await tx.execute(sql`
    insert into intel_relations (a, b, type, weight, count, first_year, last_year)
    select x.doctor_id, y.doctor_id, 'coauthor', count(*), count(*), min(p.year), max(p.year)
      from intel_paper_authors x
      join intel_paper_authors y on y.paper_id = x.paper_id and y.doctor_id > x.doctor_id
      join intel_papers p on p.id = x.paper_id
     where ${asOfYear === null ? sql`true` : sql`p.year <= ${asOfYear}`}
     group by x.doctor_id, y.doctor_id`);
  const rows = (await meetingParticipation(tx)).filter((r) => asOfYear === null || r.year <= asOfYear);
  const byMeeting = new Map<number, typeof rows>();
  for (const r of rows) {
    if (slice.due()) await slice.pause();
    let list = byMeeting.get(r.meetingId);
    if (!list) byMeeting.set(r.meetingId, (list = []));
    list.push(r);
  }
  const pairs = new Map<string, { a: number; b: number; type: string; count: number; first: number; last: number }>();
  for (const list of byMeeting.values()) {
    for (let i = 0; i < list.length; i++) {
      await slice.tick();
      for (let j = i + 1; j < list.length; j++) {
        const [p, q] = list[i]!.doctorId < list[j]!.doctorId ? [list[i]!, list[j]!] : [list[j]!, list[i]!];
        if (p.doctorId === q.doctorId) continue;
        const bothSpeak = p.role !== 'attendee' && q.role !== 'attendee';
        const bothThere = (p.attended || p.role !== 'attendee') && (q.attended || q.role !== 'attendee');
        const type = bothSpeak ? 'cospeaker' : bothThere ? 'coattend' : null;
        if (!type) continue;
        const key = `${p.doctorId}|${q.doctorId}|${type}`;
        const e = pairs.get(key);
        if (e) {
          e.count++;
          e.first = Math.min(e.first, p.year);
          e.last = Math.max(e.last, p.year);
        } else pairs.set(key, { a: p.doctorId, b: q.doctorId, type, count: 1, first: p.year, last: p.year });
      }
    }
  }
  const values: unknown[][] = [];
  for (const e of pairs.values()) {
    if (slice.due()) await slice.pause();
    values.push([e.a, e.b, e.type, e.type === 'cospeaker' ? e.count * 2 : e.count, e.count, e.first, e.last]);
  }
  if (values.length > 0) await insertLiteral(tx, 'intel_relations', ['a', 'b', 'type', 'weight', 'count', 'first_year', 'last_year'], values);
}

export interface RecomputeOptions {
  /**
   * Compute from the data as it stood at the end of this year (papers, academic records and
   * meetings up to it); the run is dated the year's last day. The demo seed uses it for the run
   * before the current one, so the score history starts from real rows (docs/decisions/0024).
   */
  asOfYear?: number;
  /** Above this many relations the network metrics are computed per province (docs/decisions/0024). */
  shardAboveRelations?: number;
}

/** Runs the whole recompute inside `tx`. */
export async function recompute(tx: Tx, now: Date = new Date(), options: RecomputeOptions = {}): Promise<ComputeStats> {
  const asOfYear = options.asOfYear ?? null;
  const upTo = (column: ReturnType<typeof sql.raw>) => (asOfYear === null ? sql`true` : sql`${column} <= ${asOfYear}`);
  const started = performance.now();
  // The main thread's loops over large results give the event loop back every 20 ms (docs/decisions/0032).
  const slice = new TimeSlice(20);
  let peak = process.memoryUsage().rss;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const weights = await loadWeights(tx);
  const doctors = await allDoctors(tx);
  const index = new Map<number, number>();
  for (let i = 0; i < doctors.length; i++) {
    if (slice.due()) await slice.pause();
    index.set(doctors[i]!.id, i);
  }
  sample();

  // 1. relations
  await writeRelations(tx, asOfYear, slice);
  const [relationTotal] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from intel_relations`);
  const sharded = Number(relationTotal?.n ?? 0) > (options.shardAboveRelations ?? SHARD_ABOVE_RELATIONS);
  sample();

  // 2. network metrics (graphology): one graph, or one per province at national scale (docs/decisions/0024)
  const shards = new Map<string, EdgeList>();
  let crossShard = 0;
  const addEdge = (a: number, b: number, w: number) => {
    const da = index.get(a);
    const db = index.get(b);
    if (da === undefined || db === undefined) return;
    const key = sharded ? doctors[da]!.provinceCode : '';
    if (sharded && doctors[db]!.provinceCode !== key) {
      crossShard++;
      return;
    }
    let list = shards.get(key);
    if (!list) shards.set(key, (list = { a: [], b: [], w: [] }));
    list.a.push(a);
    list.b.push(b);
    list.w.push(w);
  };
  if (!sharded) {
    for (const e of await selectRows<{ a: number; b: number; w: number }>(tx, sql`select a, b, sum(weight)::float8 as w from intel_relations group by a, b`)) {
      if (slice.due()) await slice.pause();
      addEdge(Number(e.a), Number(e.b), Number(e.w));
    }
  } else {
    // Streamed by ranges of the lower doctor id, so the whole edge list never sits in one result.
    for (const [lo, hi] of idRanges(doctors, 20_000)) {
      for (const e of await selectRows<{ a: number; b: number; w: number }>(
        tx,
        sql`select a, b, sum(weight)::float8 as w from intel_relations where a >= ${lo} and a <= ${hi} group by a, b`,
      )) {
        if (slice.due()) await slice.pause();
        addEdge(Number(e.a), Number(e.b), Number(e.w));
      }
      sample();
    }
  }
  // PageRank, Louvain, layout and percentiles run in a worker thread (docs/decisions/0032): the
  // server keeps answering; the edge lists are handed over (transferred) in the shards' key order.
  const input: EdgeShard[] = [];
  for (const key of [...shards.keys()].sort()) {
    const list = shards.get(key)!;
    shards.delete(key);
    input.push({ a: Float64Array.from(list.a), b: Float64Array.from(list.b), w: Float64Array.from(list.w) });
    await slice.tick();
  }
  sample();
  // The worker shares this process's memory: sampled while it runs. The main thread's event-loop
  // delay meanwhile is reported (networkLoopMaxMs): what the server's requests waited at most.
  const sampler = setInterval(sample, 250);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const network = await computeNetworkInWorker({ shards: input, sharded }).finally(() => {
    clearInterval(sampler);
    loop.disable();
  });
  input.length = 0;
  const shardCount = network.shards;
  const communityCount = network.communities;
  sample();
  await tx.execute(sql`delete from intel_doctor_metrics`);
  const pagerankOf = new Map<number, number>();
  for (let s = 0; s < network.ids.length; s += 5000) {
    const metricRows: unknown[][] = [];
    for (let k = s; k < Math.min(network.ids.length, s + 5000); k++) {
      if (slice.due()) await slice.pause();
      const id = network.ids[k]!;
      const d = doctors[index.get(id)!]!;
      pagerankOf.set(id, network.pagerank[k]!);
      metricRows.push([
        id,
        d.hospitalId,
        d.provinceCode,
        network.pagerank[k],
        Math.round(network.pagerankPct[k]! * 100) / 100,
        network.community[k],
        network.degree[k],
        network.x[k],
        network.y[k],
      ]);
    }
    await insertLiteral(
      tx,
      'intel_doctor_metrics',
      ['doctor_id', 'hospital_id', 'province_code', 'pagerank', 'pagerank_pct', 'community', 'degree', 'x', 'y'],
      metricRows,
    );
  }
  sample();

  // 3. raw values, read by ranges of doctor ids
  const items = new Map<number, Record<string, number>>();
  const papers = new Map<string, number>();
  for (const [lo, hi] of idRanges(doctors, 10_000)) {
    for (const r of await selectRows<{ doctor_id: number; kind: string; n: number }>(
      tx,
      sql`select doctor_id, kind, count(*)::int as n from intel_academic_items where doctor_id >= ${lo} and doctor_id <= ${hi} and ${upTo(sql.raw('year'))} group by doctor_id, kind`,
    )) {
      if (slice.due()) await slice.pause();
      const id = Number(r.doctor_id);
      let m = items.get(id);
      if (!m) items.set(id, (m = {}));
      m[r.kind] = Number(r.n);
    }
    for (const r of await selectRows<{ doctor_id: number; indication: string; n: number }>(
      tx,
      sql`select a.doctor_id, p.indication, count(*)::int as n from intel_paper_authors a join intel_papers p on p.id = a.paper_id where a.doctor_id >= ${lo} and a.doctor_id <= ${hi} and ${upTo(sql.raw('p.year'))} group by a.doctor_id, p.indication`,
    )) {
      if (slice.due()) await slice.pause();
      papers.set(`${r.doctor_id}|${r.indication}`, Number(r.n));
    }
    sample();
  }
  const spoken = new Map<number, number>();
  for (const r of await meetingParticipation(tx)) {
    if (slice.due()) await slice.pause();
    if (r.role !== 'attendee' && (asOfYear === null || r.year <= asOfYear)) spoken.set(r.doctorId, (spoken.get(r.doctorId) ?? 0) + 1);
  }
  sample();

  // 4. percentiles per indication, scores, tiers
  const byIndication = new Map<string, number[]>();
  for (let i = 0; i < doctors.length; i++) {
    if (slice.due()) await slice.pause();
    for (const ind of doctors[i]!.indications) {
      let list = byIndication.get(ind);
      if (!list) byIndication.set(ind, (list = []));
      list.push(i);
    }
  }
  await tx.execute(sql`delete from intel_kol_scores`);
  const at = asOfYear === null ? now.toISOString() : `${asOfYear}-12-31T23:59:59.000Z`;
  const mean = doctors.length > 0 ? 1 / doctors.length : 0;
  let scored = 0;
  for (const [indication, members] of byIndication) {
    const raws: Record<KolDimension, number>[] = [];
    for (const i of members) {
      if (slice.due()) await slice.pause();
      const d = doctors[i]!;
      raws.push(
        rawValues(d, {
          items: items.get(d.id) ?? {},
          papers: papers.get(`${d.id}|${indication}`) ?? 0,
          meetingsSpoken: spoken.get(d.id) ?? 0,
          pagerankRelative: mean > 0 ? (pagerankOf.get(d.id) ?? 0) / mean : 0,
        }),
      );
    }
    // One dimension's percentiles at a time (a sort of the indication's doctors each).
    const pcts: number[][] = [];
    for (const dim of KOL_DIMENSIONS) {
      await slice.tick();
      pcts.push(percentRanks(raws.map((r) => r[dim])));
    }
    // The rows' SQL text is built and written 2,000 at a time.
    for (let s = 0; s < members.length; s += 2000) {
      const values: string[] = [];
      for (let k = s; k < Math.min(members.length, s + 2000); k++) {
        if (slice.due()) await slice.pause();
        const d = doctors[members[k]!]!;
        const pct = Object.fromEntries(KOL_DIMENSIONS.map((dim, j) => [dim, Math.round(pcts[j]![k]! * 100) / 100])) as Record<KolDimension, number>;
        const score = Math.round(kolScore(pct, weights) * 100) / 100;
        const r = [indication, d.id, d.hospitalId, d.provinceCode, score, tierOf(score), JSON.stringify(raws[k]), JSON.stringify(pct), at];
        values.push(`(${[r[0], r[1], r[2], r[3], r[4], r[5]].map(lit).join(',')},${lit(r[6])}::jsonb,${lit(r[7])}::jsonb,${lit(r[8])}::timestamptz)`);
      }
      await tx.execute(
        sql.raw(
          `insert into intel_kol_scores (indication, doctor_id, hospital_id, province_code, score, tier, raw, pct, computed_at) values ${values.join(',')}`,
        ),
      );
    }
    scored += members.length;
    sample();
  }
  const history = await recordRun(tx, at, asOfYear, scored);
  sample();
  return {
    historyChanged: history.changed,
    doctors: doctors.length,
    relations: Number(relationTotal?.n ?? 0),
    scored,
    communities: communityCount,
    shards: sharded ? shardCount : 1,
    crossShardRelations: crossShard,
    networkMs: network.ms,
    networkLoopMaxMs: Math.round(loop.max / 1e6),
    slicePauses: slice.pauses,
    ms: Math.round(performance.now() - started),
    peakRssMb: Math.round(peak / 1048576),
  };
}

function lit(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return `'${String(value).replace(/\0/g, '').replace(/'/g, "''")}'`;
}
