import { useEffect, useMemo, useState } from 'react';
import { Segmented, Spin, Typography } from 'antd';
import type { ProvinceKol } from '@field-portal/shared';
import { useIntelligenceWords } from '@/features/intelligence/i18n';
import { formatCount } from '@/lib/format';
import { Tooltip, useSize } from '@/components/charts/ChartFrame';
import { formatScore } from '../score';
import { mixColour, projectMap, type MapProjection } from './map-projection';
import type { ProvinceCollection } from './china-map';
// The geometry is data, not code: a static file of the build (34 KB gzip), fetched once.
import geometryUrl from './china-provinces.geo.json?url';
import { EmptyState } from '@/components/EmptyState';

const { Text } = Typography;

interface Geometry {
  features: ProvinceCollection['features'];
  shortName: Map<string, string>;
}

let loading: Promise<Geometry> | undefined;
/** Fetches the map's geometry (once per page). */
function loadGeometry(): Promise<Geometry> {
  loading ??= fetch(geometryUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`map geometry: ${res.status}`);
      return res.json() as Promise<ProvinceCollection>;
    })
    .then((collection) => ({
      features: collection.features,
      shortName: new Map(collection.features.map((f) => [f.properties.name, f.properties.label])),
    }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The colours of the figure's scale, from none to the largest (as the map had them with ECharts' visual map). */
const SCALE = ['#e6f4ff', '#69b1ff', '#0958d9'] as const;
const NO_DATA = '#f5f5f5';

export type ProvinceMetric = 't1' | 'doctors' | 'meanScore';

/**
 * The KOL mapping's map by province, drawn as SVG over china-provinces.geo.json (loaded with this
 * component only; the projection is ECharts' for GeoJSON, longitude scaled by 0.75). Each province
 * is coloured by the chosen figure of its rows; the tooltip gives all of them; a click chooses the
 * province (`onSelect`). When drawn, the container carries `data-ready`, and where the province
 * with the highest figure sits (`data-focus-code`, `data-focus-x/y`, CSS pixels inside the container).
 */
export function ProvinceMap({
  data,
  selected,
  onSelect,
  height = 420,
}: {
  data: ProvinceKol[];
  selected?: string;
  onSelect: (provinceCode: string, name: string) => void;
  height?: number;
}) {
  const { t } = useIntelligenceWords();
  const [boxRef, size] = useSize();
  const [metric, setMetric] = useState<ProvinceMetric>('t1');
  const [geo, setGeo] = useState<Geometry | 'failed' | undefined>(undefined);
  const [hover, setHover] = useState<{ code: string; x: number; y: number } | null>(null);
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
  const byCode = useMemo(() => new Map(data.map((p) => [p.provinceCode, p])), [data]);
  const labels = { t1: t('intel.map.t1'), doctors: t('intel.map.doctors'), meanScore: t('intel.map.meanScore') };
  const top = useMemo(() => [...data].sort((a, b) => b[metric] - a[metric] || a.provinceCode.localeCompare(b.provinceCode))[0], [data, metric]);
  const max = top ? Math.max(1, top[metric]) : 1;
  const width = size.width;
  const projection: MapProjection | null = useMemo(
    () => (geo && geo !== 'failed' && width > 0 ? projectMap(geo.features, width, height, 0.98) : null),
    [geo, width, height],
  );
  const name = (code: string) => byCode.get(code)?.province ?? (geo && geo !== 'failed' ? geo.shortName.get(code) : undefined) ?? code;
  const focus = top && projection ? projection.centres.get(top.provinceCode) : undefined;
  const tip = hover ? byCode.get(hover.code) : undefined;

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
        <EmptyState description={t('intel.loadFailed')} />
      ) : (
        <Spin spinning={geo === undefined}>
          <div
            ref={boxRef}
            style={{ position: 'relative', width: '100%', height }}
            data-testid="province-map"
            data-ready={projection ? 'true' : undefined}
            data-focus-code={focus ? top!.provinceCode : undefined}
            data-focus-x={focus ? Math.round(focus[0]) : undefined}
            data-focus-y={focus ? Math.round(focus[1]) : undefined}
          >
            {projection && geo ? (
              <svg
                width={width}
                height={height}
                role="img"
                aria-label={labels[metric]}
                style={{ display: 'block', fontSize: 12, fontFamily: 'sans-serif' }}
                onMouseLeave={() => setHover(null)}
              >
                {geo.features.map((f) => {
                  const code = f.properties.name;
                  const row = byCode.get(code);
                  const fill = code === selected ? '#fa8c16' : hover?.code === code ? '#ffd666' : row ? mixColour(SCALE, row[metric] / max) : NO_DATA;
                  return (
                    <path
                      key={code}
                      d={projection.paths.get(code)}
                      fill={fill}
                      stroke="#bfbfbf"
                      strokeWidth={0.5}
                      style={{ cursor: row ? 'pointer' : undefined }}
                      onMouseMove={(e) => {
                        const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                        setHover({ code, x: e.clientX - box.left, y: e.clientY - box.top });
                      }}
                      onClick={() => row && onSelect(code, name(code))}
                    />
                  );
                })}
                <defs>
                  <linearGradient id="fp-map-scale" x1="0" y1="1" x2="0" y2="0">
                    {SCALE.map((c, i) => (
                      <stop key={c} offset={i / (SCALE.length - 1)} stopColor={c} />
                    ))}
                  </linearGradient>
                </defs>
                <g transform={`translate(8 ${height - 8 - 100 - 16})`} fill="#6e7079">
                  <text x={0} y={-4}>
                    {metric === 'meanScore' ? formatScore(max) : formatCount(max)}
                  </text>
                  <rect x={0} y={0} width={20} height={100} fill="url(#fp-map-scale)" />
                  <text x={0} y={116}>
                    0
                  </text>
                </g>
              </svg>
            ) : null}
            {hover ? (
              <Tooltip
                x={hover.x}
                y={hover.y}
                width={width}
                title={name(hover.code)}
                rows={
                  tip
                    ? [
                        { name: labels.t1, value: formatCount(tip.t1) },
                        { name: 'T2', value: formatCount(tip.t2) },
                        { name: labels.doctors, value: formatCount(tip.doctors) },
                        { name: labels.meanScore, value: formatScore(tip.meanScore) },
                      ]
                    : [{ name: t('intel.map.noData'), value: '' }]
                }
              />
            ) : null}
          </div>
        </Spin>
      )}
      <Text type="secondary">{t('intel.map.hint')}</Text>
    </div>
  );
}
