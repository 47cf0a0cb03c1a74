import { CartesianPlot, type CartesianChartProps } from './CartesianPlot';
import { linePath } from './line-path';

export type { CartesianChartProps, CartesianSeries } from './CartesianPlot';

/**
 * Bars and lines over categories (CartesianPlot.tsx), with d3-shape for the lines' paths. A chart
 * that draws bars only is a BarsChart, without it.
 */
export function CartesianChart(props: CartesianChartProps) {
  return <CartesianPlot {...props} linePath={linePath} />;
}
