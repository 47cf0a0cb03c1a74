import { useState } from 'react';
import { ChartBox, ChartDataTable, chartName, INK, Legend, Tooltip, useHiddenSeries, useSize } from './ChartFrame';
import { DEFAULT_PALETTE, truncate } from './geometry';
import { formatCount } from '@/lib/format';

export interface RadarChartProps {
  /** The axes, clockwise from twelve o'clock, each with its largest value. */
  indicators: readonly { name: string; max: number }[];
  series: readonly { name: string; values: readonly number[]; color?: string }[];
  height: number;
  palette?: readonly string[];
  testId?: string;
  ariaLabel?: string;
}

const LEGEND_HEIGHT = 28;
const RINGS = 5;

/** A radar as SVG (docs/decisions/0031): five rings, one polygon per series, a legend that hides one, and a tooltip of its values. */
export function RadarChart({ indicators, series, height, palette = DEFAULT_PALETTE, testId, ariaLabel }: RadarChartProps) {
  const [boxRef, size] = useSize();
  const [hidden, toggleSeries] = useHiddenSeries();
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const width = size.width;
  const svgHeight = height - LEGEND_HEIGHT;
  const cx = width / 2;
  const cy = svgHeight / 2;
  // ECharts' radar: 75% of half the smaller side.
  const radius = (Math.min(width, svgHeight) / 2) * 0.75;
  const n = indicators.length;
  const angle = (k: number) => (k / n) * Math.PI * 2;
  const point = (k: number, r: number) => [cx + r * Math.sin(angle(k)), cy - r * Math.cos(angle(k))] as const;
  const ring = (r: number) =>
    indicators
      .map((_, k) =>
        point(k, r)
          .map((v) => v.toFixed(2))
          .join(','),
      )
      .join(' ');
  const all = series.map((s, i) => ({ ...s, index: i, color: s.color ?? palette[i % palette.length]! }));
  const shown = all.filter((s) => !hidden.has(s.index));
  const name = chartName(
    ariaLabel,
    all.map((s) => s.name),
  );

  return (
    <ChartBox boxRef={boxRef} height={height} testId={testId} ready={width > 0 && n > 0}>
      {width > 0 && n > 0 ? (
        <svg
          width={width}
          height={svgHeight}
          role="img"
          aria-label={name}
          style={{ display: 'block', fontSize: 12, fontFamily: 'sans-serif' }}
          onMouseLeave={() => setHover(null)}
        >
          {Array.from({ length: RINGS }, (_, k) => RINGS - k).map((k) => (
            <polygon
              key={`r${k}`}
              points={ring((radius * k) / RINGS)}
              fill={k % 2 === 0 ? 'rgba(210,219,238,0.3)' : 'rgba(250,250,250,0.3)'}
              stroke={INK.split}
            />
          ))}
          {indicators.map((ind, k) => {
            const [x, y] = point(k, radius);
            const [lx, ly] = point(k, radius + 14);
            const sin = Math.sin(angle(k));
            const anchor = Math.abs(sin) < 0.1 ? 'middle' : sin > 0 ? 'start' : 'end';
            return (
              <g key={`i${k}`}>
                <line x1={cx} y1={cy} x2={x} y2={y} stroke={INK.split} />
                <text x={lx} y={ly + 4} textAnchor={anchor} fill={INK.text}>
                  {truncate(ind.name, Math.max(40, sin > 0.1 ? width - lx : sin < -0.1 ? lx : width))}
                </text>
              </g>
            );
          })}
          {shown.map((s) => {
            const points = indicators.map((ind, k) => point(k, (radius * Math.max(0, Math.min(ind.max, s.values[k] ?? 0))) / (ind.max || 1)));
            return (
              <g
                key={s.index}
                onMouseMove={(e) => {
                  const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                  setHover({ index: s.index, x: e.clientX - box.left, y: e.clientY - box.top });
                }}
              >
                <polygon
                  points={points.map((p) => p.map((v) => v.toFixed(2)).join(',')).join(' ')}
                  fill={s.color}
                  fillOpacity={hover?.index === s.index ? 0.3 : 0.08}
                  stroke={s.color}
                  strokeWidth={2}
                />
                {points.map(([x, y], k) => (
                  <circle key={k} cx={x} cy={y} r={2} fill="#fff" stroke={s.color} strokeWidth={1.5} />
                ))}
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
          title={all[hover.index]!.name}
          rows={indicators.map((ind, k) => ({ name: ind.name, color: all[hover.index]!.color, value: formatCount(all[hover.index]!.values[k] ?? 0) }))}
        />
      ) : null}
      <ChartDataTable
        caption={name}
        columns={all.map((s) => s.name)}
        rows={indicators.map((ind, k) => ({ name: ind.name, values: all.map((s) => formatCount(s.values[k] ?? 0)) }))}
      />
      <Legend items={all.map((s) => ({ name: s.name, color: s.color, hidden: hidden.has(s.index) }))} onToggle={toggleSeries} />
    </ChartBox>
  );
}
