import { useState } from 'react';
import { Tooltip } from './ChartFrame';
import type { Point } from './cartesian-geometry';
import { DEFAULT_PALETTE } from './geometry';
import { formatCount } from '@/lib/format';

/**
 * A small line without axes at a fixed size (SVG, docs/decisions/0031): the values from edge to
 * edge between `min` and `max`, a dot on each, the area under the line, and a tooltip of the point
 * nearest the pointer. Lighter than CartesianChart, for a row of a table: straight segments, drawn
 * as SVG's own polyline and polygon, so it needs no path arithmetic.
 */
export function Sparkline({
  values,
  labels,
  name,
  width,
  height,
  min,
  max,
  color = DEFAULT_PALETTE[0]!,
  valueFormat = formatCount,
  testId,
}: {
  values: readonly number[];
  labels: readonly string[];
  name: string;
  width: number;
  height: number;
  min: number;
  max: number;
  color?: string;
  /** How the tooltip writes a value (the caller's own precision, as a score's one decimal); thousands separated by default. */
  valueFormat?: (value: number) => string;
  testId?: string;
}) {
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const pad = { x: 4, y: 6 };
  const step = values.length > 1 ? (width - pad.x * 2) / (values.length - 1) : 0;
  const points: Point[] = values.map((v, i) => [
    pad.x + (values.length > 1 ? i * step : (width - pad.x * 2) / 2),
    pad.y + (1 - (v - min) / (max - min || 1)) * (height - pad.y * 2),
  ]);
  const line = points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
  const bottom = height - pad.y;
  return (
    <div style={{ position: 'relative', width, height }} data-testid={testId} data-ready="true">
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={name}
        style={{ display: 'block' }}
        onMouseMove={(e) => {
          const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
          const index = step > 0 ? Math.max(0, Math.min(values.length - 1, Math.round((x - pad.x) / step))) : 0;
          setHover({ index, x, y: e.clientY - e.currentTarget.getBoundingClientRect().top });
        }}
        onMouseLeave={() => setHover(null)}
      >
        {points.length > 0 ? (
          <polygon
            points={`${line} ${points[points.length - 1]![0].toFixed(2)},${bottom} ${points[0]![0].toFixed(2)},${bottom}`}
            fill={color}
            fillOpacity={0.12}
          />
        ) : null}
        <polyline points={line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
        {points.map(([x, y], i) => (
          <circle key={i} cx={x} cy={y} r={hover?.index === i ? 3.5 : 2.5} fill={color} />
        ))}
      </svg>
      {hover ? (
        <Tooltip x={hover.x} y={hover.y} width={width} title={labels[hover.index]} rows={[{ name, color, value: valueFormat(values[hover.index]!) }]} />
      ) : null}
    </div>
  );
}
