import { CartesianPlot, type CartesianChartProps, type CartesianSeries } from './CartesianPlot';

/**
 * Bars over categories, upright or horizontal (CartesianPlot.tsx) without the lines' code
 * (docs/decisions/0031).
 */
export function BarsChart({
  series,
  ...props
}: Omit<CartesianChartProps, 'kind' | 'series' | 'area' | 'symbolSize'> & { series: readonly Omit<CartesianSeries, 'kind'>[] }) {
  return <CartesianPlot {...props} kind="bar" series={series} linePath={null} />;
}
