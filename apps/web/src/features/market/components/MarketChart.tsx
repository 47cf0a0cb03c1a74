import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { abbreviate, formatCount } from '@/lib/format';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const SENTIMENT_COLORS = { positive: '#36b37e', negative: '#e5484d', neutral: '#8c96a8' } as const;
const PALETTE = ['#1d5fd1', '#f5a623', '#36b37e', '#8e6cd8', '#e5484d', '#13a8a8'];

export interface ChartSeries {
  name: string;
  values: number[];
  color?: string;
}

/**
 * A market chart (ECharts): lines or bars over categories, stacked when asked, horizontal for
 * top-10 lists, or a pie; axes abbreviate (k, M) and tooltips separate thousands (spec 001 section 9).
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
}: {
  kind: 'line' | 'bar' | 'pie';
  categories: string[];
  series: ChartSeries[];
  height?: number;
  stacked?: boolean;
  horizontal?: boolean;
  testId?: string;
  onClick?: (index: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const data = JSON.stringify({ kind, categories, series, stacked, horizontal });
  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    if (kind === 'pie') {
      chart.setOption({
        color: series.map((s, i) => s.color ?? PALETTE[i % PALETTE.length]!),
        tooltip: { trigger: 'item', valueFormatter: (v: unknown) => formatCount(Number(v)) },
        legend: { bottom: 0 },
        series: [{ type: 'pie', radius: ['40%', '68%'], data: series.map((s) => ({ name: s.name, value: s.values[0] ?? 0 })), label: { formatter: '{b} {d}%' } }],
      });
    } else {
      const category = { type: 'category' as const, data: horizontal ? [...categories].reverse() : categories, axisLabel: { hideOverlap: true, width: 120, overflow: 'truncate' as const } };
      const value = { type: 'value' as const, axisLabel: { formatter: (v: number) => abbreviate(v) }, splitLine: { lineStyle: { color: '#eef0f4' } } };
      chart.setOption({
        color: series.map((s, i) => s.color ?? PALETTE[i % PALETTE.length]!),
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatCount(Number(v)) },
        legend: series.length > 1 ? { bottom: 0 } : undefined,
        grid: { left: 8, right: 24, top: 16, bottom: series.length > 1 ? 36 : 8, containLabel: true },
        xAxis: horizontal ? value : category,
        yAxis: horizontal ? category : value,
        series: series.map((s) => ({
          type: kind,
          name: s.name,
          data: horizontal ? [...s.values].reverse() : s.values,
          stack: stacked ? 'all' : undefined,
          smooth: kind === 'line',
          barMaxWidth: 28,
          areaStyle: kind === 'line' && stacked ? { opacity: 0.25 } : undefined,
        })),
      });
    }
    if (onClick) chart.on('click', (p) => onClick(horizontal ? categories.length - 1 - (p.dataIndex ?? 0) : (p.dataIndex ?? 0)));
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the data changes, not when an equal array arrives
  }, [data]);
  return <div ref={ref} style={{ width: '100%', height }} role="img" aria-label={series.map((s) => s.name).join(', ')} data-testid={testId ?? 'market-chart'} />;
}
