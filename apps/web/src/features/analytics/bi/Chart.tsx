import type { DashboardChart } from '@field-portal/shared';
import { CartesianChart } from '@/components/charts/CartesianChart';
import { PieChart } from '@/components/charts/PieChart';
import { PALETTE } from './palette';

/** One dashboard chart (SVG, components/charts): lines or bars over the categories, or a pie; names are translated by the caller. */
export function Chart({ chart, name, category }: { chart: DashboardChart; name: (key: string) => string; category: (value: string) => string }) {
  if (chart.kind === 'pie') {
    const series = chart.series[0];
    return (
      <PieChart
        className="fp-bi-chart"
        chartKind="pie"
        height={300}
        name={series ? name(series.key) : ''}
        radius={[0.4, 0.68]}
        centerY={0.5}
        border
        palette={PALETTE}
        label={(n, v) => `${n}: ${v}`}
        slices={chart.categories.map((c, i) => ({ name: category(c), value: series?.values[i] ?? 0 }))}
      />
    );
  }
  return (
    <CartesianChart
      className="fp-bi-chart"
      chartKind={chart.kind}
      height={300}
      kind={chart.kind}
      palette={PALETTE}
      legend
      integer
      area={chart.kind === 'line' && chart.series.length === 1 ? 0.12 : undefined}
      barMaxWidth={36}
      categories={chart.categories.map(category)}
      series={chart.series.map((s) => ({ name: name(s.key), values: s.values }))}
    />
  );
}
