import { CartesianPlot, type CartesianChartProps, type CartesianSeries } from './CartesianPlot';

/**
 * Bars over categories, upright or horizontal (CartesianPlot.tsx) without the lines' code: the
 * pages whose charts are all bars do not download d3-shape (docs/decisions/0031).
 */
export function BarsChart({
  series,
  ...props
}: Omit<CartesianChartProps, 'kind' | 'series' | 'smooth' | 'area' | 'symbolSize'> & { series: readonly Omit<CartesianSeries, 'kind'>[] }) {
  return <CartesianPlot {...props} kind="bar" series={series} linePath={null} />;
}
