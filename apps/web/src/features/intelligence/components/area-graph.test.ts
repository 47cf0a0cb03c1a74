import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import type { AreaNetwork } from '@field-portal/shared';
import { COMMUNITY_COLORS, communityColor, fillAreaGraph, type AreaEdgeAttributes, type AreaNodeAttributes } from './area-graph';

const node = (id: number, community: number, size: number) => ({
  id,
  name: `医生${id}`,
  hospitalName: `医院${id}`,
  x: id,
  y: -id,
  size,
  community,
  pagerank: 1 / id,
});
const area: AreaNetwork = {
  nodes: [node(1, 0, 10), node(2, 1, 2), node(3, 9, 6)],
  edges: [
    { source: 1, target: 2, type: 'coauthor', weight: 3 },
    { source: 2, target: 1, type: 'coauthor', weight: 1 },
    { source: 1, target: 99, type: 'coauthor', weight: 1 },
    { source: 3, target: 3, type: 'coauthor', weight: 1 },
    { source: 3, target: 1, type: 'coauthor', weight: 40 },
  ],
  communities: 3,
  truncated: false,
};

describe('the whole-area graph for sigma.js', () => {
  const graph = fillAreaGraph(new Graph<AreaNodeAttributes, AreaEdgeAttributes>({ type: 'undirected' }), area);

  it('keeps the server positions, names and hospitals, sizes by KOL score and colours by community', () => {
    expect(graph.order).toBe(3);
    expect(graph.getNodeAttributes('1')).toEqual({ x: 1, y: -1, size: 5, color: COMMUNITY_COLORS[0], label: '医生1', hospital: '医院1' });
    expect(graph.getNodeAttribute('2', 'size')).toBe(1.5);
    expect(graph.getNodeAttribute('3', 'color')).toBe(COMMUNITY_COLORS[9 % COMMUNITY_COLORS.length]);
    expect(communityColor(-1)).toBe(COMMUNITY_COLORS[1]);
  });

  it('draws each related pair once, never a loop or an edge to a doctor outside the map, with a capped width', () => {
    expect(graph.size).toBe(2);
    expect(graph.hasEdge('1', '2')).toBe(true);
    expect(graph.hasEdge('1', '99')).toBe(false);
    expect(graph.getEdgeAttribute(graph.edge('1', '2')!, 'size')).toBeCloseTo(0.6);
    expect(graph.getEdgeAttribute(graph.edge('3', '1')!, 'size')).toBe(2);
  });
});
