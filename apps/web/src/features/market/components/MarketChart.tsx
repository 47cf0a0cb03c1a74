import { DATA } from '@/lib/data-text';
import { CartesianChart } from '@/components/charts/CartesianChart';
import { PieChart } from '@/components/charts/PieChart';
import { abbreviate, formatCount, formatPercent } from '@/lib/format';

// Each also the colour of its total's figure: at least 4.5:1 on white (WCAG 1.4.3, docs/decisions/0044).
export const SENTIMENT_COLORS = { positive: '#19734a', negative: '#cf1322', neutral: '#5f6673' } as const;
const PALETTE = ['#1d5fd1', '#f5a623', '#36b37e', '#8e6cd8', '#e5484d', '#13a8a8'];

export interface ChartSeries {
  name: string;
  values: number[];
  color?: string;
}

/**
 * A market chart (SVG, components/charts): lines or bars over categories, stacked when asked,
 * horizontal for top-10 lists, or a pie; axes abbreviate (k, M) and tooltips separate thousands
 * (spec 001 section 9).
 */
export function MarketChart({
  kind,
  categories,
  series,
  height = 280,
  stacked = false,
  horizontal = false,
  testId,
  onClick,
  dataNames = false,
}: {
  kind: 'line' | 'bar' | 'pie';
  categories: string[];
  series: ChartSeries[];
  height?: number;
  stacked?: boolean;
  horizontal?: boolean;
  testId?: string;
  onClick?: (index: number) => void;
  /** The chart's names (categories or series) are data as written (places, hospitals, drugs, platforms), not labels to translate. */
  dataNames?: boolean;
}) {
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? PALETTE[i % PALETTE.length]! }));
  const label = series.map((s) => s.name).join(', ');
  if (kind === 'pie') {
    const pie = (
      <PieChart
        height={height}
        slices={colored.map((s) => ({ name: s.name, value: s.values[0] ?? 0, color: s.color }))}
        label={(name, _value, percent) => `${name} ${formatPercent(percent)}`}
        valueFormat={formatCount}
        testId={testId ?? 'market-chart'}
        ariaLabel={label}
      />
    );
    return dataNames ? <div {...DATA}>{pie}</div> : pie;
  }
  // The first category is drawn at the bottom of a horizontal chart: reversed, the first is on top.
  const flip = <T,>(list: readonly T[]) => (horizontal ? [...list].reverse() : [...list]);
  const chart = (
    <CartesianChart
      kind={kind}
      height={height}
      categories={flip(categories)}
      series={colored.map((s) => ({ ...s, values: flip(s.values) }))}
      stacked={stacked}
      horizontal={horizontal}
      area={kind === 'line' && stacked ? 0.25 : undefined}
      legend={series.length > 1}
      barMaxWidth={28}
      categoryLabelWidth={120}
      axisFormat={abbreviate}
      valueFormat={formatCount}
      onClick={onClick ? (index) => onClick(horizontal ? categories.length - 1 - index : index) : undefined}
      testId={testId ?? 'market-chart'}
      label={label}
    />
  );
  return dataNames ? <div {...DATA}>{chart}</div> : chart;
}
