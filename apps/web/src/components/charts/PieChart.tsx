import { useState } from 'react';
import { ChartBox, ChartDataTable, chartName, INK, Legend, Tooltip, useHiddenSeries, useSize } from './ChartFrame';
import { DEFAULT_PALETTE, textWidth, wrapText } from './geometry';
import { formatCount, formatPercent } from '@/lib/format';
import { pieAngles, sectorPath, spreadLabels } from './pie-geometry';

export interface PieSlice {
  name: string;
  value: number;
  color?: string;
}

export interface PieChartProps {
  slices: readonly PieSlice[];
  /** The series' name, the tooltip's title. */
  name?: string;
  height?: number;
  className?: string;
  /** Inner and outer radius as parts of half the smaller side (ECharts' ['40%', '68%']). */
  radius?: readonly [number, number];
  /** The centre's height as a part of the drawing's (ECharts' center[1]). */
  centerY?: number;
  /** The label beside a slice from its name, value and share in percent (one decimal; write it with `formatPercent`). */
  label?: (name: string, value: number, percent: number) => string;
  valueFormat?: (value: number) => string;
  palette?: readonly string[];
  /** A white edge between slices. */
  border?: boolean;
  testId?: string;
  ariaLabel?: string;
  chartKind?: string;
}

const LEGEND_HEIGHT = 28;
/** A label's line height; one line apart is the least two labels on a side are moved apart. */
const LINE = 14;
/** From the centre, how much further than the ring the labels' column starts. */
const LABEL_GAP = 22;

/** A donut as SVG (docs/decisions/0031): labels outside with leader lines, a legend that hides a slice on click, a tooltip per slice. */
export function PieChart(props: PieChartProps) {
  const { slices, radius = [0.4, 0.68], palette = DEFAULT_PALETTE } = props;
  const [boxRef, size] = useSize();
  const [hidden, toggleSeries] = useHiddenSeries();
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const valueFormat = props.valueFormat ?? formatCount;
  const label = props.label ?? ((name: string) => name);
  const all = slices.map((s, i) => ({ ...s, index: i, color: s.color ?? palette[i % palette.length]! }));
  const shown = all.filter((s) => !hidden.has(s.index) && s.value > 0);
  const name = chartName(
    props.ariaLabel ?? props.name,
    all.map((s) => s.name),
  );
  const width = size.width;
  const height = (props.height ?? size.height) - LEGEND_HEIGHT;
  const cx = width / 2;
  const cy = height * (props.centerY ?? 0.5);
  const half = Math.min(width, height) / 2;
  const angles = pieAngles(shown.map((s) => s.value));
  const texts = angles.map((a, k) => label(shown[k]!.name, shown[k]!.value, a.percent));
  // The ring gives up some of its size (to 60 %) so the widest label fits beside it in two lines.
  const widest = Math.max(0, ...texts.map((text) => textWidth(text)));
  const labelRoom = Math.min(width * 0.3, widest > width * 0.3 ? widest / 2 + 16 : widest);
  const outer = Math.max(half * radius[1] * 0.6, Math.min(half * radius[1], width / 2 - LABEL_GAP - 7 - labelRoom));
  const inner = outer * (radius[0] / radius[1]);
  const onRight = angles.map((a) => Math.sin(a.mid) >= 0);
  const rightCount = onRight.filter(Boolean).length;
  const sideCount = { right: rightCount, left: angles.length - rightCount };

  const arcs = angles.map((a, k) => {
    const right = onRight[k]!;
    // Each side's labels start in one column clear of the ring, so a label moved up or down never crosses it.
    const tx = cx + (right ? 1 : -1) * (outer + LABEL_GAP);
    // A label too long for the room beside it takes more lines (as many as its side has height for, up to three) before it is cut.
    const maxLines = Math.max(1, Math.min(3, Math.floor((height - 12) / (Math.max(1, sideCount[right ? 'right' : 'left']) * LINE))));
    const lines = wrapText(texts[k]!, Math.max(24, right ? width - tx - 7 : tx - 7), maxLines);
    return { ...shown[k]!, ...a, right, tx, lines };
  });
  // Labels outside, each side's moved apart so none overlap (as ECharts' label layout does).
  const sides = { right: arcs.filter((a) => a.right), left: arcs.filter((a) => !a.right) };
  const labelY = new Map<number, number>();
  for (const side of [sides.right, sides.left]) {
    const wanted = side.map((a) => cy - (outer + 18) * Math.cos(a.mid));
    const gap = Math.max(1, ...side.map((a) => a.lines.length)) * LINE + 1;
    spreadLabels(wanted, gap, 8, height - 4).forEach((y, k) => labelY.set(side[k]!.index, y));
  }
  const percentOf = (index: number) => arcs.find((a) => a.index === index)?.percent ?? 0;

  return (
    <ChartBox
      boxRef={boxRef}
      height={props.height}
      className={props.className}
      testId={props.testId}
      chartKind={props.chartKind}
      ready={width > 0 && height > 0}
    >
      {width > 0 && height > 0 ? (
        <svg
          width={width}
          height={height}
          // a pie of no slice draws nothing: an image only when there is something to name
          role={name ? 'img' : undefined}
          aria-label={name || undefined}
          aria-hidden={name ? undefined : true}
          style={{ display: 'block', fontSize: 12, fontFamily: 'sans-serif' }}
          onMouseLeave={() => setHover(null)}
        >
          {arcs.map((a) => {
            const grow = hover?.index === a.index ? 6 : 0;
            return (
              <path
                key={a.index}
                d={sectorPath(inner, outer + grow, a.start, a.end)}
                transform={`translate(${cx},${cy})`}
                fill={a.color}
                stroke={props.border ? '#fff' : 'none'}
                strokeWidth={props.border ? 2 : 0}
                onMouseMove={(e) => {
                  const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                  setHover({ index: a.index, x: e.clientX - box.left, y: e.clientY - box.top });
                }}
              />
            );
          })}
          {arcs.map((a) => {
            const sx = cx + (outer + 2) * Math.sin(a.mid);
            const sy = cy - (outer + 2) * Math.cos(a.mid);
            const ex = cx + (outer + 10) * Math.sin(a.mid);
            const ey = labelY.get(a.index) ?? sy;
            const first = ey + 4 - ((a.lines.length - 1) * LINE) / 2;
            return (
              <g key={`l${a.index}`}>
                <polyline points={`${sx},${sy} ${ex},${ey} ${a.tx},${ey}`} fill="none" stroke={a.color} />
                <text x={a.tx + (a.right ? 3 : -3)} y={first} textAnchor={a.right ? 'start' : 'end'} fill={INK.title}>
                  {a.lines.map((line, k) => (
                    <tspan key={k} x={a.tx + (a.right ? 3 : -3)} dy={k === 0 ? 0 : LINE}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
        </svg>
      ) : null}
      {hover ? (
        <Tooltip
          x={hover.x}
          y={hover.y}
          width={width}
          title={props.name}
          rows={[
            {
              name: all[hover.index]!.name,
              color: all[hover.index]!.color,
              value: `${valueFormat(all[hover.index]!.value)} (${formatPercent(percentOf(hover.index))})`,
            },
          ]}
        />
      ) : null}
      <ChartDataTable caption={name} columns={[props.name ?? '']} rows={all.map((s) => ({ name: s.name, values: [valueFormat(s.value)] }))} />
      <Legend items={all.map((s) => ({ name: s.name, color: s.color, hidden: hidden.has(s.index) }))} onToggle={toggleSeries} />
    </ChartBox>
  );
}
