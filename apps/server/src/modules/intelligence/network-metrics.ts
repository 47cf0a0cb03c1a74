import Graph from 'graphology';
import pagerank from 'graphology-metrics/centrality/pagerank.js';
import louvain from 'graphology-communities-louvain';
import { randomSource } from '../../platform/random.js';

/**
 * The pure computation of the recompute (docs/decisions/0024, 0032): PageRank, Louvain
 * communities, the area map's layout and the PageRank percentiles, over plain arrays. It imports
 * nothing of the database, so graph-worker.ts runs it in a worker thread while the server keeps
 * answering; the unit tests call it directly.
 */

/** percent_rank of every value (0–100): the share of the other values that are lower. */
export function percentRanks(values: ArrayLike<number>): number[] {
  const n = values.length;
  if (n <= 1) return Array.from(values, () => 0);
  const sorted = Float64Array.from(values).sort();
  return Array.from(values, (v) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return (lo / (n - 1)) * 100;
  });
}

/** Positions of the area map: communities on a spiral by size, members around their centre. */
export function layout(nodes: readonly { id: number; community: number }[]): Map<number, { x: number; y: number }> {
  const byCommunity = new Map<number, number[]>();
  for (const n of nodes) {
    let list = byCommunity.get(n.community);
    if (!list) byCommunity.set(n.community, (list = []));
    list.push(n.id);
  }
  const groups = [...byCommunity.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
  const out = new Map<number, { x: number; y: number }>();
  const golden = Math.PI * (3 - Math.sqrt(5));
  let ring = 0;
  groups.forEach((members, i) => {
    const radius = Math.sqrt(members.length) * 2;
    const distance = i === 0 ? 0 : ring + radius;
    const angle = i * golden;
    const cx = Math.cos(angle) * distance;
    const cy = Math.sin(angle) * distance;
    ring = Math.max(ring, distance * 0.35 + radius);
    members.forEach((id, k) => {
      const r = radius * Math.sqrt((k + 0.5) / members.length);
      const a = k * golden;
      out.set(id, { x: Math.round((cx + Math.cos(a) * r) * 100) / 100, y: Math.round((cy + Math.sin(a) * r) * 100) / 100 });
    });
  });
  return out;
}

/** One shard's weighted edges (doctor ids a < b), in the order they were read. */
export interface EdgeShard {
  a: Float64Array;
  b: Float64Array;
  w: Float64Array;
}

export interface NetworkInput {
  /** The shards in key order: one for the whole graph, or one per province at national scale. */
  shards: EdgeShard[];
  /** PageRank is scaled by each shard's share of all networked doctors when true. */
  sharded: boolean;
}

/** One row per networked doctor, column by column (plain arrays a worker can transfer). */
export interface NetworkResult {
  ids: Float64Array;
  community: Int32Array;
  pagerank: Float64Array;
  /** PageRank as percent_rank among the networked doctors (0–100, unrounded). */
  pagerankPct: Float64Array;
  degree: Int32Array;
  x: Float64Array;
  y: Float64Array;
  communities: number;
  shards: number;
  /** Time the computation took where it ran (ms). */
  ms: number;
}

/** PageRank, Louvain (seed 42), layout and percentiles of every shard; deterministic for the same input. */
export function computeNetwork(input: NetworkInput): NetworkResult {
  const started = performance.now();
  const networked: { id: number; community: number; pagerank: number; degree: number }[] = [];
  let communityCount = 0;
  for (const list of input.shards) {
    const graph = new Graph({ type: 'undirected', allowSelfLoops: false });
    for (let i = 0; i < list.a.length; i++) {
      const a = String(list.a[i]);
      const b = String(list.b[i]);
      graph.mergeNode(a);
      graph.mergeNode(b);
      graph.mergeEdge(a, b, { weight: list.w[i] });
    }
    const ranks = graph.order > 0 ? pagerank(graph, { getEdgeWeight: 'weight' }) : {};
    const communities = graph.order > 0 ? louvain(graph, { getEdgeWeight: 'weight', rng: randomSource(42) }) : {};
    let most = -1;
    // A shard's PageRank sums to 1 over its nodes; scaled by its share of all networked nodes below.
    for (const n of graph.nodes()) {
      const c = communities[n] ?? 0;
      most = Math.max(most, c);
      networked.push({
        id: Number(n),
        community: communityCount + c,
        pagerank: input.sharded ? (ranks[n] ?? 0) * graph.order : (ranks[n] ?? 0),
        degree: graph.degree(n),
      });
    }
    communityCount += most + 1;
    graph.clear();
  }
  if (input.sharded) for (const n of networked) n.pagerank /= networked.length;
  const positions = layout(networked);
  const rankPct = percentRanks(networked.map((n) => n.pagerank));
  const count = networked.length;
  const out: NetworkResult = {
    ids: new Float64Array(count),
    community: new Int32Array(count),
    pagerank: new Float64Array(count),
    pagerankPct: Float64Array.from(rankPct),
    degree: new Int32Array(count),
    x: new Float64Array(count),
    y: new Float64Array(count),
    communities: communityCount,
    shards: input.shards.length,
    ms: 0,
  };
  networked.forEach((n, i) => {
    const p = positions.get(n.id)!;
    out.ids[i] = n.id;
    out.community[i] = n.community;
    out.pagerank[i] = n.pagerank;
    out.degree[i] = n.degree;
    out.x[i] = p.x;
    out.y[i] = p.y;
  });
  out.ms = Math.round(performance.now() - started);
  return out;
}

/** The buffers to transfer (not copy) between the threads. */
export const inputBuffers = (input: NetworkInput) => input.shards.flatMap((s) => [s.a, s.b, s.w].map((a) => a.buffer as ArrayBuffer));
export const resultBuffers = (r: NetworkResult) => [r.ids, r.community, r.pagerank, r.pagerankPct, r.degree, r.x, r.y].map((a) => a.buffer as ArrayBuffer);
