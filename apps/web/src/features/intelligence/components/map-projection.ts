import type { ProvinceFeature } from './china-map';

/** Longitude is drawn at 0.75 of latitude's scale, as ECharts draws GeoJSON (`aspectScale`). */
const ASPECT = 0.75;

export interface MapProjection {
  /** Each feature's SVG path, by its name (the province code). */
  paths: Map<string, string>;
  /** Where each feature's label point (`cp`) is drawn. */
  centres: Map<string, [number, number]>;
}

/**
 * The features fitted into width × height, centred, their longer side `fill` of the box's smaller
 * side (ECharts' `layoutSize: '98%'`), north up.
 */
export function projectMap(features: readonly ProvinceFeature[], width: number, height: number, fill: number): MapProjection {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const rings = (f: ProvinceFeature) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat());
  for (const f of features) {
    for (const ring of rings(f)) {
      for (const [lng, lat] of ring) {
        minX = Math.min(minX, lng * ASPECT);
        maxX = Math.max(maxX, lng * ASPECT);
        minY = Math.min(minY, -lat);
        maxY = Math.max(maxY, -lat);
      }
    }
  }
  const spanX = maxX - minX || 1;
  const spanY = maxY - minY || 1;
  const side = Math.min(width, height) * fill;
  const scale = side / Math.max(spanX, spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const at = ([lng, lat]: readonly [number, number]): [number, number] => [offsetX + (lng * ASPECT - minX) * scale, offsetY + (-lat - minY) * scale];
  const f2 = (n: number) => Number(n.toFixed(1));
  const paths = new Map<string, string>();
  const centres = new Map<string, [number, number]>();
  for (const f of features) {
    const d = rings(f)
      .map((ring) => ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${f2(at(p)[0])},${f2(at(p)[1])}`).join('') + 'Z')
      .join('');
    paths.set(f.properties.name, d);
    centres.set(f.properties.name, at(f.properties.cp));
  }
  return { paths, centres };
}

/** The colour at `part` (0 to 1) of a scale of hex colours, mixed evenly between its stops. */
export function mixColour(stops: readonly string[], part: number): string {
  const p = Math.max(0, Math.min(1, Number.isFinite(part) ? part : 0)) * (stops.length - 1);
  const k = Math.min(stops.length - 2, Math.floor(p));
  const local = p - k;
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const a = rgb(stops[k]!);
  const b = rgb(stops[k + 1]!);
  return `#${a.map((v, i) => Math.round(v + (b[i]! - v) * local).toString(16).padStart(2, '0')).join('')}`;
}
