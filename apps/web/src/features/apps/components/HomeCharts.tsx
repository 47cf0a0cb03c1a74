import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { HomeChartSeries } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { homeChartsQuery } from '../api';
import '../apps.css';
import '@/lib/i18n/areas/apps';
import '@/lib/i18n/messages/apps';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

function HomeChart({ chart, title }: { chart: HomeChartSeries; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current);
    instance.setOption({
      grid: { left: 48, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: chart.points.map((p) => String(p.time)) },
      yAxis: { type: 'value' },
      series: [{ name: title, type: chart.chartType, data: chart.points.map((p) => p.value), smooth: true, itemStyle: { color: '#1677ff' }, barMaxWidth: 32 }],
    });
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
    };
  }, [chart, title]);
  return (
    <Card size="small" title={title} data-chart={chart.name}>
      <div ref={box} className="fp-home-chart" role="img" aria-label={`${title}: ${chart.points.map((p) => `${p.time} ${p.value}`).join(', ')}`} />
    </Card>
  );
}

/** The home page's charts, from data management (home chart). */
export function HomeCharts() {
  const { t, lang } = useI18n();
  const charts = useQuery(homeChartsQuery);
  if (!charts.data || charts.data.length === 0) return null;
  return (
    <section aria-labelledby="fp-charts-title">
      <h3 id="fp-charts-title" className="fp-section-title">
        {t('apps.home.charts')}
      </h3>
      <div className="fp-home-charts">
        {charts.data.map((c) => (
          <HomeChart key={c.id} chart={c} title={lang === 'en' ? c.nameEn || c.name : c.name || c.nameEn} />
        ))}
      </div>
    </section>
  );
}
