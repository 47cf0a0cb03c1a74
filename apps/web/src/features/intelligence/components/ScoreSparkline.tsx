import { useI18n } from '@/lib/i18n';
import { formatTime } from '@/lib/format';
import { use as registerECharts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { EChart } from './EChart';
import '@/lib/i18n/areas/intelligence';
import '@/lib/i18n/messages/intelligence';

registerECharts([LineChart, GridComponent, TooltipComponent]);

/**
 * A small line of one score over the kept recompute runs (the 360 view's impact table). The 360
 * page imports it lazily, so the chart library is downloaded only when a doctor has a trend to draw.
 */
export function ScoreSparkline({ history, testId }: { history: readonly { at: string; score: number }[]; testId?: string }) {
  const { t } = useI18n();
  const scores = history.map((p) => p.score);
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  // Keep a flat or nearly flat line in the middle rather than on an edge.
  const pad = Math.max(2, (high - low) * 0.2);
  return (
    <EChart
      height={44}
      testId={testId}
      option={{
        animation: false,
        tooltip: { trigger: 'axis', confine: true },
        grid: { left: 2, right: 2, top: 6, bottom: 6 },
        xAxis: { type: 'category', show: false, boundaryGap: false, data: history.map((p) => formatTime(p.at, false)) },
        yAxis: { type: 'value', show: false, min: Math.max(0, Math.floor(low - pad)), max: Math.min(100, Math.ceil(high + pad)) },
        series: [{ type: 'line', name: t('intel.score'), data: scores, symbol: 'circle', symbolSize: 5, lineStyle: { width: 2 }, areaStyle: { opacity: 0.12 } }],
      }}
    />
  );
}
