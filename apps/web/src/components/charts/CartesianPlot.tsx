import { useState, type MouseEvent } from 'react';
import { ChartBox, ChartDataTable, chartName, INK, Legend, Tooltip, useHiddenSeries, useSize } from './ChartFrame';
import { categoryLabels, SLANT, valueScale, type Point } from './cartesian-geometry';
import { DEFAULT_PALETTE, textWidth, truncate } from './geometry';
import { formatCount } from '@/lib/format';

export interface CartesianSeries {
  name: string;
  values: readonly number[];
  color?: string;
  /** Bars or a line; the chart's `kind` when not given. */
  kind?: 'bar' | 'line';
  /** 1: on a second value axis, on the right. */
  axis?: 0 | 1;
}

export interface CartesianChartProps {
  categories: readonly string[];
  series: readonly CartesianSeries[];
  kind?: 'bar' | 'line';
  /** Pixels; without it the box takes its height from its class. */
  height?: number;
  className?: string;
  /** Bars from the left, categories down the side (the first category at the bottom, as ECharts draws them). */
  horizontal?: boolean;
  stacked?: boolean;
  /** The opacity of the area under each line (none when not given). */
  area?: number;
  /** Each value written on its bar or point, as it is or formatted. */
  labels?: boolean | ((value: number) => string);
  labelColor?: string;
  legend?: boolean;
  valueRange?: { min?: number; max?: number };
  /** Whole-number steps on the value axis. */
  integer?: boolean;
  axisFormat?: (value: number) => string;
  /** How the tooltip writes a value. */
  valueFormat?: (value: number) => string;
  palette?: readonly string[];
  barMaxWidth?: number;
  /** Round the far end of each bar. */
  barRadius?: number;
  symbolSize?: number;
  /**
   * The widest a category's label is written before it is cut with an ellipsis; a horizontal chart gives its
   * labels up to two fifths of its width when that is more.
   */
  categoryLabelWidth?: number;
  pointer?: 'line' | 'shadow';
  onClick?: (index: number) => void;
  testId?: string;
  label?: string;
  chartKind?: string;
}

/** Draws a line's path through its points (line-path.ts), or null for a chart of bars only. */
export type LinePath = (points: readonly Point[]) => string;

const noLines: LinePath = () => {
  throw new Error('a chart of bars only (BarsChart) was given a line series: draw it with CartesianChart');
};

const LEGEND_HEIGHT = 28;

/** A bar: a rectangle, its far end rounded by `r` (a square patch keeps the end at the axis square). */
function Bar({
  x,
  y,
  w,
  h,
  r,
  fill,
  near,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
  fill: string;
  near: 'left' | 'right' | 'top' | 'bottom';
}) {
  const k = Math.max(0, Math.min(r, w / 2, h / 2));
  if (k === 0) return <rect x={x} y={y} width={w} height={h} fill={fill} />;
  const patch = near === 'left' ? [x, y, w / 2, h] : near === 'right' ? [x + w / 2, y, w / 2, h] : near === 'top' ? [x, y, w, h / 2] : [x, y + h / 2, w, h / 2];
  return (
    <>
      <rect x={x} y={y} width={w} height={h} rx={k} fill={fill} />
      <rect x={patch[0]} y={patch[1]} width={patch[2]} height={patch[3]} fill={fill} />
    </>
  );
}

/** A level category label, centred under its category but kept inside the chart (the first date is not cut at the edge). */
function LevelLabel({ name, text, x, y, width }: { name: string; text: string; x: number; y: number; width: number }) {
  const half = textWidth(text) / 2;
  const at = Math.max(half + 1, Math.min(width - half - 1, x));
  return (
    <text x={at} y={y} textAnchor="middle" fill={INK.text}>
      <title>{name}</title>
      {text}
    </text>
  );
}

/**
 * Bars and lines over categories, drawn as SVG with React (docs/decisions/0031): value axes with
 * round ticks (a second one on the right when a series asks), stacked or side by side, upright or
 * horizontal, a legend that hides a series on click, and a tooltip of every series at the category
 * under the pointer.
 */
export function CartesianPlot(props: CartesianChartProps & { linePath: LinePath | null }) {
  const linePath = props.linePath ?? noLines;
  const { categories, series, kind = 'bar', horizontal = false, stacked = false, palette = DEFAULT_PALETTE } = props;
  const [boxRef, size] = useSize();
  const [hidden, toggleSeries] = useHiddenSeries();
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const axisFormat = props.axisFormat ?? formatCount;
  const valueFormat = props.valueFormat ?? formatCount;
  const labelFormat = typeof props.labels === 'function' ? props.labels : formatCount;
  const all = series.map((s, i) => ({ ...s, index: i, color: s.color ?? palette[i % palette.length]!, kind: s.kind ?? kind, axis: s.axis ?? 0 }));
  const visible = all.filter((s) => !hidden.has(s.index));
  const width = size.width;
  const svgHeight = (props.height ?? size.height) - (props.legend ? LEGEND_HEIGHT : 0);
  const n = categories.length;
  const name = chartName(
    props.label,
    all.map((s) => s.name),
  );

  // Each value axis over what its visible series show (stacked: the sums per category).
  const scales = ([0, 1] as const).map((axis) => {
    const on = visible.filter((s) => s.axis === axis);
    if (on.length === 0) return null;
    let low = 0;
    let high = 0;
    for (let c = 0; c < n; c++) {
      if (stacked) {
        let up = 0;
        let down = 0;
        for (const s of on) {
          const v = s.values[c] ?? 0;
          if (v >= 0) up += v;
          else down += v;
        }
        high = Math.max(high, up);
        low = Math.min(low, down);
      } else {
        for (const s of on) {
          const v = s.values[c];
          if (v === undefined || !Number.isFinite(v)) continue;
          high = Math.max(high, v);
          low = Math.min(low, v);
        }
      }
    }
    return valueScale(low, high, { integer: props.integer, fixed: axis === 0 ? props.valueRange : undefined });
  });
  const main = scales[0] ?? scales[1] ?? valueScale(0, 1);
  const second = scales[0] ? scales[1] : null;

  const tickWidth = (scale: typeof main | null) => (scale ? Math.max(...scale.ticks.map((t) => textWidth(axisFormat(t)))) : 0);
  // A horizontal chart's names take up to two fifths of a wide chart before any is cut (an English department is
  // three words), and never less room than the chart asked for.
  const catWidth = Math.min(Math.max(props.categoryLabelWidth ?? 120, horizontal ? width * 0.4 : 0), Math.max(0, ...categories.map(textWidth)));
  let valueLabelRoom = 0;
  if (props.labels) for (const s of visible) for (const v of s.values) valueLabelRoom = Math.max(valueLabelRoom, textWidth(labelFormat(v)));
  const pad = horizontal
    ? { top: 12, right: 16 + (props.labels ? valueLabelRoom + 6 : 0), bottom: 30, left: 16 + catWidth }
    : { top: props.labels ? 24 : 16, right: second ? 24 + tickWidth(second) : 16, bottom: 30, left: 16 + tickWidth(main) };
  const labelsOf = horizontal ? null : categoryLabels(categories, (width - pad.left - pad.right) / Math.max(1, n), props.categoryLabelWidth);
  if (labelsOf?.slant) pad.bottom = 20 + labelsOf.slantDrop;
  const plotW = Math.max(0, width - pad.left - pad.right);
  const plotH = Math.max(0, svgHeight - pad.top - pad.bottom);
  const catLength = horizontal ? plotH : plotW;
  const band = n > 0 ? catLength / n : catLength;
  /** The middle of category i along its axis, from the axis' start. */
  const along = (i: number) => (i + 0.5) * band;
  const valueLength = horizontal ? plotW : plotH;
  const toValue = (scale: typeof main, v: number) => ((v - scale.min) / (scale.max - scale.min || 1)) * valueLength;
  /** Screen point of category i (along its axis) and value position p (along the value axis). */
  const at = (i: number, p: number): Point => (horizontal ? [pad.left + p, pad.top + plotH - along(i)] : [pad.left + along(i), pad.top + plotH - p]);

  // Bars side by side in a category (ECharts: 20% of the band between groups, 30% of a bar between bars).
  const barSeries = visible.filter((s) => s.kind === 'bar');
  const slots = stacked ? 1 : barSeries.length;
  const barWidth = slots > 0 ? Math.min(props.barMaxWidth ?? Infinity, (band * 0.8) / (slots + 0.3 * (slots - 1))) : 0;
  const groupWidth = barWidth * slots + barWidth * 0.3 * Math.max(0, slots - 1);

  const shapes: React.ReactNode[] = [];
  const texts: React.ReactNode[] = [];
  const up = new Array<number>(n).fill(0);
  const down = new Array<number>(n).fill(0);
  const stackBase = new Map<number, Point[]>();
  barSeries.forEach((s, slot) => {
    const scale = scales[s.axis] ?? main;
    const zero = toValue(scale, Math.max(scale.min, Math.min(scale.max, 0)));
    for (let c = 0; c < n; c++) {
      const v = s.values[c];
      if (v === undefined || !Number.isFinite(v)) continue;
      const base = stacked ? (v >= 0 ? up[c]! : down[c]!) : 0;
      if (stacked) {
        if (v >= 0) up[c]! += v;
        else down[c]! += v;
      }
      const from = stacked ? toValue(scale, base) : zero;
      const to = toValue(scale, base + v);
      const offset = -groupWidth / 2 + (stacked ? 0 : slot * barWidth * 1.3);
      const mid = along(c) + offset;
      const lo = Math.min(from, to);
      const length = Math.abs(to - from);
      const key = `b${s.index}-${c}`;
      if (horizontal) {
        const y = pad.top + plotH - mid - barWidth;
        shapes.push(<Bar key={key} x={pad.left + lo} y={y} w={length} h={barWidth} r={props.barRadius ?? 0} fill={s.color} near={v >= 0 ? 'left' : 'right'} />);
        if (props.labels)
          texts.push(
            <text key={`t${key}`} x={pad.left + Math.max(from, to) + 5} y={y + barWidth / 2 + 4} fill={props.labelColor ?? INK.title}>
              {labelFormat(v)}
            </text>,
          );
      } else {
        const x = pad.left + mid;
        const top = pad.top + plotH - lo - length;
        shapes.push(<Bar key={key} x={x} y={top} w={barWidth} h={length} r={props.barRadius ?? 0} fill={s.color} near={v >= 0 ? 'bottom' : 'top'} />);
        if (props.labels)
          texts.push(
            <text key={`t${key}`} x={x + barWidth / 2} y={top - 5} textAnchor="middle" fill={props.labelColor ?? INK.title}>
              {labelFormat(v)}
            </text>,
          );
      }
    }
  });
  const running = new Array<number>(n).fill(0);
  visible
    .filter((s) => s.kind === 'line')
    .forEach((s) => {
      const scale = scales[s.axis] ?? main;
      const points: Point[] = [];
      const values: number[] = [];
      for (let c = 0; c < n; c++) {
        const v = s.values[c];
        if (v === undefined || !Number.isFinite(v)) continue;
        const total = stacked ? (running[c]! += v) : v;
        points.push(at(c, toValue(scale, total)));
        values.push(v);
      }
      const line = linePath(points);
      if (props.area !== undefined && points.length > 0) {
        const zero = toValue(scale, Math.max(scale.min, Math.min(scale.max, 0)));
        const below =
          stacked && stackBase.get(s.axis)
            ? [...stackBase.get(s.axis)!].reverse()
            : [...points].reverse().map(([x, y]) => (horizontal ? ([pad.left + zero, y] as Point) : ([x, pad.top + plotH - zero] as Point)));
        const back = linePath(below).replace(/^M/, 'L');
        shapes.push(<path key={`a${s.index}`} d={`${line}${back}Z`} fill={s.color} fillOpacity={props.area} stroke="none" />);
      }
      if (stacked) stackBase.set(s.axis, points);
      shapes.push(<path key={`l${s.index}`} d={line} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" />);
      const r = (props.symbolSize ?? 4) / 2;
      points.forEach(([x, y], k) => {
        if (r > 0) shapes.push(<circle key={`p${s.index}-${k}`} cx={x} cy={y} r={r} fill="#fff" stroke={s.color} strokeWidth={1.5} />);
        if (props.labels)
          texts.push(
            <text key={`tp${s.index}-${k}`} x={x} y={y - r - 5} textAnchor="middle" fill={props.labelColor ?? INK.title}>
              {labelFormat(values[k]!)}
            </text>,
          );
      });
    });

  // Axes, split lines and their labels.
  const grid: React.ReactNode[] = [];
  if (width > 0) {
    const { ticks } = main;
    ticks.forEach((t, k) => {
      const p = toValue(main, t);
      if (horizontal) {
        const x = pad.left + p;
        grid.push(<line key={`g${k}`} x1={x} x2={x} y1={pad.top} y2={pad.top + plotH} stroke={INK.split} />);
        grid.push(
          <text key={`gt${k}`} x={x} y={pad.top + plotH + 20} textAnchor="middle" fill={INK.text}>
            {axisFormat(t)}
          </text>,
        );
      } else {
        const y = pad.top + plotH - p;
        grid.push(<line key={`g${k}`} x1={pad.left} x2={pad.left + plotW} y1={y} y2={y} stroke={INK.split} />);
        grid.push(
          <text key={`gt${k}`} x={pad.left - 8} y={y + 4} textAnchor="end" fill={INK.text}>
            {axisFormat(t)}
          </text>,
        );
      }
    });
    if (second && !horizontal) {
      second.ticks.forEach((t, k) => {
        const y = pad.top + plotH - toValue(second, t);
        grid.push(
          <text key={`rt${k}`} x={pad.left + plotW + 8} y={y + 4} fill={INK.text}>
            {axisFormat(t)}
          </text>,
        );
      });
    }
    const zero = toValue(main, Math.max(main.min, Math.min(main.max, 0)));
    const [ax1, ay1] = at(0, zero);
    grid.push(
      horizontal ? (
        <line key="axis" x1={ax1} x2={ax1} y1={pad.top} y2={pad.top + plotH} stroke={INK.axis} />
      ) : (
        <line key="axis" x1={pad.left} x2={pad.left + plotW} y1={ay1} y2={ay1} stroke={INK.axis} />
      ),
    );
    // Category labels: see categoryLabels for which are written and how.
    const every = labelsOf ? labelsOf.every : Math.max(1, Math.ceil(16 / (band || 1)));
    categories.forEach((c, i) => {
      if (i % every !== 0) return;
      const [x, y] = at(i, 0);
      const top = pad.top + plotH;
      grid.push(
        horizontal ? (
          <text key={`c${i}`} x={pad.left - 8} y={y + 4} textAnchor="end" fill={INK.text}>
            <title>{c}</title>
            {truncate(c, catWidth)}
          </text>
        ) : labelsOf?.slant ? (
          <text key={`c${i}`} x={x} y={top + 14} textAnchor="end" transform={`rotate(-${SLANT} ${x} ${top + 14})`} fill={INK.text}>
            <title>{c}</title>
            {truncate(c, labelsOf.width)}
          </text>
        ) : (
          <LevelLabel key={`c${i}`} name={c} text={truncate(c, Math.max(props.categoryLabelWidth ?? 0, every * band - 6))} x={x} y={top + 20} width={width} />
        ),
      );
    });
  }

  const indexAt = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    if (x < pad.left || x > pad.left + plotW || y < pad.top || y > pad.top + plotH || n === 0) return null;
    const position = horizontal ? pad.top + plotH - y : x - pad.left;
    const index = Math.floor(position / (band || 1));
    return { index: Math.max(0, Math.min(n - 1, index)), x, y };
  };

  let pointer: React.ReactNode = null;
  if (hover) {
    const [px, py] = at(hover.index, 0);
    if (props.pointer === 'shadow') {
      pointer = horizontal ? (
        <rect x={pad.left} y={py - band / 2} width={plotW} height={band} fill={INK.pointer} />
      ) : (
        <rect x={px - band / 2} y={pad.top} width={band} height={plotH} fill={INK.pointer} />
      );
    } else {
      pointer = horizontal ? (
        <line x1={pad.left} x2={pad.left + plotW} y1={py} y2={py} stroke="#b7b9be" strokeDasharray="4 3" />
      ) : (
        <line x1={px} x2={px} y1={pad.top} y2={pad.top + plotH} stroke="#b7b9be" strokeDasharray="4 3" />
      );
    }
  }

  return (
    <ChartBox
      boxRef={boxRef}
      height={props.height}
      className={props.className}
      testId={props.testId}
      chartKind={props.chartKind}
      ready={width > 0 && svgHeight > 0}
    >
      {width > 0 && svgHeight > 0 ? (
        <svg
          width={width}
          height={svgHeight}
          role="img"
          aria-label={name}
          style={{ display: 'block', fontSize: 12, fontFamily: 'sans-serif', cursor: props.onClick ? 'pointer' : undefined }}
          onMouseMove={(e) => setHover(indexAt(e))}
          onMouseLeave={() => setHover(null)}
          onClick={(e) => {
            const hit = indexAt(e);
            if (hit && props.onClick) props.onClick(hit.index);
          }}
        >
          {pointer}
          {grid}
          {shapes}
          {texts}
        </svg>
      ) : null}
      {hover ? (
        <Tooltip
          x={hover.x}
          y={hover.y}
          width={width}
          title={categories[hover.index]}
          rows={visible
            .filter((s) => Number.isFinite(s.values[hover.index]))
            .map((s) => ({ name: s.name, color: s.color, value: valueFormat(s.values[hover.index]!) }))}
        />
      ) : null}
      <ChartDataTable
        caption={name}
        columns={all.map((s) => s.name)}
        rows={categories.map((c, k) => ({ name: c, values: all.map((s) => (Number.isFinite(s.values[k]) ? valueFormat(s.values[k]!) : '')) }))}
      />
      {props.legend ? <Legend items={all.map((s) => ({ name: s.name, color: s.color, hidden: hidden.has(s.index) }))} onToggle={toggleSeries} /> : null}
    </ChartBox>
  );
}
