import { DATA } from '@/lib/data-text';
import { useEffect, useRef, useState } from 'react';
import type { NetworkEdge, NetworkNode } from '@field-portal/shared';
import { ChartDataTable, Tooltip, useSize } from '@/components/charts/ChartFrame';
import { textWidth } from '@/components/charts/geometry';
import { communityColor } from './area-graph';

const PAD = 40;

/**
 * One doctor's ego network as SVG at the server's positions (docs/decisions/0031): node size and
 * community colour, links coloured after their source and as wide as their weight, names beside the
 * nodes where they do not overlap (larger nodes first), the neighbours of the hovered node
 * highlighted, a tooltip (the name and hospital of a node, the evidence of a link), a click on a
 * node (`onNodeClick`), zoom with the wheel and pan by dragging. `data-ready` once drawn. The
 * drawing is an image named `name`; its links are a table for screen readers (`columns`: the
 * heading of the linked doctors' hospitals and of the link's weight).
 */
export function EgoGraph({
  name,
  columns,
  nodes,
  edges,
  centre,
  height,
  testId,
  onNodeClick,
}: {
  name: string;
  columns: readonly [string, string];
  nodes: readonly NetworkNode[];
  edges: readonly NetworkEdge[];
  centre: number;
  height: number;
  testId?: string;
  onNodeClick?: (id: number) => void;
}) {
  const [boxRef, size] = useSize();
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState({ k: 1, x: 0, y: 0 });
  const [hover, setHover] = useState<{ node?: number; edge?: number; x: number; y: number } | null>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const width = size.width;

  // Zoom around the pointer; a native listener, as React's wheel listener cannot stop the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = svg.getBoundingClientRect();
      const px = e.clientX - box.left;
      const py = e.clientY - box.top;
      const factor = e.deltaY < 0 ? 1.1 : 1 / 1.1;
      setView((v) => {
        const k = Math.max(0.2, Math.min(8, v.k * factor));
        const f = k / v.k;
        return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
      });
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [width]);

  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((width - PAD * 2) / (maxX - minX || 1), (height - PAD * 2) / (maxY - minY || 1));
  const offX = (width - (maxX - minX) * scale) / 2;
  const offY = (height - (maxY - minY) * scale) / 2;
  const pos = new Map(nodes.map((n) => [n.id, [offX + (n.x - minX) * scale, offY + (n.y - minY) * scale] as const]));
  const radius = (n: NetworkNode) => (n.id === centre ? n.size + 10 : n.size) / 2;
  const colour = new Map(nodes.map((n) => [n.id, communityColor(n.community)]));

  // Names where they fit: larger nodes first, a name left out where it would cover one already written.
  const written: { x: number; y: number; w: number }[] = [];
  const named = new Set<number>();
  for (const n of [...nodes].sort((a, b) => b.size - a.size || a.id - b.id)) {
    const [x, y] = pos.get(n.id)!;
    const box = { x: x * view.k + view.x + radius(n) * view.k + 4, y: y * view.k + view.y - 7, w: textWidth(n.name) * (11 / 12) };
    if (written.some((o) => box.x < o.x + o.w && o.x < box.x + box.w && Math.abs(box.y - o.y) < 14)) continue;
    written.push(box);
    named.add(n.id);
  }
  const near = new Set<number>();
  if (hover?.node !== undefined) {
    near.add(hover.node);
    for (const e of edges) {
      if (e.source === hover.node) near.add(e.target);
      if (e.target === hover.node) near.add(e.source);
    }
  }
  const faded = (id: number) => hover?.node !== undefined && !near.has(id);
  const at = (e: React.MouseEvent) => {
    const box = svgRef.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const hovered = hover?.node !== undefined ? nodes.find((n) => n.id === hover.node) : undefined;
  const hoveredEdge = hover?.edge !== undefined ? edges[hover.edge] : undefined;

  return (
    <div ref={boxRef} style={{ position: 'relative', width: '100%', height }} data-testid={testId} data-ready={width > 0 ? 'true' : undefined}>
      {width > 0 ? (
        <svg
          ref={svgRef}
          width={width}
          height={height}
          role="img"
          aria-label={name}
          style={{ display: 'block', fontSize: 11, fontFamily: 'sans-serif', cursor: 'grab', userSelect: 'none' }}
          onMouseDown={(e) => (drag.current = { x: e.clientX, y: e.clientY, moved: false })}
          onMouseMove={(e) => {
            const d = drag.current;
            if (!d) return;
            const dx = e.clientX - d.x;
            const dy = e.clientY - d.y;
            if (!d.moved && Math.abs(dx) + Math.abs(dy) < 3) return;
            drag.current = { x: e.clientX, y: e.clientY, moved: true };
            setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
          }}
          onMouseUp={() => setTimeout(() => (drag.current = null))}
          onMouseLeave={() => {
            drag.current = null;
            setHover(null);
          }}
        >
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            {edges.map((e, i) => {
              const a = pos.get(e.source);
              const b = pos.get(e.target);
              if (!a || !b) return null;
              // A slight bend (ECharts' curveness 0.1): the control point off the middle, square to the link.
              const cx = (a[0] + b[0]) / 2 - (b[1] - a[1]) * 0.1;
              const cy = (a[1] + b[1]) / 2 + (b[0] - a[0]) * 0.1;
              const lit = hover?.edge === i || (hover?.node !== undefined && (e.source === hover.node || e.target === hover.node));
              return (
                <path
                  key={i}
                  d={`M${a[0]},${a[1]}Q${cx},${cy} ${b[0]},${b[1]}`}
                  fill="none"
                  stroke={colour.get(e.source)}
                  strokeOpacity={lit ? 0.8 : hover?.node !== undefined ? 0.05 : 0.35}
                  strokeWidth={Math.min(6, 0.5 + e.weight / 2)}
                  onMouseMove={(ev) => setHover({ edge: i, ...at(ev) })}
                />
              );
            })}
            {nodes.map((n) => {
              const [x, y] = pos.get(n.id)!;
              return (
                <g
                  key={n.id}
                  opacity={faded(n.id) ? 0.15 : 1}
                  style={{ cursor: onNodeClick ? 'pointer' : undefined }}
                  onMouseMove={(ev) => setHover({ node: n.id, ...at(ev) })}
                  onClick={() => !drag.current?.moved && onNodeClick?.(n.id)}
                >
                  <circle cx={x} cy={y} r={radius(n)} fill={colour.get(n.id)} />
                  {named.has(n.id) || hover?.node === n.id ? (
                    <text x={x + radius(n) + 4 / view.k} y={y + 4 / view.k} fill="#333" style={{ fontSize: 11 / view.k }} {...DATA}>
                      {n.name}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      ) : null}
      <ChartDataTable caption={name} columns={columns} rows={edges.map((e) => linkRow(nodes, e))} />
      {hover && (hovered || hoveredEdge) ? (
        <Tooltip
          x={hover.x}
          y={hover.y}
          width={width}
          title={hovered ? hovered.name : undefined}
          rows={[{ name: hovered ? hovered.hospitalName : (hoveredEdge?.evidence ?? ''), value: '' }]}
        />
      ) : null}
    </div>
  );
}

/** A link as a row of the graph's table: the two doctors, their hospitals and the link's weight. */
function linkRow(nodes: readonly NetworkNode[], edge: NetworkEdge) {
  const source = nodes.find((n) => n.id === edge.source);
  const target = nodes.find((n) => n.id === edge.target);
  return {
    name: `${source?.name ?? edge.source} — ${target?.name ?? edge.target}`,
    values: [`${source?.hospitalName ?? ''} — ${target?.hospitalName ?? ''}`, String(edge.weight)],
  };
}
