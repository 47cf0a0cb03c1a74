import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DashboardChart } from '@field-portal/shared';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1d5fd1', '#36b37e', '#f5a623', '#8e6cd8', '#e5484d', '#13a8a8', '#8c8c8c', '#d46b08'];

/** The ECharts option of a dashboard chart; names are translated by the caller. */
export function chartOption(chart: DashboardChart, name: (key: string) => string, category: (value: string) => string) {
  if (chart.kind === 'pie') {
    const series = chart.series[0];
    return {
      color: PALETTE,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: series ? name(series.key) : '',
          radius: ['40%', '68%'],
          center: ['50%', '44%'],
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          label: { formatter: '{b}: {c}' },
          data: chart.categories.map((c, i) => ({ name: category(c), value: series?.values[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 24, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: chart.categories.map(category), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((s) => ({
      type: chart.kind,
      name: name(s.key),
      data: s.values,
      smooth: chart.kind === 'line',
      areaStyle: chart.kind === 'line' && chart.series.length === 1 ? { opacity: 0.12 } : undefined,
      barMaxWidth: 36,
    })),
  };
}

/** One ECharts chart: created on mount, updated with its option, resized with the window, disposed on unmount. */
export function Chart({ chart, name, category }: { chart: DashboardChart; name: (key: string) => string; category: (value: string) => string }) {
  const ref = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | undefined>(undefined);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const created = echarts.init(node, undefined, { renderer: 'canvas' });
    instance.current = created;
    const onResize = () => created.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      created.dispose();
      instance.current = undefined;
    };
  }, []);
  useEffect(() => {
    instance.current?.setOption(chartOption(chart, name, category), { notMerge: true });
  }, [chart, name, category]);
  return <div ref={ref} className="fp-bi-chart" data-chart-kind={chart.kind} style={{ height: 300, width: '100%' }} />;
}
