import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import type { HomeChartSeries } from '@field-portal/shared';
import { useDashboardWords } from '../i18n';
import { localName } from '@/lib/i18n';
import { CartesianChart } from '@/components/charts/CartesianChart';
import { homeChartsQuery } from '../api/home-charts';
import './home-charts.css';

function HomeChart({ chart, title }: { chart: HomeChartSeries; title: string }) {
  return (
    <Card size="small" title={title} data-chart={chart.name}>
      <CartesianChart
        className="fp-home-chart"
        kind={chart.chartType}
        categories={chart.points.map((p) => String(p.time))}
        series={[{ name: title, values: chart.points.map((p) => p.value), color: '#1677ff' }]}
        barMaxWidth={32}
        label={`${title}: ${chart.points.map((p) => `${p.time} ${p.value}`).join(', ')}`}
      />
    </Card>
  );
}

/** The home page's charts, from data management (home chart). */
export function HomeCharts() {
  const { t, lang } = useDashboardWords();
  const charts = useQuery(homeChartsQuery);
  if (!charts.data || charts.data.length === 0) return null;
  return (
    <section aria-labelledby="fp-charts-title">
      <h3 id="fp-charts-title" className="fp-section-title">
        {t('apps.home.charts')}
      </h3>
      <div className="fp-home-charts">
        {charts.data.map((c) => (
          <HomeChart key={c.id} chart={c} title={localName(c, lang)} />
        ))}
      </div>
    </section>
  );
}
