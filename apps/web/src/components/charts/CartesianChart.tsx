import { CartesianPlot, type CartesianChartProps } from './CartesianPlot';
import { linePath } from './line-path';

export type { CartesianChartProps, CartesianSeries } from './CartesianPlot';

/**
 * Bars and lines over categories (CartesianPlot.tsx), with the lines' paths (line-path.ts). A
 * chart that draws bars only is a BarsChart, without them.
 */
export function CartesianChart(props: CartesianChartProps) {
  return <CartesianPlot {...props} linePath={linePath} />;
}
