import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([CanvasRenderer]);

/**
 * An ECharts canvas for one option; `onNodeClick` hears clicks on graph nodes (their data id).
 * Each module that draws one registers the charts and components its option uses
 * (`use([LineChart, GridComponent, TooltipComponent])` from `echarts/core`), so a page downloads
 * only those (docs/decisions/0031).
 */
export function EChart({ option, height = 320, onNodeClick, testId }: { option: echarts.EChartsCoreOption; height?: number; onNodeClick?: (id: string) => void; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const click = useRef(onNodeClick);
  useEffect(() => {
    click.current = onNodeClick;
  }, [onNodeClick]);
  const key = JSON.stringify(option);
  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.setOption(option);
    chart.on('click', (params) => {
      const data = params.data as { id?: string } | undefined;
      if (params.dataType === 'node' && data?.id) click.current?.(data.id);
    });
    node.dataset.ready = 'true';
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the option's content changes
  }, [key]);
  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} />;
}
