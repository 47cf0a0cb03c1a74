import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { DATA } from '@/lib/data-text';

/** The colours of the charts' axes, texts and tooltip (as ECharts drew them). */
export const INK = { axis: '#6e7079', text: '#6e7079', split: '#e0e6f1', title: '#464646', pointer: 'rgba(150,150,150,0.12)' } as const;

/** The size of a box, followed as it changes (one drawing per size, as ECharts' resize did). */
export function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  // Without ResizeObserver (unit tests) a chart is drawn at a fixed size.
  const [size, setSize] = useState(() => (typeof ResizeObserver === 'undefined' ? { width: 600, height: 300 } : { width: 0, height: 0 }));
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() =>
      setSize((old) => (old.width === node.clientWidth && old.height === node.clientHeight ? old : { width: node.clientWidth, height: node.clientHeight })),
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export interface LegendItem {
  name: string;
  color: string;
  hidden: boolean;
}

/** Which series a legend has hidden (their indexes), and the toggle its clicks call. */
export function useHiddenSeries(): [ReadonlySet<number>, (index: number) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setHidden((old) => {
      const next = new Set(old);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return [hidden, toggle];
}

/** The legend under a chart: a click hides or shows that series (or slice), as ECharts' legend does. */
export function Legend({ items, onToggle }: { items: readonly LegendItem[]; onToggle: (index: number) => void }) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 12px',
        fontSize: 12,
        lineHeight: '20px',
        color: INK.title,
        maxHeight: 24,
        overflow: 'auto',
      }}
    >
      {items.map((item, i) => (
        <button
          type="button"
          key={`${item.name}-${i}`}
          onClick={() => onToggle(i)}
          aria-pressed={!item.hidden}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 5,
            border: 0,
            background: 'none',
            padding: 0,
            cursor: 'pointer',
            font: 'inherit',
            color: item.hidden ? '#ccc' : 'inherit',
          }}
        >
          <span style={{ width: 20, height: 11, borderRadius: 3, background: item.hidden ? '#ccc' : item.color }} />
          {item.name}
        </button>
      ))}
    </div>
  );
}

export interface TooltipRow {
  name: string;
  /** The series' colour, as a dot before its name (none without). */
  color?: string;
  value: string;
}

/** The hover box: a title and a row per series, inside the chart's box. */
export function Tooltip({ x, y, width, title, rows }: { x: number; y: number; width: number; title?: string; rows: readonly TooltipRow[] }) {
  const style: CSSProperties = {
    position: 'absolute',
    top: Math.max(0, y - 10),
    pointerEvents: 'none',
    background: '#fff',
    border: '1px solid #e5e5e5',
    borderRadius: 4,
    boxShadow: '1px 2px 10px rgba(0,0,0,0.2)',
    padding: '6px 10px',
    fontSize: 12,
    lineHeight: '20px',
    color: INK.title,
    whiteSpace: 'nowrap',
    zIndex: 2,
  };
  // On the right of the pointer, or on its left where the right has no room.
  if (x > width / 2) style.right = Math.max(0, width - x + 16);
  else style.left = x + 16;
  return (
    <div role="tooltip" style={style}>
      {title ? <span style={{ display: 'block' }}>{title}</span> : null}
      {rows.map((row, i) => (
        // A span, not a div: the box is one block of text with its rows, as ECharts' tooltip was.
        <span key={i} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {row.color ? <span style={{ width: 10, height: 10, borderRadius: 5, background: row.color }} /> : null}
          <span style={{ flex: 1 }}>{row.name}</span>
          <strong style={{ marginLeft: 16 }}>{row.value}</strong>
        </span>
      ))}
    </div>
  );
}

/** The chart's box: measured, positioned for its tooltip, with the legend under the drawing; `data-ready` once drawn. */
export function ChartBox({
  boxRef,
  height,
  testId,
  className,
  chartKind,
  ready,
  children,
}: {
  boxRef: React.RefObject<HTMLDivElement | null>;
  height?: number;
  testId?: string;
  className?: string;
  chartKind?: string;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <div
      ref={boxRef}
      className={className}
      style={{ position: 'relative', width: '100%', height }}
      data-testid={testId}
      data-chart-kind={chartKind}
      data-ready={ready ? 'true' : undefined}
    >
      {children}
    </div>
  );
}

/** A chart's name when its page gives none: what it shows, its series' names. */
export const chartName = (given: string | undefined, names: readonly string[]) => given || names.filter(Boolean).join(' · ');

/**
 * The chart's figures as a table that only a screen reader meets (WCAG 1.1.1): the drawing is an
 * image with a name, the table holds what the image shows. The hiding is on a div around the
 * table: a table ignores a height of 1 px and grows with its rows, so hidden itself, a long one
 * (a relationship chart's hundreds of links) still lengthened the page's scrolling.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { name: string; values: readonly string[] }[];
}) {
  return (
    <div className="fp-visually-hidden">
      <table>
        {/* the caption and the rows name what the chart shows, often data (a doctor, a hospital) */}
        <caption {...DATA}>{caption}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c, k) => (
              <th key={k} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...DATA}>
          {rows.map((row, r) => (
            <tr key={r}>
              <th scope="row">{row.name}</th>
              {row.values.map((v, k) => (
                <td key={k}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
