import { BarsChart } from './charts/BarsChart';

const PALETTE = ['#1d5fd1', '#36b37e', '#f5a623', '#8e6cd8', '#e5484d', '#13a8a8'];

/** A small bar chart (SVG, components/charts): one series, or several side by side with a legend. */
export function BarChart({
  categories,
  values,
  series,
  height = 220,
  horizontal = false,
}: {
  categories: string[];
  values?: number[];
  series?: { name: string; values: number[] }[];
  height?: number;
  horizontal?: boolean;
}) {
  return (
    <BarsChart
      categories={categories}
      series={series ?? [{ name: '', values: values ?? [] }]}
      height={height}
      horizontal={horizontal}
      palette={PALETTE}
      legend={Boolean(series)}
      integer
      labels
      barMaxWidth={36}
      categoryLabelWidth={horizontal ? 104 : undefined}
      testId="bar-chart"
      label={categories.join(', ')}
    />
  );
}
