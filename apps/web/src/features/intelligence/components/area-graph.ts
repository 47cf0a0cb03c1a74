import type Graph from 'graphology';
import type { AreaNetwork } from '@field-portal/shared';

/** Community colours, shared by the ego network (ECharts) and the whole-area map (sigma.js). */
export const COMMUNITY_COLORS = ['#1d5fd1', '#36b37e', '#f5a623', '#8e6cd8', '#e5484d', '#13a8a8', '#c2185b', '#5d4037'];
export const communityColor = (community: number) => COMMUNITY_COLORS[Math.abs(community) % COMMUNITY_COLORS.length]!;

export interface AreaNodeAttributes {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  hospital: string;
}

export interface AreaEdgeAttributes {
  size: number;
  color: string;
}

/**
 * The server's whole-area network as a graphology graph for sigma.js: positions from the server's
 * layout, size from the KOL score (the server's `size`, 2–10), colour by community, the name as
 * label (sigma draws it on hover and for the biggest nodes). Edges are thin and light so 20,000
 * doctors stay readable; a pair appears once.
 */
export function fillAreaGraph(graph: Graph<AreaNodeAttributes, AreaEdgeAttributes>, area: AreaNetwork): Graph<AreaNodeAttributes, AreaEdgeAttributes> {
  for (const n of area.nodes) {
    graph.addNode(String(n.id), {
      x: n.x,
      y: n.y,
      size: Math.max(1.5, n.size / 2),
      color: communityColor(n.community),
      label: n.name,
      hospital: n.hospitalName,
    });
  }
  for (const e of area.edges) {
    const a = String(e.source);
    const b = String(e.target);
    if (a === b || !graph.hasNode(a) || !graph.hasNode(b) || graph.hasEdge(a, b)) continue;
    graph.addEdge(a, b, { size: Math.min(2, 0.3 + e.weight / 10), color: '#c8d1dc' });
  }
  return graph;
}

/** sigma.js settings of the map (labels of the biggest nodes only; edges hidden while panning). */
export const AREA_SIGMA_SETTINGS = {
  labelRenderedSizeThreshold: 7,
  labelDensity: 0.5,
  hideEdgesOnMove: true,
  zIndex: false,
  defaultEdgeColor: '#c8d1dc',
} as const;
