import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart as EBar } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([EBar, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1d5fd1', '#36b37e', '#f5a623', '#8e6cd8', '#e5484d', '#13a8a8'];

/** A small bar chart (ECharts): one series, or several stacked side by side with a legend. */
export function BarChart({ categories, values, series, height = 220, horizontal = false }: { categories: string[]; values?: number[]; series?: { name: string; values: number[] }[]; height?: number; horizontal?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const data = JSON.stringify({ categories, values, series, horizontal });
  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    const all = series ?? [{ name: '', values: values ?? [] }];
    const category = { type: 'category' as const, data: categories, axisLabel: { hideOverlap: true } };
    const value = { type: 'value' as const, minInterval: 1 };
    chart.setOption({
      color: PALETTE,
      tooltip: { trigger: 'axis' },
      legend: series ? { bottom: 0 } : undefined,
      grid: { left: horizontal ? 120 : 40, right: 16, top: 16, bottom: series ? 40 : 28 },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: all.map((s) => ({ type: 'bar', name: s.name, data: s.values, barMaxWidth: 36, label: { show: true, position: horizontal ? 'right' : 'top' } })),
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the data changes, not when an equal array arrives
  }, [data]);
  return <div ref={ref} style={{ width: '100%', height }} role="img" aria-label={categories.join(', ')} data-testid="bar-chart" />;
}
