import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { abbreviate, formatCount } from '@/lib/format';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface TopTenItem {
  name: string;
  value: number;
}

/** A top-10 distribution (spec 001 section 9) as horizontal bars, largest on top; ECharts loads with this file only. */
export default function TopTenChart({ items, label }: { items: TopTenItem[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    const rows = [...items].reverse();
    chart.setOption({
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => formatCount(Number(v)) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => abbreviate(v) }, splitLine: { lineStyle: { color: '#eef0f4' } } },
      yAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { width: 120, overflow: 'truncate' }, axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          name: label,
          data: rows.map((r) => r.value),
          barMaxWidth: 16,
          itemStyle: { color: '#1d5fd1', borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right', formatter: (p: { value: unknown }) => abbreviate(Number(p.value)), color: '#6b7585' },
        },
      ],
    });
    const resize = () => chart.resize();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [items, label]);
  return <div ref={box} className="fp-cust-chart" role="img" aria-label={label} />;
}
