import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Segmented, Spin, Typography } from 'antd';
import * as echarts from 'echarts/core';
import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ProvinceKol } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { formatCount } from '@/lib/format';
import type { ProvinceCollection } from './china-map';
// The geometry is data, not code: a static file of the build (34 KB gzip), fetched once.
import geometryUrl from './china-provinces.geo.json?url';
import '@/lib/i18n/areas/intelligence';
import '@/lib/i18n/messages/intelligence';

echarts.use([MapChart, TooltipComponent, VisualMapComponent, CanvasRenderer]);

const MAP = 'fp-china-provinces';

interface Geometry {
  features: ProvinceCollection['features'];
  shortName: Map<string, string>;
  centre: Map<string, [number, number]>;
}

let loading: Promise<Geometry> | undefined;
/** Fetches the map's geometry and registers it with ECharts (once per page). */
function loadGeometry(): Promise<Geometry> {
  loading ??= fetch(geometryUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`map geometry: ${res.status}`);
      return res.json() as Promise<ProvinceCollection>;
    })
    .then((collection) => {
      echarts.registerMap(MAP, collection as unknown as Parameters<typeof echarts.registerMap>[1]);
      return {
        features: collection.features,
        shortName: new Map(collection.features.map((f) => [f.properties.name, f.properties.label])),
        centre: new Map(collection.features.map((f) => [f.properties.name, f.properties.cp])),
      };
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

export type ProvinceMetric = 't1' | 'doctors' | 'meanScore';

/**
 * The KOL mapping's map by province (ECharts map series over china-provinces.geo.json, loaded
 * with this component only). Each province is coloured by the chosen figure of its rows; the
 * tooltip gives all of them; a click chooses the province (`onSelect`). When drawn, the container
 * carries `data-ready`, and where the province with the highest figure sits (`data-focus-code`,
 * `data-focus-x/y`, CSS pixels inside the container).
 */
export function ProvinceMap({ data, selected, onSelect, height = 420 }: { data: ProvinceKol[]; selected?: string; onSelect: (provinceCode: string, name: string) => void; height?: number }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const [metric, setMetric] = useState<ProvinceMetric>('t1');
  const [geo, setGeo] = useState<Geometry | 'failed' | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadGeometry().then(
      (g) => live && setGeo(g),
      () => live && setGeo('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);
  const byCode = useMemo(() => new Map(data.map((p) => [p.provinceCode, p])), [data]);
  const labels = { t1: t('intel.map.t1'), doctors: t('intel.map.doctors'), meanScore: t('intel.map.meanScore') };
  const top = useMemo(() => [...data].sort((a, b) => b[metric] - a[metric] || a.provinceCode.localeCompare(b.provinceCode))[0], [data, metric]);
  const max = top ? Math.max(1, top[metric]) : 1;
  const key = JSON.stringify([data, metric, selected, labels, geo === undefined || geo === 'failed' ? geo ?? null : 'ready']);

  useEffect(() => {
    const node = ref.current;
    if (!node || geo === undefined || geo === 'failed') return undefined;
    const { features: provinces, shortName, centre } = geo;
    const chart = echarts.init(node, undefined, { renderer: 'canvas' });
    const name = (code: string) => byCode.get(code)?.province ?? shortName.get(code) ?? code;
    const mark = () => {
      if (top) {
        const cp = centre.get(top.provinceCode);
        const at = cp ? (chart.convertToPixel({ seriesIndex: 0 }, cp) as number[] | undefined) : undefined;
        if (at) {
          node.dataset.focusCode = top.provinceCode;
          node.dataset.focusX = String(Math.round(at[0]!));
          node.dataset.focusY = String(Math.round(at[1]!));
        }
      }
      node.dataset.ready = 'true';
    };
    chart.on('finished', mark);
    chart.setOption({
      tooltip: {
        trigger: 'item',
        formatter: (params: { name: string }) => {
          const p = byCode.get(params.name);
          const title = `<b>${name(params.name)}</b>`;
          if (!p) return `${title}<br/>${t('intel.map.noData')}`;
          return [title, `${labels.t1}: ${formatCount(p.t1)}`, `T2: ${formatCount(p.t2)}`, `${labels.doctors}: ${formatCount(p.doctors)}`, `${labels.meanScore}: ${p.meanScore.toFixed(1)}`].join('<br/>');
        },
      },
      visualMap: {
        type: 'continuous',
        min: 0,
        max,
        left: 8,
        bottom: 8,
        calculable: true,
        inRange: { color: ['#e6f4ff', '#69b1ff', '#0958d9'] },
        itemHeight: 100,
      },
      series: [
        {
          type: 'map',
          map: MAP,
          roam: false,
          selectedMode: 'single',
          layoutCenter: ['50%', '50%'],
          layoutSize: '98%',
          itemStyle: { areaColor: '#f5f5f5', borderColor: '#bfbfbf' },
          emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd666' } },
          select: { label: { show: false }, itemStyle: { areaColor: '#fa8c16' } },
          data: provinces.map((f) => {
            const p = byCode.get(f.properties.name);
            return { name: f.properties.name, value: p ? p[metric] : undefined, selected: f.properties.name === selected };
          }),
        },
      ],
    });
    mark();
    chart.on('click', (params) => {
      if (params.componentType === 'series' && byCode.has(params.name)) select.current(params.name, name(params.name));
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.off('finished', mark);
      chart.dispose();
      delete node.dataset.ready;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the figures, metric or labels change
  }, [key]);

  return (
    <div>
      <Segmented<ProvinceMetric>
        size="small"
        value={metric}
        onChange={setMetric}
        options={(['t1', 'doctors', 'meanScore'] as const).map((m) => ({ value: m, label: labels[m] }))}
        data-testid="province-metric"
      />
      {geo === 'failed' ? (
        <Empty description={t('intel.loadFailed')} />
      ) : (
        <Spin spinning={geo === undefined}>
          <div ref={ref} style={{ width: '100%', height }} data-testid="province-map" />
        </Spin>
      )}
      <Typography.Text type="secondary">{t('intel.map.hint')}</Typography.Text>
    </div>
  );
}
