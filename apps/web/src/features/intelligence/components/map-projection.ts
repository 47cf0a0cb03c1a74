import { geoConicEqualArea, geoPath, type ExtendedFeature, type ExtendedFeatureCollection } from 'd3-geo';
import { interpolateRgb, piecewise } from 'd3-interpolate';
import type { ProvinceFeature } from './china-map';

export interface MapProjection {
  /** Each feature's SVG path, by its name (the province code). */
  paths: Map<string, string>;
  /** Where each feature's label point (`cp`) is drawn. */
  centres: Map<string, [number, number]>;
}

/**
 * The features in an Albers equal-area conic projection (standard parallels 25° N and 47° N,
 * centred on 105° E, as maps of China are usually drawn), fitted by d3-geo into a square whose side
 * is `fill` of the box's smaller side, centred in the box, north up.
 */
export function projectMap(features: readonly ProvinceFeature[], width: number, height: number, fill: number): MapProjection {
  const side = Math.min(width, height) * fill;
  const collection = { type: 'FeatureCollection', features } as unknown as ExtendedFeatureCollection;
  const projection = geoConicEqualArea()
    .parallels([25, 47])
    .rotate([-105, 0])
    .fitExtent(
      [
        [(width - side) / 2, (height - side) / 2],
        [(width + side) / 2, (height + side) / 2],
      ],
      collection,
    );
  const path = geoPath(projection).digits(1);
  const paths = new Map<string, string>();
  const centres = new Map<string, [number, number]>();
  for (const f of features) {
    paths.set(f.properties.name, path(f as unknown as ExtendedFeature) ?? '');
    centres.set(f.properties.name, projection(f.properties.cp) ?? [width / 2, height / 2]);
  }
  return { paths, centres };
}

/** The colour at `part` (0 to 1) of a scale of colours, mixed evenly between its stops (d3-interpolate). */
export function mixColour(stops: readonly string[], part: number): string {
  return piecewise(interpolateRgb, [...stops])(Math.max(0, Math.min(1, Number.isFinite(part) ? part : 0)));
}
